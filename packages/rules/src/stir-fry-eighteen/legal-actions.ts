import type { Seat } from '../core/game.js';
import type { SfAction } from './action.js';
import { type SfCard, type SfProtein, SF_CARDS, SF_HAND_LIMIT, sfCardIndex, sfCountCards } from './cards.js';
import type { SfState } from './state.js';

const NOODLES = SF_CARDS.indexOf('noodles');
const BASE_CLAIMS: readonly SfProtein[] = ['shrimp', 'pork', 'chicken'];
const TOFU_CLAIMS: readonly SfProtein[] = ['shrimp', 'pork', 'chicken', 'tofu'];

/**
 * Every action `seat` may take now, in canonical form (cards in rule order; identical cards are
 * interchangeable, so each choice appears once). The lists depend only on the hand's contents and
 * a few flags, so they are built once per such key and shared: treat them as read-only (they are
 * frozen). This is the inner loop of every simulation and bot search.
 */
export function sfLegalActions(s: SfState, seat: Seat): readonly SfAction[] {
  if (s.phase === 'over') return NONE;
  if (s.phase === 'taste-test') return s.declaration!.waiting.includes(seat) ? ANSWERS : NONE;
  if (seat !== s.turn.player) return NONE;
  const hand = s.hands[seat]!;
  let key = 0;
  for (const c of hand) key += POW6[sfCardIndex(c)]!;
  key = key * 16 + (s.phase === 'discard-down' ? 8 : 0) + (s.turn.pairDone ? 4 : 0) + (s.turn.proteinDone ? 2 : 0) + (s.options.tofu ? 1 : 0);
  let actions = cache.get(key);
  if (actions === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    actions = deepFreeze(build(s, hand));
    cache.set(key, actions);
  }
  return actions;
}

const NONE: readonly SfAction[] = Object.freeze([]);
const ANSWERS: readonly SfAction[] = deepFreeze([{ type: 'taste-test' }, { type: 'trust' }]);
const POW6 = SF_CARDS.map((_, i) => 6 ** i);
const CACHE_LIMIT = 100_000;
const cache = new Map<number, readonly SfAction[]>();

function deepFreeze(actions: SfAction[]): readonly SfAction[] {
  for (const a of actions) {
    if ('cards' in a) Object.freeze(a.cards);
    Object.freeze(a);
  }
  return Object.freeze(actions);
}

function build(s: SfState, hand: readonly SfCard[]): SfAction[] {
  const counts = sfCountCards(hand);
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
