import { sfCloneState, type Rng, type SfCard, type SfState } from '../../src/index.js';

/**
 * Another state that differs from `s` only in what seat `p` may not know (SF-33): the cards of the
 * hidden places — other players' hands, the draw pile (order and content), unrevealed discards of
 * others, the card Tofu removed — are redealt among those places, every size kept.
 *
 * `keep` holds back what the next move may legitimately show p: the mover's hand (`mover`), the
 * waiting declaration's cards (a taste test shows them), and, when p draws during the move, the draw
 * pile and everything put down (it is shuffled into the pile before p draws).
 */
export function resample(s: SfState, p: number, rng: Rng, keep: { mover?: number; pileAndPutDown?: boolean; declaration?: boolean } = {}): SfState {
  const t = sfCloneState(s);
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

