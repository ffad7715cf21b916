import type { SfCard, SfProtein } from './cards.js';
import { SF_PAIR_DRAWS, SF_PROTEIN_DRAWS, sfTakeFrom } from './cards.js';
import { draw } from './draw.js';
import type { SfEmit } from './events.js';
import type { SfDeclaration, SfState } from './state.js';

/**
 * SF-9: the player in turn puts cards face down and declares them — a pair (2 cards, draw 3) or a
 * protein (1 card, draw per SF-3). The declaration may be a lie (SF-10). The taste-test window
 * opens for every opponent who may test (SF-14, SF-15); when none may, the draw follows at once.
 */
export function declareDiscard(s: SfState, kind: 'pair' | 'protein', cards: SfCard[], claim: SfProtein | null, emit: SfEmit | null): void {
  const player = s.turn.player;
  sfTakeFrom(s.hands[player]!, cards);
  if (kind === 'pair') s.turn.pairDone = true;
  else s.turn.proteinDone = true;
  s.putDown.push({ by: player, why: kind, cards: cards.slice(), open: false });
  // SF-15: who may test is settled now — a non-empty hand, or at least 5 points to lose.
  const mayTest: number[] = [];
  for (let i = 1; i < s.players; i++) {
    const q = (player + i) % s.players;
    if (s.hands[q]!.length > 0 || s.scores[q]! >= 5) mayTest.push(q);
  }
  emit?.({ type: 'declare', player, kind, claim, mayTest: mayTest.slice() });
  emit?.({ type: 'put-down', player, cards: cards.slice(), only: player });
  if (mayTest.length === 0) {
    drawForDiscard(s, kind, claim, emit);
    return;
  }
  s.declaration = { declarer: player, kind, claim, putDown: s.putDown.length - 1, mayTest, waiting: mayTest.slice() };
  s.phase = 'taste-test';
}

/** The draw a discard earns (SF-9, SF-3), once its taste-test window closed without a caught bluff. */
export function drawForDiscard(s: SfState, kind: 'pair' | 'protein', claim: SfProtein | null, emit: SfEmit | null): void {
  draw(s, s.turn.player, kind === 'pair' ? SF_PAIR_DRAWS : SF_PROTEIN_DRAWS[claim!], 'discard', emit);
}

/** SF-12: a pair is honest when both cards match or one is Tofu; a protein when it is the claim. */
export function sfIsHonest(d: Pick<SfDeclaration, 'kind' | 'claim'>, cards: readonly SfCard[]): boolean {
  if (d.kind === 'protein') return cards[0] === d.claim;
  return cards[0] === cards[1] || cards[0] === 'tofu' || cards[1] === 'tofu';
}
