import { ok, refuse, type Result } from '../core/error.js';
import { seedRng } from '../core/random.js';
import { shuffleInPlace } from '../core/random.js';
import type { ExpectKey, ScenarioAdapter } from '../scenario/adapter.js';
import { F7_CARD_CODES, F7_DECK_COUNTS, f7CardCode, f7CardName, f7FullDeck } from './cards.js';
import { f7ToAct } from './legal-actions.js';
import { f7CheckPlayers, f7ParseOptions } from './options.js';
import { f7StartFrom } from './setup.js';
import { f7CloneState, type F7State } from './state.js';

const SETUP_KEYS = ['dealer', 'scores', 'drawPile', 'discardPile'];

/** Card names → codes, or why not. */
function cardList(raw: unknown, what: string): Result<number[]> {
  if (!Array.isArray(raw)) return refuse('BAD_SETUP', `${what} must be a list of card names.`);
  const out: number[] = [];
  for (const name of raw) {
    const code = f7CardCode(name);
    if (code < 0) return refuse('BAD_SETUP', `${what}: ${JSON.stringify(name)} is not a Flip 7 card.`, 'F7-1');
    out.push(code);
  }
  return ok(out);
}

/** Refuses lists that together place more copies of a card than the deck has (F7-1). */
function checkCounts(lists: readonly number[][]): Result<number[]> {
  const used = new Array<number>(F7_CARD_CODES).fill(0);
  for (const list of lists) for (const c of list) used[c]! += 1;
  for (let c = 0; c < F7_CARD_CODES; c++) {
    if (used[c]! > F7_DECK_COUNTS[c]!) {
      return refuse('BAD_SETUP', `The setup places ${used[c]} "${f7CardName(c)}" cards; the deck has ${F7_DECK_COUNTS[c]}.`, 'F7-1');
    }
  }
  return ok(used);
}

function fromSetup(input: { players: number; options: unknown; seed: string; setup: Record<string, unknown> }): Result<F7State> {
  const players = f7CheckPlayers(input.players);
  if (!players.ok) return players;
  const n = players.value;
  const options = f7ParseOptions(input.options);
  if (!options.ok) return options;
  const setup = input.setup;
  for (const key of Object.keys(setup)) {
    if (!SETUP_KEYS.includes(key)) return refuse('BAD_SETUP', `Unknown Flip 7 setup key "${key}" (known: ${SETUP_KEYS.join(', ')}).`);
  }
  const dealer = setup['dealer'] ?? 0;
  if (typeof dealer !== 'number' || !Number.isInteger(dealer) || dealer < 0 || dealer >= n) {
    return refuse('BAD_SETUP', `"dealer" must be a seat from 0 to ${n - 1}.`, 'F7-3');
  }
  const scores = setup['scores'] ?? new Array<number>(n).fill(0);
  if (!Array.isArray(scores) || scores.length !== n || !scores.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0)) {
    return refuse('BAD_SETUP', `"scores" must list ${n} whole numbers, 0 or more.`);
  }
  const top = cardList(setup['drawPile'] ?? [], '"drawPile"');
  if (!top.ok) return top;
  const discard = cardList(setup['discardPile'] ?? [], '"discardPile"');
  if (!discard.ok) return discard;
  const used = checkCounts([top.value, discard.value]);
  if (!used.ok) return used;
  const rng = seedRng(input.seed);
  const rest: number[] = [];
  for (const c of f7FullDeck()) {
    if (used.value[c]! > 0) used.value[c]! -= 1;
    else rest.push(c);
  }
  shuffleInPlace(rng, rest);
  // The draw pile's top is the array's end: the listed top goes last, first listed at the very end.
  const draw = rest.concat(top.value.slice().reverse());
  return ok(f7StartFrom({ players: n, target: options.value.target, rng, draw, discard: discard.value, scores: scores as number[], dealer }));
}

/** Moves one copy of each named card, all in the draw pile now, to its top, the first listed on top. */
function stack(state: F7State, cards: unknown): Result<F7State> {
  const list = cardList(cards, '"stack"');
  if (!list.ok) return list;
  const s = f7CloneState(state);
  for (const c of list.value) {
    const at = s.draw.indexOf(c);
    if (at < 0) return refuse('BAD_SETUP', `"stack": not enough "${f7CardName(c)}" cards in the draw pile.`);
    s.draw.splice(at, 1);
  }
  for (let i = list.value.length - 1; i >= 0; i--) s.draw.push(list.value[i]!);
  return ok(s);
}

const perSeat = <T>(s: F7State, f: (seat: number) => T): Record<string, T> =>
  Object.fromEntries(Array.from({ length: s.players }, (_, i) => [String(i), f(i)]));

const expect: Record<string, ExpectKey<F7State>> = {
  scores: { kind: 'exact', get: (s) => s.scores.slice() },
  toAct: { kind: 'set', get: (s) => f7ToAct(s) },
  over: { kind: 'exact', get: (s) => s.phase === 'over' },
  winners: { kind: 'set', get: (s) => s.winners.slice() },
  drawPileSize: { kind: 'exact', get: (s) => s.draw.length },
  discardPileSize: { kind: 'exact', get: (s) => s.discard.length },
  lines: { kind: 'per-player-multiset', get: (s) => perSeat(s, (i) => s.lines[i]!.map(f7CardName)) },
  status: { kind: 'per-player', get: (s) => perSeat(s, (i) => s.status[i]!) },
  round: { kind: 'exact', get: (s) => s.round },
  dealer: { kind: 'exact', get: (s) => s.dealer },
};

/** The scenario runner's hooks for Flip 7 (spec/scenarios.md). */
export const f7Scenario: ScenarioAdapter<F7State> = { fromSetup, stack, expect };
