import type { Viewer } from '../core/game.js';
import { type Rng, rngStateFrom } from '../core/random.js';
import { type F7State, f7CloneState } from './state.js';

/**
 * Another state no viewer can tell from `s` (F7-16: everything is public but the draw pile's order
 * and the generator behind future reshuffles): the draw pile reordered and the generator drawn
 * afresh. Every viewer knows the same, so `viewer` changes nothing.
 */
export function f7Resample(s: F7State, _viewer: Viewer, rng: Rng): F7State {
  const t = f7CloneState(s);
  t.rng = rngStateFrom(rng);
  const d = t.draw;
  for (let i = d.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const c = d[i]!;
    d[i] = d[j]!;
    d[j] = c;
  }
  return t;
}
