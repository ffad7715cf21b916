import type { Seat } from '../core/game.js';
import {
  F7_CARD_NAMES, F7_DECK_COUNTS, F7_MAX_NUMBER, f7CardCode, f7CardKind, type F7CardKind, type F7CardName,
} from './cards.js';
import type { F7View } from './view.js';

export type F7CardCounts = Record<F7CardName, number>;

/** The odds of the next flip, worked out from a view alone (F7-16: the composition is public, the order is not). */
export interface F7NextFlipOdds {
  /** Where the next card comes from: the draw pile, the discard pile reshuffled (F7-14), or nowhere (the round ends). */
  readonly source: 'draw-pile' | 'reshuffled-discard' | 'none';
  /** How many cards it may be. */
  readonly size: number;
  /** How many of each card it may be. */
  readonly counts: F7CardCounts;
  /** Chance of each card kind. */
  readonly kinds: Record<F7CardKind, number>;
  /** Cards that would repeat a number in the player's line (F7-6). */
  readonly duplicateCards: number;
  /** Chance the next card repeats a number in the player's line. */
  readonly duplicate: number;
  /** Chance the player busts if they flip it: the duplicate chance, or 0 while they hold a Second Chance (F7-11). */
  readonly bust: number;
}

function zeroCounts(): F7CardCounts {
  return Object.fromEntries(F7_CARD_NAMES.map((n) => [n, 0])) as F7CardCounts;
}

function countInto(counts: F7CardCounts, cards: readonly F7CardName[], sign: number): void {
  for (const c of cards) counts[c] += sign;
}

/**
 * The draw pile's composition from a view: the 94-card deck (F7-1) less every card that can be seen
 * (lines, discard pile, cards in transit). Everything but the draw pile's order is public (F7-16).
 */
export function f7UnseenDrawPile(view: F7View): F7CardCounts {
  const counts = zeroCounts();
  F7_CARD_NAMES.forEach((n, code) => { counts[n] = F7_DECK_COUNTS[code]!; });
  for (const line of view.lines) countInto(counts, line, -1);
  countInto(counts, view.discardPile, -1);
  countInto(counts, view.inTransit, -1);
  return counts;
}

/** What a reshuffle makes the next draw pile (F7-14): the discard pile, counted by card. */
export function f7ReshuffledPile(view: F7View): F7CardCounts {
  const counts = zeroCounts();
  countInto(counts, view.discardPile, 1);
  return counts;
}

/**
 * The next flip's odds for `seat`'s line. With the draw pile empty, the next card comes from the
 * discard pile, shuffled into a new draw pile (F7-14); with both empty there is no next card.
 */
export function f7NextFlipOdds(view: F7View, seat: Seat): F7NextFlipOdds {
  let counts: F7CardCounts;
  let source: F7NextFlipOdds['source'];
  if (view.drawPileSize > 0) {
    counts = f7UnseenDrawPile(view);
    source = 'draw-pile';
  } else {
    counts = f7ReshuffledPile(view);
    source = view.discardPile.length > 0 ? 'reshuffled-discard' : 'none';
  }
  let size = 0;
  const byKind: Record<F7CardKind, number> = { number: 0, modifier: 0, action: 0 };
  for (const n of F7_CARD_NAMES) {
    size += counts[n];
    byKind[f7CardKind(f7CardCode(n))] += counts[n];
  }
  const line = view.lines[seat] ?? [];
  const held = new Set<F7CardName>(line.filter((c) => f7CardCode(c) <= F7_MAX_NUMBER));
  let duplicateCards = 0;
  for (const n of held) duplicateCards += counts[n];
  const p = (k: number) => (size === 0 ? 0 : k / size);
  const holdsSecondChance = line.includes('second-chance');
  return {
    source,
    size,
    counts,
    kinds: { number: p(byKind.number), modifier: p(byKind.modifier), action: p(byKind.action) },
    duplicateCards,
    duplicate: p(duplicateCards),
    bust: holdsSecondChance ? 0 : p(duplicateCards),
  };
}
