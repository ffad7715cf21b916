import { shuffleInPlace } from '../core/random.js';
import type { SfCard } from './cards.js';
import { sfTakeFrom } from './cards.js';
import { sfCardValue } from './dish.js';
import { draw } from './draw.js';
import { endGame } from './end.js';
import type { SfEmit } from './events.js';
import type { SfState } from './state.js';
import { closeTurn, returnPutDown } from './turn.js';

/**
 * SF-20..SF-22, SF-27..SF-29: the player in turn cooks a (legal, checked) dish. It is shown and
 * scored; reaching the target ends the game at once, or starts the closing round with Closing Time.
 * Then every card put down this turn is shuffled into the pile and the cook draws one.
 */
export function cook(s: SfState, cards: SfCard[], emit: SfEmit | null): void {
  const player = s.turn.player;
  const { target, meticulousChef, closingTime, emptyPantry } = s.options;
  sfTakeFrom(s.hands[player]!, cards);
  const values = cards.map((c) => sfCardValue(c, cards));
  const points = values.reduce((a, b) => a + b, 0);
  let score = s.scores[player]! + points;
  // SF-29: past the target, the excess is taken off the target.
  const bounced = meticulousChef && score > target;
  if (bounced) score = target - (score - target);
  s.scores[player] = score;
  s.turn.cooked = true;
  s.putDown.push({ by: player, why: 'dish', cards: cards.slice(), open: true });
  emit?.({ type: 'cook', player, cards: cards.slice(), values, points, score, bounced });

  const reached = meticulousChef ? score === target : score >= target;
  if (reached && !closingTime) {
    endGame(s, [player], 'target', emit); // SF-27: at once, no cook draw, no discard-down
    return;
  }
  if (reached && s.closing === null) {
    s.closing = { by: player, lastTurn: (player + s.players - 1) % s.players };
    emit?.({ type: 'closing-time', player, lastTurn: s.closing.lastTurn });
  }
  // SF-22: the dish and everything put down this turn go into the pile, shuffled; then the cook draws.
  returnPutDown(s);
  shuffleInPlace(s.rng, s.drawPile);
  emit?.({ type: 'shuffle', drawPileSize: s.drawPile.length });
  if (emptyPantry !== 'no-cook-draw') draw(s, player, 1, 'cook', emit);
  closeTurn(s, emit);
}
