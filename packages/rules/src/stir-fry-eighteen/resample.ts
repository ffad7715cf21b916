import type { Viewer } from '../core/game.js';
import { type Rng, rngStateFrom } from '../core/random.js';
import type { SfCard } from './cards.js';
import { type SfState, sfCloneState } from './state.js';

/** What a resample keeps as it is, besides what the viewer knows (see sfResample). */
export interface SfResampleKeep {
  /** A seat whose hand stays (the mover: its move may show it). */
  readonly mover?: number;
  /** The draw pile and every put-down card stay (the viewer draws during the next move). */
  readonly pileAndPutDown?: boolean;
  /** The waiting declaration's cards stay (a taste test shows them). */
  readonly declaration?: boolean;
}

/**
 * Another state that differs from `s` only in what `viewer` may not know (SF-33): the cards of the
 * hidden places — other players' hands, the draw pile (order and content), unrevealed discards of
 * others, the card Tofu removed — are redealt among those places, every size kept, and the
 * generator behind future shuffles is drawn afresh.
 *
 * `keep` holds back what the next move may legitimately show the viewer: the mover's hand, the
 * waiting declaration's cards (a taste test shows them), and, when the viewer draws during the move,
 * the draw pile and everything put down (it is shuffled into the pile before the draw).
 */
export function sfResample(s: SfState, viewer: Viewer, rng: Rng, keep: SfResampleKeep = {}): SfState {
  const p = viewer === 'spectator' ? -1 : viewer;
  const t = sfCloneState(s);
  if (s.phase === 'over') return t; // everything is shown once the game is over (SF-33)
  if (!keep.pileAndPutDown) t.rng = rngStateFrom(rng);
  type Slot = { get: () => SfCard; set: (c: SfCard) => void; removedSlot?: boolean };
  const slots: Slot[] = [];
  t.hands.forEach((hand, q) => {
    if (q === p || q === keep.mover) return;
    hand.forEach((_, i) => slots.push({ get: () => hand[i]!, set: (c) => { hand[i] = c; } }));
  });
  if (!keep.pileAndPutDown) {
    t.drawPile.forEach((_, i) => slots.push({ get: () => t.drawPile[i]!, set: (c) => { t.drawPile[i] = c; } }));
    t.putDown.forEach((pd, k) => {
      if (pd.open || pd.by === p) return;
      if (keep.declaration && t.declaration?.putDown === k) return;
      pd.cards.forEach((_, i) => slots.push({ get: () => pd.cards[i]!, set: (c) => { pd.cards[i] = c; } }));
    });
  }
  if (t.removed !== null) slots.push({ get: () => t.removed!, set: (c) => { t.removed = c; }, removedSlot: true });
  const cards = slots.map((sl) => sl.get());
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  // The removed card is a base card: Tofu cannot be the one taken out (SF-30).
  const r = slots.findIndex((sl) => sl.removedSlot);
  if (r >= 0 && cards[r] === 'tofu') {
    const other = cards.findIndex((c) => c !== 'tofu');
    [cards[r], cards[other]] = [cards[other]!, cards[r]!];
  }
  slots.forEach((sl, i) => sl.set(cards[i]!));
  return t;
}

