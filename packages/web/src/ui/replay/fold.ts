import type { GameEvent, GameExport, Mover } from '@parlor/protocol';
import { type GameId, type Outcome, type Seat, gameModule, isGameId } from '@parlor/rules';

/**
 * One position of a replay: the state after `n` actions (position 0 is the deal, before any
 * action), with the action that led to it and the events it caused. The seed is revealed once a
 * game is over, so the whole state — every hand, the pile's order — is fair to show.
 */
export interface ReplayPosition {
  readonly n: number;
  /** The game's own state (the rules package's; each game's replay view reads its own). */
  readonly state: unknown;
  /** The seat that moved (null for the opening position). */
  readonly seat: Seat | null;
  readonly action: unknown;
  /** Who made the move (a stand-in bot for an absent player, say), as exported. */
  readonly by: Mover | null;
  /** The public events of the opening (position 0) or of this action, as the log tells them. */
  readonly events: readonly GameEvent[];
  /** The seats the game waits for in this position (none once it is over). */
  readonly toAct: readonly Seat[];
}

export interface FoldedReplay {
  readonly game: GameId;
  /** Position 0 … the number of actions replayed. */
  readonly positions: readonly ReplayPosition[];
  /** The replayed result, when the last position is the end of the game. */
  readonly outcome: Outcome | null;
  /** Whether the replayed result is the export's (`parlor verify` fails when it is not). */
  readonly outcomeMatches: boolean;
  /** Why the fold stopped early, as `parlor verify` would say it (null: every action replayed). */
  readonly problem: FoldProblem | null;
}

export type FoldProblem =
  | { readonly kind: 'format' }
  | { readonly kind: 'game'; readonly game: string }
  | { readonly kind: 'setup'; readonly message: string }
  | { readonly kind: 'numbering'; readonly index: number }
  | { readonly kind: 'seat'; readonly index: number }
  | { readonly kind: 'refused'; readonly index: number; readonly code: string; readonly message: string }
  | { readonly kind: 'not-over' };

type ExportedAction = { readonly seq?: number; readonly seat?: unknown; readonly action?: unknown; readonly by?: Mover | null };

/**
 * Folds an export with the rules package, exactly as `parlor verify` does
 * (packages/cli/src/commands/verify.ts): `setup({players, options, seed})`, then `apply` of each
 * action in order, keeping every state. No rule is written here: every position is the rules'.
 * The opening's events come from `start`, the same setup with its events (for the log).
 */
export function foldExport(exp: GameExport): FoldedReplay | { readonly game: null; readonly problem: FoldProblem } {
  if (typeof exp !== 'object' || exp === null || exp.format !== 'parlor-game' || !Array.isArray(exp.actions)) {
    return { game: null, problem: { kind: 'format' } };
  }
  if (!isGameId(exp.game)) return { game: null, problem: { kind: 'game', game: String(exp.game) } };
  const game = exp.game;
  const module = gameModule(game);
  const input = { players: exp.players, options: exp.options, seed: exp.seed };
  const setup = module.setup(input);
  if (!setup.ok) return { game: null, problem: { kind: 'setup', message: setup.error.message } };
  const started = module.start(input);
  const opening = (started.ok ? module.eventsFor(started.value.events, 'spectator') : []) as GameEvent[];
  let state: unknown = setup.value;
  const positions: ReplayPosition[] = [{ n: 0, state, seat: null, action: null, by: null, events: opening, toAct: module.toAct(state) }];
  let problem: FoldProblem | null = null;
  for (const [i, a] of (exp.actions as readonly ExportedAction[]).entries()) {
    if (a.seq !== undefined && a.seq !== i) { problem = { kind: 'numbering', index: i }; break; }
    if (typeof a.seat !== 'number') { problem = { kind: 'seat', index: i }; break; }
    const r = module.apply(state, a.seat, a.action);
    if (!r.ok) { problem = { kind: 'refused', index: i, code: r.error.code, message: r.error.message }; break; }
    state = r.state;
    positions.push({
      n: i + 1, state, seat: a.seat, action: a.action, by: a.by ?? null,
      events: module.eventsFor(r.events, 'spectator') as GameEvent[], toAct: module.toAct(state),
    });
  }
  const outcome = problem === null ? module.outcome(state) : null;
  if (problem === null && outcome === null) problem = { kind: 'not-over' };
  const outcomeMatches = outcome !== null && (exp.outcome === undefined || JSON.stringify(exp.outcome) === JSON.stringify(outcome));
  return { game, positions, outcome, outcomeMatches, problem };
}

/** The position a `?at=` asks for, within 0 … last (the last when absent or not a number). */
export function positionFromQuery(raw: string | null, last: number): number {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return last;
  return Math.min(Number(raw), last);
}

/**
 * The positions where each chapter (a turn, a round) starts: `chapterOf` reads the chapter a state
 * is in; the list has each chapter once, with its first position, in order.
 */
export function chapters(positions: readonly ReplayPosition[], chapterOf: (state: unknown) => number): { chapter: number; at: number }[] {
  const out: { chapter: number; at: number }[] = [];
  for (const p of positions) {
    const c = chapterOf(p.state);
    if (out.length === 0 || out.at(-1)!.chapter !== c) out.push({ chapter: c, at: p.n });
  }
  return out;
}

/** SHA-256 of the seed in hex (Web Crypto), to compare with the commitment shown during the game; null where the browser has no Web Crypto (plain http). */
export async function seedHash(seed: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(seed));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
