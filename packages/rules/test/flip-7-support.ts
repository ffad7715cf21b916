/** Helpers for the Flip 7 tests (not a test file itself). */
import { expect } from 'vitest';
import {
  F7_CARD_NAMES, flip7, f7Scenario, f7View, type F7Action, type F7CardName, type F7State,
} from '../src/index.js';

/** A position from scenario setup keys (spec/scenarios.md), after the first deal. */
export function fromSetup(players: number, setup: Record<string, unknown>, options: unknown = {}, seed = 'test'): F7State {
  const r = f7Scenario.fromSetup({ players, options, seed, setup });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Applies an action that must be accepted. */
export function act(s: F7State, seat: number, action: F7Action) {
  const r = flip7.apply(s, seat, action);
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r;
}

export const hit = { type: 'hit' } as const;
export const stay = { type: 'stay' } as const;
export const giveTo = (to: number) => ({ type: 'give', to }) as const;

/** Every card's count across draw pile, discard pile, lines and cards in transit (read from the view, plus the draw pile size). */
export function cardCounts(s: F7State): Record<string, number> {
  const v = f7View(s, 'spectator');
  const counts: Record<string, number> = Object.fromEntries(F7_CARD_NAMES.map((n) => [n, 0]));
  const add = (names: readonly F7CardName[]) => { for (const n of names) counts[n]! += 1; };
  for (const line of v.lines) add(line);
  add(v.discardPile);
  add(v.inTransit);
  for (const code of s.draw) counts[F7_CARD_NAMES[code]!]! += 1;
  return counts;
}

/** F7-1 as written in the rules: one 0, n copies of n, one of each modifier, three of each action. */
export const DECK_BY_HAND: Record<string, number> = {
  '0': 1, '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9, '10': 10, '11': 11, '12': 12,
  '+2': 1, '+4': 1, '+6': 1, '+8': 1, '+10': 1, 'x2': 1, 'freeze': 3, 'flip-three': 3, 'second-chance': 3,
};

export function expectAllCards(s: F7State): void {
  expect(cardCounts(s)).toEqual(DECK_BY_HAND);
}

/** A small deterministic generator for choosing moves in tests. */
export function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
