import { type Refused, refuse } from '../core/error.js';
import type { Applied, Seat } from '../core/game.js';
import { type SfAction, sfParseAction } from './action.js';
import { sfCheck } from './check.js';
import { cook } from './cook.js';
import { declareDiscard } from './discard.js';
import type { SfEmit, SfEvent } from './events.js';
import { type SfState, sfCloneState } from './state.js';
import { tasteTest, trust } from './taste-test.js';
import { closeTurn, finishTurn } from './turn.js';
import { sfTakeFrom } from './cards.js';

/** The pure `apply` of the contract: parse, check, then play on a copy. */
export function sfApply(s: SfState, seat: Seat, raw: unknown): Applied<SfState, SfEvent> | Refused {
  // Refusals come in the contract's order: GAME_OVER, MALFORMED_ACTION, NOT_YOUR_TURN, ILLEGAL_ACTION.
  if (s.phase === 'over') return refuse('GAME_OVER', 'The game is over.');
  const parsed = sfParseAction(raw);
  if (!parsed.ok) return parsed;
  const error = sfCheck(s, seat, parsed.value);
  if (error !== null) return { ok: false, error };
  const next = sfCloneState(s);
  const events: SfEvent[] = [];
  play(next, seat, parsed.value, (e) => events.push(e));
  return { ok: true, state: next, events };
}

/**
 * Plays a canonical, already-legal action on `s` itself, for search and simulation where the
 * action came from `sfLegalActions` and the copy would be wasted. Pass `emit` to collect events.
 */
export function sfApplyInPlace(s: SfState, seat: Seat, action: SfAction, emit: SfEmit | null = null): void {
  play(s, seat, action, emit);
}

/** `emit` null: no event is even built (the search and simulation path). */
function play(s: SfState, seat: Seat, a: SfAction, emit: SfEmit | null): void {
  switch (a.type) {
    case 'discard-pair': declareDiscard(s, 'pair', a.cards, null, emit); return;
    case 'discard-protein': declareDiscard(s, 'protein', [a.card], a.claim, emit); return;
    case 'taste-test': tasteTest(s, seat, emit); return;
    case 'trust': trust(s, seat, emit); return;
    case 'cook': cook(s, a.cards, emit); return;
    case 'end-turn': closeTurn(s, emit); return;
    case 'discard-down': {
      sfTakeFrom(s.hands[seat]!, a.cards);
      s.putDown.push({ by: seat, why: 'discard-down', cards: a.cards.slice(), open: false });
      emit?.({ type: 'discard-down', player: seat, count: a.cards.length });
      emit?.({ type: 'put-down', player: seat, cards: a.cards.slice(), only: seat });
      finishTurn(s, emit);
      return;
    }
  }
}
