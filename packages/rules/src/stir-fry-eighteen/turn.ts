import { leaders } from '../core/game.js';
import type { Seat } from '../core/game.js';
import { shuffleInPlace } from '../core/random.js';
import { SF_HAND_LIMIT } from './cards.js';
import { draw } from './draw.js';
import type { SfEmit } from './events.js';
import { endGame } from './end.js';
import type { SfState } from './state.js';

/**
 * A player's turn begins: the start-of-turn draw (SF-7), a forced move. Under `no-turn-draw`,
 * when no card can ever be drawn again the game ends (SF-32).
 */
export function beginTurn(s: SfState, player: Seat, emit: SfEmit | null): void {
  const noTurnDraw = s.options.emptyPantry === 'no-turn-draw';
  if (noTurnDraw && s.hands.every((h) => h.length === 0) && s.bonusDraws.every((b) => b === 0)) {
    endGame(s, leaders(s.scores), 'pantry-empty', emit);
    return;
  }
  s.turn = { player, number: s.turn.number + 1, pairDone: false, proteinDone: false, caught: false, cooked: false };
  s.phase = 'act';
  emit?.({ type: 'turn-start', player, turn: s.turn.number });
  const owed = (noTurnDraw ? 0 : 1) + s.bonusDraws[player]!;
  s.bonusDraws[player] = 0;
  if (owed > 0) draw(s, player, owed, 'turn', emit);
}

/** The action part of the turn is over (end-turn, or after cooking): discard down if needed (SF-24). */
export function closeTurn(s: SfState, emit: SfEmit | null): void {
  if (s.hands[s.turn.player]!.length > SF_HAND_LIMIT) {
    s.phase = 'discard-down';
    return;
  }
  finishTurn(s, emit);
}

/** Puts everything put down this turn back and shuffles the whole pile (SF-25); next turn. */
export function finishTurn(s: SfState, emit: SfEmit | null): void {
  const player = s.turn.player;
  returnPutDown(s);
  shuffleInPlace(s.rng, s.drawPile);
  emit?.({ type: 'shuffle', drawPileSize: s.drawPile.length });
  emit?.({ type: 'turn-end', player });
  // SF-28: the closing round ends with the turn of the player before the one who reached the target.
  if (s.closing !== null && s.closing.lastTurn === player) {
    endGame(s, leaders(s.scores), 'closing-time', emit);
    return;
  }
  beginTurn(s, (player + 1) % s.players, emit);
}

/** Every card put down this turn goes onto the draw pile (before a shuffle: SF-22, SF-25). */
export function returnPutDown(s: SfState): void {
  for (const p of s.putDown) s.drawPile.push(...p.cards);
  s.putDown = [];
}
