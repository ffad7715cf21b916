import { type RuleError } from '../core/error.js';
import type { Seat } from '../core/game.js';
import type { SfAction } from './action.js';
import { sfHolds, SF_HAND_LIMIT } from './cards.js';
import { sfCheckDish } from './dish.js';
import type { SfState } from './state.js';

/**
 * Whether `seat` may take the (well-formed) `action` now; the reason when it may not. Messages
 * speak only of what the acting seat knows (its own hand, public facts).
 */
export function sfCheck(s: SfState, seat: Seat, a: SfAction): RuleError | null {
  if (s.phase === 'over') return err('GAME_OVER', 'The game is over.');
  if (seat < 0 || seat >= s.players || !Number.isInteger(seat)) return err('NOT_YOUR_TURN', `There is no seat ${seat} at this table.`);
  const d = s.declaration;
  // A seat the game is not waiting for is refused NOT_YOUR_TURN, whatever it sends; the message
  // says why it is not asked.
  if (s.phase === 'taste-test' && d !== null) {
    if (!d.waiting.includes(seat)) {
      if (seat === d.declarer) return err('NOT_YOUR_TURN', 'Wait until the other players have answered your declaration.', 'SF-11');
      if (!d.mayTest.includes(seat)) {
        return err('NOT_YOUR_TURN', 'You may not call a taste test with an empty hand and fewer than 5 points.', 'SF-15');
      }
      return err('NOT_YOUR_TURN', 'You have already answered this declaration.', 'SF-14');
    }
    if (a.type !== 'taste-test' && a.type !== 'trust') {
      return err('ILLEGAL_ACTION', 'Answer the declaration first: call a taste test or trust it.', 'SF-14');
    }
    return null;
  }
  if (seat !== s.turn.player) return err('NOT_YOUR_TURN', 'It is not your turn.', 'SF-5');
  if (a.type === 'taste-test' || a.type === 'trust') return err('ILLEGAL_ACTION', 'No discard is waiting for a taste test.', 'SF-14');
  const hand = s.hands[seat]!;
  if (s.phase === 'discard-down') {
    if (a.type !== 'discard-down') {
      return err('ILLEGAL_ACTION', `Your turn is ending: choose ${hand.length - SF_HAND_LIMIT} card(s) to discard down to 3.`, 'SF-24');
    }
    if (a.cards.length !== hand.length - SF_HAND_LIMIT) {
      return err('ILLEGAL_ACTION', `Discard exactly ${hand.length - SF_HAND_LIMIT} card(s), to keep 3.`, 'SF-24');
    }
    if (!sfHolds(hand, a.cards)) return err('ILLEGAL_ACTION', 'You do not hold those cards.', 'SF-24');
    return null;
  }
  switch (a.type) {
    case 'end-turn':
      return null;
    case 'discard-down':
      return err('ILLEGAL_ACTION', 'Discarding down to 3 comes at the end of your turn.', 'SF-24');
    case 'discard-pair':
      if (s.turn.pairDone) return err('ILLEGAL_ACTION', 'You have already discarded a pair this turn.', 'SF-9');
      if (!sfHolds(hand, a.cards)) return err('ILLEGAL_ACTION', 'You do not hold those cards.', 'SF-9');
      return null;
    case 'discard-protein':
      if (s.turn.proteinDone) return err('ILLEGAL_ACTION', 'You have already discarded a protein this turn.', 'SF-9');
      if (a.claim === 'tofu' && !s.options.tofu) return err('ILLEGAL_ACTION', 'Tofu is not in this game.', 'SF-30');
      if (!sfHolds(hand, [a.card])) return err('ILLEGAL_ACTION', 'You do not hold that card.', 'SF-9');
      return null;
    case 'cook': {
      const dish = sfCheckDish(a.cards);
      if (!dish.legal) return err('ILLEGAL_ACTION', dish.message, 'SF-20');
      if (!sfHolds(hand, a.cards)) return err('ILLEGAL_ACTION', 'You do not hold those cards.', 'SF-20');
      return null;
    }
  }
}

function err(code: RuleError['code'], message: string, rule?: string): RuleError {
  return rule === undefined ? { code, message } : { code, message, rule };
}
