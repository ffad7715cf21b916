import type { Seat } from '../core/game.js';
import type { SfEmit } from './events.js';
import type { SfState } from './state.js';

/**
 * Draws up to `owed` cards from the top of the pile into `player`'s hand. The pile is never
 * reshuffled to pay a debt: cards it cannot give are lost (SF-7, SF-26). A player caught bluffing
 * this turn draws nothing more (SF-18).
 */
export function draw(s: SfState, player: Seat, owed: number, reason: 'turn' | 'discard' | 'cook', emit: SfEmit | null): void {
  const blocked = reason !== 'turn' && s.turn.caught;
  const count = blocked ? 0 : Math.min(owed, s.drawPile.length);
  const hand = s.hands[player]!;
  const from = hand.length;
  for (let i = 0; i < count; i++) hand.push(s.drawPile.pop()!); // top of the pile first
  emit?.({ type: 'draw', player, reason, owed, count, blocked });
  if (count > 0) emit?.({ type: 'drawn', player, cards: hand.slice(from), only: player });
}
