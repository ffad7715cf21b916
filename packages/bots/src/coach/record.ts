/**
 * A finished game as an export (the format `parlor verify` checks), played by bots through the
 * rules' driver: for fixtures, tests and the coach's bench. Deterministic for a given seed.
 */
import { type Agent, type GameId, gameModule, playGame } from '@parlor/rules';
import type { CoachExport } from './fold.js';

export interface RecordedExport extends CoachExport {
  readonly format: 'parlor-game';
  readonly version: 1;
  readonly game: GameId;
  readonly table: string;
  readonly gameNo: number;
  readonly options: Record<string, unknown>;
  readonly seats: { kind: 'bot'; name: string; level?: 'random' | 'basic' | 'expert' }[];
  readonly commitment: string;
  readonly actions: { seq: number; seat: number; action: unknown }[];
  readonly outcome: unknown;
  readonly stats: null;
  readonly startedAt: string;
  readonly finishedAt: string;
}

/**
 * Plays `agents` (one per seat) from `seed` to the end and returns the export. `commitment` is left
 * for the caller to fill (SHA-256 of the seed; the bots package has no hash).
 */
export async function recordGame(game: GameId, seed: string, agents: readonly Agent<any, any, any>[], options: Record<string, unknown> = {},
  names?: readonly string[]): Promise<RecordedExport> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const module = gameModule(game);
  const actions: { seq: number; seat: number; action: unknown }[] = [];
  const r = await playGame({
    game: module, start: { players: agents.length, options, seed }, agents, seed: `${seed}/driver`,
    onAction: (p) => { actions.push({ seq: actions.length, seat: p.seat, action: p.action }); },
  });
  if (r.outcome === null) throw new Error(`the game of seed ${seed} did not end`);
  return {
    format: 'parlor-game', version: 1, game, table: 'recorded', gameNo: 1, players: agents.length, options,
    seats: agents.map((a, i) => ({ kind: 'bot' as const, name: names?.[i] ?? `Bot ${i + 1}`, level: (a as { level?: 'random' | 'basic' | 'expert' }).level })),
    seed, commitment: '', actions, outcome: r.outcome, stats: null,
    startedAt: '2026-11-30T00:00:00.000Z', finishedAt: '2026-11-30T00:00:00.000Z',
  };
}
