import { type AnyGame, type GameEvent, createRng, gameModule } from '@parlor/rules';
import type { Effect, Write } from './effect.js';
import type { GameState, TableState } from './state.js';

/**
 * A refusal thrown inside a step and turned into its `refusal` by `step` (never escapes the
 * package). Not an Error: refusals are common (a taste-test window's late answers) and need no
 * stack trace.
 */
export class Refused {
  constructor(readonly code: string, readonly message: string) {}
}

export function refuse(code: string, message: string): never {
  throw new Refused(code, message);
}

/**
 * One step under way: the state as it changes (each change a new object; the state given to `step`
 * is never modified), and the writes and effects gathered in order.
 */
export class Draft {
  s: TableState;
  readonly writes: Write[] = [];
  readonly effects: Effect[] = [];
  readonly module: AnyGame;
  /** Changes made so far stand even if the input is then refused (a stand-in's seat taken back). */
  kept = false;

  constructor(state: TableState, readonly now: number) {
    this.s = state;
    this.module = gameModule(state.row.game);
  }

  set(change: Partial<TableState>): void {
    this.s = { ...this.s, ...change };
  }

  /** The running (or last) game; only called where there is one. */
  get game(): GameState {
    const g = this.s.game;
    if (g === null) throw new Error(`table ${this.s.row.id} has no game`);
    return g;
  }

  setGame(change: Partial<GameState>): void {
    this.s = { ...this.s, game: { ...this.game, ...change } };
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
