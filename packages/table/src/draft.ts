import { type AnyGame, type GameEvent, createRng, gameModule } from '@parlor/rules';
import type { Effect, Write } from './effect.js';
import type { GameState, TableState } from './state.js';

/**
 * A refusal thrown inside a step and turned into its `refusal` by `step` (never escapes the
 * package). Not an Error: refusals are common (several seats answering one response window,
 * the late ones refused) and need no stack trace.
 */
export class Refused {
  constructor(readonly code: string, readonly message: string) {}
}

export function refuse(code: string, message: string): never {
  throw new Refused(code, message);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One step under way: the state as it changes, and the writes and effects gathered in order. The
 * state given to `step` is never modified: the first change copies the table (and the first change
 * of its game copies the game), and later changes of the same step are made on those copies.
 */
export class Draft {
  private state: TableState;
  /** Whether `state` (and its game) are this step's own copies, to change in place. */
  private own = false;
  private ownGame = false;
  readonly writes: Write[] = [];
  readonly effects: Effect[] = [];
  readonly module: AnyGame;
  /** Changes made so far stand even if the input is then refused (a stand-in's seat taken back). */
  kept = false;

  constructor(state: TableState, readonly now: number) {
    this.state = state;
    this.module = gameModule(state.row.game);
  }

  /** The state as it now is. */
  get s(): TableState { return this.state; }

  /**
   * The state as it now is, kept apart from what follows: later changes copy again, so `restore`
   * can go back to it.
   */
  mark(): TableState {
    this.own = false;
    this.ownGame = false;
    return this.state;
  }

  restore(marked: TableState): void {
    this.state = marked;
    this.own = false;
    this.ownGame = false;
  }

  set(change: Partial<TableState>): void {
    if (!this.own) {
      this.state = { ...this.state };
      this.own = true;
    }
    Object.assign(this.state as Mutable<TableState>, change);
    if ('game' in change) this.ownGame = false;
  }

  /** The running (or last) game; only called where there is one. */
  get game(): GameState {
    const g = this.s.game;
    if (g === null) throw new Error(`table ${this.s.row.id} has no game`);
    return g;
  }

  setGame(change: Partial<GameState>): void {
    if (!this.ownGame) {
      this.set({ game: { ...this.game } });
      this.ownGame = true;
    }
    Object.assign(this.state.game as Mutable<GameState>, change);
  }

  write(w: Write): void { this.writes.push(w); }
  effect(e: Effect): void { this.effects.push(e); }
  log(level: 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
    this.effects.push({ kind: 'log', level, msg, fields: { table: this.s.row.id, ...fields } });
  }

  /** A uniform float in [0, 1) from the game's own generator (which moves on). */
  float(): number {
    const rng = createRng(this.game.rng);
    const x = rng.float();
    this.setGame({ rng: rng.state() });
    return x;
  }

  /** The events of a list `viewer` may see. */
  eventsFor(events: readonly GameEvent[], viewer: number | 'spectator'): GameEvent[] {
    return this.module.eventsFor(events, viewer);
  }

  touch(): void { this.set({ lastActivity: this.now }); }
}

/** Milliseconds since the epoch as the store keeps times. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A game clock in ms: `seconds` scaled by the table's `timerScale` (1 except in tests). */
export function clockMs(s: TableState, seconds: number): number {
  return seconds * 1000 * s.settings.timerScale;
}
