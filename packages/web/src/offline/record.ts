import { bytesToHex } from '@noble/hashes/utils.js';
import type { BotLevel, GameExport, GameStats, Mover } from '@parlor/protocol';
import type { GameId, Outcome, Seat } from '@parlor/rules';
import { commitmentOf } from '@parlor/table';

/**
 * An offline game as this browser keeps it (IndexedDB, storage.ts): what the server keeps of a game
 * — the header (game, seats, options, seed and its commitment) and the append-only action log — so
 * that it can be folded again (a reload resumes it), replayed, and exported in the server's format
 * for `parlor verify`. Pure: no browser API here.
 */

/** The person's seat in every offline game; the other seats are bots. */
export const HUMAN: Seat = 0;

export interface OfflineSeat {
  readonly kind: 'player' | 'bot';
  readonly name: string;
  readonly level?: BotLevel;
}

export interface OfflineAction {
  readonly seq: number;
  readonly seat: Seat;
  readonly action: unknown;
  readonly by: Mover;
  /** When it was played (ISO time); moves kept by earlier versions of Parlor have none. */
  readonly at?: string;
}

export interface OfflineRecord {
  /** `local-<hex>`; also the export's `table`. */
  readonly id: string;
  readonly game: GameId;
  readonly players: number;
  /** The options as the game's parser filled them in. */
  readonly options: Record<string, unknown>;
  readonly seats: readonly OfflineSeat[];
  /** 32 random bytes in hex, as the server draws them; shown only once the game is over. */
  readonly seed: string;
  /** SHA-256 of the seed in hex, shown from the start (the table core's commitmentOf, as at the server). */
  readonly commitment: string;
  /** A response window's length in seconds (Stir Fry Eighteen's taste test), or null for a game without one. */
  readonly windowSeconds: number | null;
  readonly actions: readonly OfflineAction[];
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly outcome: Outcome | null;
  readonly stats: GameStats[] | null;
}

/** What a person chooses before an offline game. */
export interface OfflineSetup {
  readonly game: GameId;
  readonly players: number;
  readonly options: Record<string, unknown>;
  /** The bots' level (every bot seat plays at it). */
  readonly level: BotLevel;
  /** The person's name, shown at seat 0. */
  readonly name: string;
  readonly windowSeconds: number | null;
}

/** Bytes of randomness a new record needs: 32 for the seed, 8 for the id. */
export const RANDOM_BYTES = 40;

/**
 * A new offline game's record. `random` is RANDOM_BYTES bytes from a CSPRNG (the browser's
 * crypto.getRandomValues); the options are taken as given (the caller parsed them with the game's
 * own parser, which the worker runs again at setup).
 */
export function newRecord(setup: OfflineSetup, random: Uint8Array, now: Date): OfflineRecord {
  if (random.length < RANDOM_BYTES) throw new RangeError(`an offline game needs ${RANDOM_BYTES} random bytes`);
  const seed = bytesToHex(random.subarray(0, 32));
  const seats: OfflineSeat[] = Array.from({ length: setup.players }, (_, seat): OfflineSeat => (seat === HUMAN
    ? { kind: 'player', name: setup.name }
    // The server's name for a bot seat in its games and exports.
    : { kind: 'bot', name: `${setup.level} bot`, level: setup.level }));
  return {
    id: `local-${bytesToHex(random.subarray(32, 40))}`,
    game: setup.game,
    players: setup.players,
    options: setup.options,
    seats,
    seed,
    commitment: commitmentOf(seed),
    windowSeconds: setup.windowSeconds,
    actions: [],
    startedAt: now.toISOString(),
    finishedAt: null,
    outcome: null,
    stats: null,
  };
}

/** The end of a game: its result and each seat's statistics. */
export interface OfflineEnd {
  readonly outcome: Outcome;
  readonly stats: GameStats[];
}

/** The record after one more move. */
export function withMove(record: OfflineRecord, move: OfflineAction): OfflineRecord {
  if (move.seq !== record.actions.length) throw new RangeError(`move ${move.seq} does not follow move ${record.actions.length - 1}`);
  return { ...record, actions: [...record.actions, move] };
}

/** The record of a game that ended at `finishedAt` (ISO time). */
export function withEnd(record: OfflineRecord, end: OfflineEnd, finishedAt: string): OfflineRecord {
  return { ...record, outcome: end.outcome, stats: end.stats, finishedAt };
}

/** The setup of another game like this one (same game, seats, options and bots), for "play again". */
export function setupOf(record: OfflineRecord): OfflineSetup {
  const bot = record.seats.find((s) => s.kind === 'bot');
  return {
    game: record.game, players: record.players, options: record.options, level: bot?.level ?? 'basic',
    name: record.seats[HUMAN]?.name ?? '', windowSeconds: record.windowSeconds,
  };
}

/**
 * A finished offline game in the format of the server's exports (packages/server/src/export.ts),
 * which `parlor verify` replays and the replay page folds; null while it is not over (its seed is
 * still secret then).
 */
export function exportOf(record: OfflineRecord): GameExport | null {
  if (record.finishedAt === null || record.outcome === null) return null;
  return {
    format: 'parlor-game', version: 1, game: record.game, table: record.id, gameNo: 1, players: record.players,
    options: record.options,
    seats: record.seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', name: s.name, ...(s.level ? { level: s.level } : {}) } : { kind: 'player', name: s.name })),
    seed: record.seed, commitment: record.commitment,
    actions: record.actions.map((a) => ({ seq: a.seq, seat: a.seat, action: a.action, by: a.by })),
    outcome: record.outcome, stats: record.stats, startedAt: record.startedAt, finishedAt: record.finishedAt,
  };
}

/** The file name a download of the export gets. */
export function exportFileName(record: OfflineRecord): string {
  return `parlor-${record.game}-${record.id}.json`;
}
