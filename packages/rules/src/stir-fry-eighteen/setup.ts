import { type Result, ok, refuse } from '../core/error.js';
import { checkPlayerCount } from '../core/options.js';
import type { Seat, SetupInput } from '../core/game.js';
import { type RngState, randomInt, seedRng, shuffleInPlace } from '../core/random.js';
import { type SfCard, SF_HAND_LIMIT, sfBaseDeck } from './cards.js';
import { SF_MAX_PLAYERS, SF_MIN_PLAYERS } from './info.js';
import { type SfOptions, sfParseOptions } from './options.js';
import type { SfState } from './state.js';
import type { SfEmit, SfEvent } from './events.js';
import { beginTurn } from './turn.js';

/** SF-4..SF-6, SF-30: a new game, up to the first player's start-of-turn draw. */
export function sfSetup(input: SetupInput, emit: SfEmit | null = null): Result<SfState> {
  const players = sfCheckPlayers(input.players);
  if (!players.ok) return players;
  const options = sfParseOptions(input.options, players.value);
  if (!options.ok) return options;
  if (typeof input.seed !== 'string') return refuse('BAD_SETUP', 'The seed must be text.');
  const rng = seedRng(input.seed);
  const deck = sfBaseDeck();
  let removed: SfCard | null = null;
  if (options.value.tofu) {
    // SF-30: one random base card leaves the game, unseen, and Tofu takes its place.
    const i = randomInt(rng, deck.length);
    removed = deck[i]!;
    deck[i] = 'tofu';
  }
  shuffleInPlace(rng, deck);
  const hands: SfCard[][] = [];
  for (let p = 0; p < players.value; p++) hands.push(deck.splice(deck.length - SF_HAND_LIMIT, SF_HAND_LIMIT));
  // SF-5: the first player is drawn at random unless the table's creator chose one.
  const chosen = options.value.firstPlayer;
  const first = input.first ?? (chosen === 'random' ? randomInt(rng, players.value) : chosen);
  return sfStartFrom({ players: players.value, options: options.value, rng, hands, drawPile: deck, removed, first }, emit);
}

/** The Game contract's `start`: `setup` with the events of the first turn's draw. */
export function sfStart(input: SetupInput): Result<{ state: SfState; events: SfEvent[] }> {
  const events: SfEvent[] = [];
  const r = sfSetup(input, (e) => events.push(e));
  return r.ok ? ok({ state: r.value, events }) : r;
}

export interface SfStartPosition {
  readonly players: number;
  readonly options: SfOptions;
  readonly rng: RngState;
  readonly hands: SfCard[][];
  /** Top at the END of the array. */
  readonly drawPile: SfCard[];
  readonly removed: SfCard | null;
  readonly first: Seat;
  readonly scores?: number[];
}

/** A game from a known position: `first` begins a turn, with its start-of-turn draw (SF-7). */
export function sfStartFrom(p: SfStartPosition, emit: SfEmit | null = null): Result<SfState> {
  if (!Number.isInteger(p.first) || p.first < 0 || p.first >= p.players) {
    return refuse('BAD_SETUP', `The first player must be a seat from 0 to ${p.players - 1}.`, 'SF-5');
  }
  const s: SfState = {
    game: 'stir-fry-eighteen',
    players: p.players,
    options: p.options,
    rng: p.rng,
    scores: p.scores ? p.scores.slice() : new Array<number>(p.players).fill(0),
    hands: p.hands,
    drawPile: p.drawPile,
    putDown: [],
    removed: p.removed,
    bonusDraws: new Array<number>(p.players).fill(0),
    phase: 'act',
    turn: { player: p.first, number: 0, pairDone: false, proteinDone: false, caught: false, cooked: false },
    declaration: null,
    revealed: [],
    closing: null,
    result: null,
  };
  beginTurn(s, p.first, emit);
  return ok(s);
}

/** SF-4: 2 to 5 players. */
export function sfCheckPlayers(players: unknown): Result<number> {
  return checkPlayerCount('Stir Fry Eighteen', players, SF_MIN_PLAYERS, SF_MAX_PLAYERS, 'SF-4');
}
