import { type SfProtein, type SfView, sfCardIndex } from '@parlor/rules';
import { type Counts, KINDS, TOFU, add, countsOf, universe, zeros } from './cards.js';

/** The viewer's own hand as counts. */
export function handCounts(view: SfView): Counts {
  return countsOf(view.hand ?? []);
}

/**
 * Cards whose place the viewer knows and that are not in anyone else's hand or the pile: its hand,
 * its own put-down cards, and every open put-down this turn (taste-test reveals SF-16, dishes SF-21),
 * until the shuffle that returns them (SF-22, SF-25).
 */
export function accounted(view: SfView): Counts {
  let c = handCounts(view);
  for (const p of view.putDown) if (p.cards !== null) c = add(c, countsOf(p.cards));
  return c;
}

/** The cards the viewer cannot place (other hands, the pile, others' face-down discards, the removed card). */
export function unknownPool(view: SfView): Counts {
  const u = universe(view.options);
  const a = accounted(view);
  const out = zeros();
  for (let i = 0; i < KINDS; i++) out[i] = u[i]! - a[i]!;
  return out;
}

/**
 * SF-1, SF-30: the viewer KNOWS a protein claim is false when no copy of the claimed card can be in
 * the declarer's discard: every copy that exists is accounted for (in its hand, or put down where it
 * can see it). With Tofu on, a base protein may be the removed card, which only lowers the count,
 * so accounting for the one printed copy still proves it.
 */
export function proteinClaimKnownFalse(view: SfView, claim: SfProtein): boolean {
  const i = sfCardIndex(claim);
  return universe(view.options)[i]! - accounted(view)[i]! <= 0;
}

/**
 * SF-12: the viewer KNOWS a pair claim is false when no honest pair can be among the unplaced
 * cards: no kind has 2 unplaced copies and Tofu (wild in pairs) is placed or not in the game.
 */
export function pairClaimKnownFalse(view: SfView): boolean {
  const u = unknownPool(view);
  if (u[TOFU]! > 0) return false;
  for (let i = 0; i < KINDS; i++) if (u[i]! >= 2) return false;
  return true;
}

/** Whether the viewer knows the waiting declaration is a lie. */
export function declarationKnownFalse(view: SfView): boolean {
  const d = view.declaration;
  if (d === null) return false;
  return d.kind === 'protein' ? proteinClaimKnownFalse(view, d.claim!) : pairClaimKnownFalse(view);
}
