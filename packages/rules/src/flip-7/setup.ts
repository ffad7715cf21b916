import { ok, refuse, type Result } from '../core/error.js';
import type { Seat, SetupInput } from '../core/game.js';
import { seedRng, type RngState } from '../core/random.js';
import { randomInt, shuffleInPlace } from '../core/random.js';
import { f7FullDeck } from './cards.js';
import { f7CheckPlayers, f7ParseOptions } from './options.js';
import { runForced } from './play.js';
import { startRound } from './round.js';
import { emptyState, type F7State } from './state.js';
import type { F7Event, F7EventSink } from './events.js';

/** What a game starts from: the piles (draw pile top last), scores and first dealer. */
export interface F7Start {
  readonly players: number;
  readonly target: number;
  readonly rng: RngState;
  readonly draw: number[];
  readonly discard: number[];
  readonly scores: number[];
  readonly dealer: Seat;
}

/** A game from a start position, after the first round's deal (F7-4) and its forced moves. */
export function f7StartFrom(start: F7Start, ev: F7EventSink = null): F7State {
  const s = emptyState(start.players, start.target, start.rng, start.draw, start.discard, start.scores, start.dealer);
  startRound(s, start.dealer, ev);
  runForced(s, ev);
  return s;
}

/** The Game contract's `setup` (F7-2, F7-3): shuffle all 94 cards, pick the first dealer at random unless given. */
export function f7Setup(input: SetupInput, ev: F7EventSink = null): Result<F7State> {
  const players = f7CheckPlayers(input.players);
  if (!players.ok) return players;
  const n = players.value;
  const options = f7ParseOptions(input.options);
  if (!options.ok) return options;
  if (typeof input.seed !== 'string') return refuse('BAD_SETUP', 'The seed must be a text.');
  if (input.first !== undefined && (!Number.isInteger(input.first) || input.first < 0 || input.first >= n)) {
    return refuse('BAD_SETUP', `The first dealer must be a seat from 0 to ${n - 1}.`, 'F7-3');
  }
  const rng = seedRng(input.seed);
  const dealer = input.first ?? randomInt(rng, n);
  const draw = f7FullDeck();
  shuffleInPlace(rng, draw);
  return ok(f7StartFrom({ players: n, target: options.value.target, rng, draw, discard: [], scores: new Array<number>(n).fill(0), dealer }, ev));
}

/** The Game contract's `start`: `setup` with the events of the first deal. */
export function f7Start(input: SetupInput): Result<{ state: F7State; events: F7Event[] }> {
  const events: F7Event[] = [];
  const r = f7Setup(input, events);
  return r.ok ? ok({ state: r.value, events }) : r;
}
