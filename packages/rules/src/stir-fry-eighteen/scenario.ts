import { type Result, ok, refuse } from '../core/error.js';
import { seedRng, shuffleInPlace, randomInt } from '../core/random.js';
import type { ScenarioAdapter } from '../scenario/adapter.js';
import { type SfCard, SF_BASE_COUNTS, SF_CARDS, SF_HAND_LIMIT, sfBaseDeck, sfCountCards, sfIsCard } from './cards.js';
import { sfToAct } from './to-act.js';
import { sfParseOptions } from './options.js';
import { sfCheckPlayers, sfStartFrom } from './setup.js';
import { type SfState, putDownCount } from './state.js';

const SETUP_KEYS = ['first', 'hands', 'scores', 'drawPile', 'removed'];

/** Stir Fry Eighteen for the scenario runner (spec/scenarios.md). */
export const sfScenario: ScenarioAdapter<SfState> = {
  fromSetup({ players: rawPlayers, options: rawOptions, seed, setup }) {
    const players = sfCheckPlayers(rawPlayers);
    if (!players.ok) return players;
    const n = players.value;
    const options = sfParseOptions(rawOptions, n);
    if (!options.ok) return options;
    for (const key of Object.keys(setup)) {
      if (!SETUP_KEYS.includes(key)) return bad(`unknown setup key "${key}" (expected ${SETUP_KEYS.join(', ')})`);
    }
    const hands = setup.hands === undefined ? new Array<null>(n).fill(null) : setup.hands;
    if (!Array.isArray(hands) || hands.length !== n) return bad(`setup "hands" must list ${n} hands`);
    const given: (SfCard[] | null)[] = [];
    for (const [i, h] of hands.entries()) {
      if (h === null) { given.push(null); continue; }
      const cards = cardList(h, `setup "hands"[${i}]`);
      if (!cards.ok) return cards;
      given.push(cards.value);
    }
    const top = setup.drawPile === undefined ? ok<SfCard[]>([]) : cardList(setup.drawPile, 'setup "drawPile"');
    if (!top.ok) return top;
    let scores: number[] | undefined;
    if (setup.scores !== undefined) {
      if (!Array.isArray(setup.scores) || setup.scores.length !== n || !setup.scores.every(Number.isInteger)) {
        return bad(`setup "scores" must list ${n} whole numbers`);
      }
      scores = setup.scores as number[];
    }
    const chosen = options.value.firstPlayer;
    const first = setup.first === undefined ? (chosen === 'random' ? 0 : chosen) : setup.first;
    if (typeof first !== 'number' || !Number.isInteger(first) || first < 0 || first >= n) {
      return bad(`setup "first" must be a seat from 0 to ${n - 1}`);
    }
    if (setup.removed !== undefined && !options.value.tofu) return bad('setup "removed" needs the tofu option');
    if (setup.removed !== undefined && (!sfIsCard(setup.removed) || setup.removed === 'tofu')) {
      return bad('setup "removed" must be a base card name');
    }

    // The deck: the 18 base cards, or with Tofu one removed and Tofu in its place (SF-30).
    const placed = [...given.flatMap((h) => h ?? []), ...top.value];
    const placedCounts = sfCountCards(placed);
    const rng = seedRng(seed);
    let removed: SfCard | null = null;
    if (options.value.tofu) {
      if (setup.removed !== undefined) removed = setup.removed as SfCard;
      else {
        const base = sfBaseDeck();
        const free = sfCountCards(base).map((c, i) => c - placedCounts[i]!);
        const unplaced = base.filter((card) => {
          const i = SF_CARDS.indexOf(card);
          return free[i]!-- > 0;
        });
        if (unplaced.length === 0) return bad('the setup places every base card, leaving none for Tofu to replace');
        removed = unplaced[randomInt(rng, unplaced.length)]!;
      }
    }
    const deck = sfBaseDeck();
    if (removed !== null) deck.splice(deck.indexOf(removed), 1, 'tofu');
    const deckCounts = sfCountCards(deck);
    for (let i = 0; i < SF_CARDS.length; i++) {
      if (placedCounts[i]! > deckCounts[i]!) {
        const card = SF_CARDS[i]!;
        const has = card === 'tofu' ? (options.value.tofu ? 1 : 0) : SF_BASE_COUNTS[card];
        return bad(`the setup places ${placedCounts[i]} ${card} but the deck has ${deckCounts[i]}` +
          (card !== 'tofu' && removed === card && has > 0 ? ' (one was removed for Tofu)' : '') +
          (card === 'tofu' && !options.value.tofu ? ' (tofu needs the tofu option)' : ''));
      }
    }
    const pool = deck.filter((card) => {
      const i = SF_CARDS.indexOf(card);
      return placedCounts[i]!-- <= 0;
    });
    if (pool.length < SF_HAND_LIMIT * given.filter((h) => h === null).length) {
      return bad('not enough cards left to deal the hands the setup does not give');
    }
    shuffleInPlace(rng, pool);
    const finalHands = given.map((h) => h ?? pool.splice(0, SF_HAND_LIMIT));
    const drawTopFirst = [...top.value, ...pool];
    return sfStartFrom({
      players: n, options: options.value, rng, hands: finalHands, drawPile: drawTopFirst.reverse(),
      removed, first, ...(scores ? { scores } : {}),
    });
  },
  stack(state, raw) {
    const cards = cardList(raw, '"stack"');
    if (!cards.ok) return cards;
    const s = { ...state, drawPile: state.drawPile.slice() };
    for (const card of cards.value) {
      const i = s.drawPile.lastIndexOf(card);
      if (i < 0) return bad(`"stack": ${card} is not in the draw pile (or not that many copies)`);
      s.drawPile.splice(i, 1);
    }
    for (let i = cards.value.length - 1; i >= 0; i--) s.drawPile.push(cards.value[i]!);
    return ok(s);
  },
  expect: {
    scores: { kind: 'exact', get: (s) => s.scores.slice() },
    toAct: { kind: 'set', get: (s) => sfToAct(s) },
    over: { kind: 'exact', get: (s) => s.phase === 'over' },
    winners: { kind: 'set', get: (s) => s.result?.winners.slice() ?? [] },
    drawPileSize: { kind: 'exact', get: (s) => s.drawPile.length },
    discardPileSize: { kind: 'exact', get: (s) => putDownCount(s) },
    hands: { kind: 'per-player-multiset', get: (s) => Object.fromEntries(s.hands.map((h, i) => [String(i), h.slice()])) },
    handSizes: { kind: 'exact', get: (s) => s.hands.map((h) => h.length) },
    bonusDraws: { kind: 'exact', get: (s) => s.bonusDraws.slice() },
    revealed: { kind: 'multiset', get: (s) => s.revealed.slice() },
  },
};

function cardList(v: unknown, what: string): Result<SfCard[]> {
  if (!Array.isArray(v)) return bad(`${what} must be a list of card names`);
  for (const c of v) {
    if (!sfIsCard(c)) return bad(`${what}: ${JSON.stringify(c)} is not a card name (${SF_CARDS.join(', ')})`);
  }
  return ok((v as SfCard[]).slice());
}

function bad(message: string) {
  return refuse('BAD_SETUP', message);
}
