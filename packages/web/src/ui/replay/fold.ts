import type { GameEvent, GameExport, Mover } from '@parlor/protocol';
import { type GameId, type Outcome, type ReplayErrorCode, type Seat, gameModule, isGameId, replay } from '@parlor/rules';

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
 * Folds an export with the rules package's `replay`, exactly as `parlor verify` does
 * (packages/cli/src/commands/verify.ts), keeping every position. No rule is written here: every
 * position is the rules'; the log shows each one's public events.
 */
export function foldExport(exp: GameExport): FoldedReplay | { readonly game: null; readonly problem: FoldProblem } {
  if (typeof exp !== 'object' || exp === null || exp.format !== 'parlor-game' || !Array.isArray(exp.actions)) {
    return { game: null, problem: { kind: 'format' } };
  }
  if (!isGameId(exp.game)) return { game: null, problem: { kind: 'game', game: String(exp.game) } };
  const game = exp.game;
  const module = gameModule(game);
  const positions: ReplayPosition[] = [];
  let problem: FoldProblem | null = null;
  const log = exp.actions as readonly ExportedAction[];
  for (const p of replay(module, { players: exp.players, options: exp.options, seed: exp.seed }, log)) {
    if (!p.ok) {
      if (p.error.index === null) return { game: null, problem: { kind: 'setup', message: p.error.message } };
      problem = foldProblem(p.error.code, p.error.index, p.error.message);
      break;
    }
    positions.push({
      n: p.n, state: p.state, seat: p.seat, action: p.action, by: p.entry?.by ?? null,
      events: module.eventsFor(p.events, 'spectator') as GameEvent[], toAct: module.toAct(p.state),
    });
  }
  const outcome = problem === null ? module.outcome(positions.at(-1)!.state) : null;
  if (problem === null && outcome === null) problem = { kind: 'not-over' };
  const outcomeMatches = outcome !== null && (exp.outcome === undefined || JSON.stringify(exp.outcome) === JSON.stringify(outcome));
  return { game, positions, outcome, outcomeMatches, problem };
}

function foldProblem(code: ReplayErrorCode, index: number, message: string): FoldProblem {
  if (code === 'MISNUMBERED') return { kind: 'numbering', index };
  if (code === 'NO_SEAT') return { kind: 'seat', index };
  return { kind: 'refused', index, code, message };
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
