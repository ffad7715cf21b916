import type { Seat } from '../core/game.js';
import type { SfAction } from './action.js';
import { type SfCard, type SfProtein, SF_CARDS, SF_HAND_LIMIT, countCards } from './cards.js';
import type { SfState } from './state.js';

const NOODLES = SF_CARDS.indexOf('noodles');
const BASE_CLAIMS: readonly SfProtein[] = ['shrimp', 'pork', 'chicken'];
const TOFU_CLAIMS: readonly SfProtein[] = ['shrimp', 'pork', 'chicken', 'tofu'];

/**
 * Every action `seat` may take now, in canonical form (cards in rule order; identical cards are
 * interchangeable, so each choice appears once).
 */
export function sfLegalActions(s: SfState, seat: Seat): SfAction[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'taste-test') {
    return s.declaration!.waiting.includes(seat) ? [{ type: 'taste-test' }, { type: 'trust' }] : [];
  }
  if (seat !== s.turn.player) return [];
  const hand = s.hands[seat]!;
  const counts = countCards(hand);
  if (s.phase === 'discard-down') {
    return multisets(counts, hand.length - SF_HAND_LIMIT).map((cards) => ({ type: 'discard-down', cards }));
  }
  const out: SfAction[] = [];
  if (!s.turn.pairDone) {
    for (let i = 0; i < counts.length; i++) {
      if (counts[i]! === 0) continue;
      for (let j = i; j < counts.length; j++) {
        if (counts[j]! === 0 || (i === j && counts[i]! < 2)) continue;
        out.push({ type: 'discard-pair', cards: [SF_CARDS[i]!, SF_CARDS[j]!] });
      }
    }
  }
  if (!s.turn.proteinDone) {
    const claims = s.options.tofu ? TOFU_CLAIMS : BASE_CLAIMS;
    for (let i = 0; i < counts.length; i++) {
      if (counts[i]! === 0) continue;
      for (const claim of claims) out.push({ type: 'discard-protein', card: SF_CARDS[i]!, claim });
    }
  }
  if (counts[NOODLES]! > 0) {
    const others: SfCard[] = [];
    for (let i = 0; i < counts.length; i++) if (i !== NOODLES && counts[i]! > 0) others.push(SF_CARDS[i]!);
    for (const extra of subsets(others, 2, 4)) {
      out.push({ type: 'cook', cards: insertNoodles(extra) });
    }
  }
  out.push({ type: 'end-turn' });
  return out;
}

/** Subsets of `items` (kept in order) of sizes min..max. */
function subsets<T>(items: readonly T[], min: number, max: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const go = (from: number) => {
    if (pick.length >= min) out.push(pick.slice());
    if (pick.length === max) return;
    for (let i = from; i < items.length; i++) {
      pick.push(items[i]!);
      go(i + 1);
      pick.pop();
    }
  };
  go(0);
  return out;
}

function insertNoodles(cards: SfCard[]): SfCard[] {
  const at = cards.findIndex((c) => SF_CARDS.indexOf(c) > NOODLES);
  if (at < 0) cards.push('noodles');
  else cards.splice(at, 0, 'noodles');
  return cards;
}

/** Every multiset of `size` cards drawn from `counts` (indexed like SF_CARDS), in rule order. */
function multisets(counts: readonly number[], size: number): SfCard[][] {
  const out: SfCard[][] = [];
  const pick: SfCard[] = [];
  const go = (kind: number, left: number) => {
    if (left === 0) { out.push(pick.slice()); return; }
    if (kind >= counts.length) return;
    const most = Math.min(counts[kind]!, left);
    for (let n = most; n >= 0; n--) {
      for (let k = 0; k < n; k++) pick.push(SF_CARDS[kind]!);
      go(kind + 1, left - n);
      pick.length -= n;
    }
  };
  go(0, size);
  return out;
}
