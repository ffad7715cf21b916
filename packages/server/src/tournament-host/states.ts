import type { Clock } from '../clock.js';
import { LeaseLost, type Store } from '../store/store.js';
import {
  type TournamentEffect, type TournamentInput, type TournamentRefusal, type TournamentState, stepTournament,
} from '../tournament/director.js';
import { stateOf, tournamentRow } from './stored.js';

/** Compare-and-set writes tried this many times before a request is told to try again. */
const WRITE_TRIES = 8;

/** A refusal from a tournament, as the API and the protocol send it. */
export class TournamentRefused extends Error {
  constructor(readonly code: string, message: string, readonly status = 400) { super(message); }
}

export const unknownTournament = (id: string) => new TournamentRefused('UNKNOWN_TOURNAMENT', `There is no tournament "${id}".`, 404);

function refusalOf(r: TournamentRefusal): TournamentRefused {
  return new TournamentRefused(r.code, r.message, r.code === 'UNKNOWN_TABLE' || r.code === 'BAD_RESULT' ? 500 : 409);
}

/**
 * A tournament as last read or written here, with its version; `parts`: its entrants and games are
 * stored as rows of their own exactly as in `state` (so a write need carry only what changes).
 */
export interface Cached { readonly version: number; readonly state: TournamentState; readonly parts: boolean }

/** A stored change: what the effects of an input were, once its state is written. */
export interface Written {
  readonly id: string;
  readonly version: number;
  readonly state: TournamentState;
  readonly effects: readonly TournamentEffect[];
}

/**
 * The tournaments' stored states, read through a cache, and the one way to change one: an input
 * stepped by the director and written by compare-and-set — if another write came first, the state
 * is read again and the input stepped again, so that no input is lost whichever process takes it.
 * Inputs to one tournament run one at a time on this process.
 */
export class TournamentStates {
  private readonly cache = new Map<string, Cached>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly d: {
    readonly store: Store;
    readonly clock: Clock;
    /** The fencing token this process directs a tournament with (none: not directed here, or alone). */
    readonly fence: (id: string) => number | undefined;
    /** A fenced write was refused: another process directs the tournament now. */
    readonly leaseLost: (id: string) => void;
    /** An input's state is stored: its effects are the caller's to carry out. */
    readonly written: (w: Written) => Promise<void>;
  }) {}

  async load(id: string, fresh = false): Promise<Cached | null> {
    const c = this.cache.get(id);
    if (c !== undefined && !fresh) return c;
    const row = await this.d.store.tournament(id);
    if (row === null) return null;
    const { state, whole } = stateOf(row);
    const loaded = { version: row.version, state, parts: whole };
    this.cache.set(id, loaded);
    return loaded;
  }

  /** What this process knows is no longer the stored state (another wrote it). */
  forget(id: string): void { this.cache.delete(id); }
  cached(id: string): Cached | undefined { return this.cache.get(id); }

  /** A new tournament's first write; false when one of that id exists already. */
  async add(state: TournamentState): Promise<boolean> {
    if (!await this.d.store.saveTournament(tournamentRow(state, 1, null), null)) return false;
    this.cache.set(state.settings.id, { version: 1, state, parts: true });
    return true;
  }

  /** One input, stored by compare-and-set, then its effects handed on. */
  input(id: string, input: TournamentInput): Promise<void> {
    const before = this.queues.get(id) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(() => this.apply(id, input));
    this.queues.set(id, run);
    void run.finally(() => { if (this.queues.get(id) === run) this.queues.delete(id); }).catch(() => undefined);
    return run;
  }

  private async apply(id: string, input: TournamentInput): Promise<void> {
    let fresh = false;
    for (let attempt = 0; attempt < WRITE_TRIES; attempt++) {
      const c = await this.load(id, fresh);
      if (c === null) throw unknownTournament(id);
      const step = stepTournament(c.state, input, this.d.clock.now());
      if (step.refusal !== null) throw refusalOf(step.refusal);
      if (!step.changed) return;
      const version = c.version + 1;
      let wrote: boolean;
      try {
        wrote = await this.d.store.saveTournament(tournamentRow(step.state, version, c.parts ? c.state : null), c.version, this.d.fence(id));
      } catch (e) {
        if (!(e instanceof LeaseLost)) throw e;
        this.d.leaseLost(id); // written again as anyone's input, unfenced
        fresh = true;
        continue;
      }
      if (!wrote) { fresh = true; continue; }
      this.cache.set(id, { version, state: step.state, parts: true });
      await this.d.written({ id, version, state: step.state, effects: step.effects });
      return;
    }
    throw new TournamentRefused('TRY_AGAIN', 'The tournament is busy; please try again.', 503);
  }

  /** Everything queued here is done. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
  }
}
