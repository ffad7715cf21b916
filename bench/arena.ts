/**
 * The arena of the load benchmark (bench/server.ts, `BENCH_ARENA`): players with accounts in one
 * running arena, next to the level's ordinary tables, as a tournament's players use the server.
 *
 * - **Accounts.** Each player is an account: a player row and a claimed name, written into the
 *   level's fresh database through the server's own store before the server starts (every account
 *   with one password hash, made once). Claiming a name over the API (`POST /api/accounts`) costs
 *   the server one scrypt hash (32 MiB, 0.1–0.2 s of CPU) each: 1,000 of them would keep the
 *   2-core machine busy for minutes before anything is measured, and sign-up is not what this
 *   level measures. Everything after that goes through the public API as a program would.
 * - **Entering.** Every player connects (`hello` with the account's token); the first makes the
 *   arena (`POST /api/tournaments`, starting a few seconds later) and all join it
 *   (`POST /api/tournaments/<id>/join`, a few at a time).
 * - **Playing.** On `tournament.paired` a player leaves its old table (`table.unwatch`), watches
 *   the new one (`table.watch`, again after a moment on `UNKNOWN_TABLE`, counted apart) and plays
 *   it as the ordinary tables' clients do: a random legal action after a think time, the same
 *   latency measure. A tournament table plays one game; the arena pairs its players again.
 * - **Re-pairing.** From a player's own game's end (its update with the outcome) to its next
 *   `tournament.paired`, for every player, while measuring. This includes the arena's own waits
 *   (docs/tournaments.md: a table that would seat a player with only their last opponents is held
 *   back up to 10 s for other games to end), not only the server's work.
 * - **Seating.** From `tournament.paired` to the `table.watch` answer (the table made and started).
 *
 * Errors: refused joins or watches, a game that made no progress for the stall time, a player with
 * no new table 40 s after its game ended (the arena's longest wait is 20 s), one paired again
 * before its game ended.
 */
import Database from 'better-sqlite3';
import type { GameId, GameSnapshot, ServerMessage } from '@parlor/protocol';
import { openStore } from '@parlor/server/store';
import { hashPassword } from '../packages/server/src/accounts/passwords.js';
import { nameKey } from '../packages/server/src/accounts/names.js';
import { hashToken, randomId } from '../packages/server/src/identity.js';
import { Player, Stats, TableRun } from './load-client.js';

/** One arena's settings: players, game, options and seats. */
export interface ArenaPlan {
  readonly players: number;
  readonly game: GameId;
  readonly options: Record<string, unknown>;
  readonly seats: number;
  /** Seconds of arena play before measuring (after every player's first table): the games' ends spread out. */
  readonly warmup: number;
  /** The arena's length: longer than the level. */
  readonly minutes: number;
}

export interface ArenaAccount { readonly id: string; readonly name: string; readonly token: string }

/** A player waiting longer than this for a new table after its game is counted as an error. */
const NO_TABLE_MS = 40_000;
/** Joins sent at once. */
const JOIN_CONCURRENCY = 16;
/** `table.watch` tries at a table not made yet. */
const WATCH_TRIES = 200;
const WATCH_RETRY_MS = 25;

/** The arena players' counters, beside the ordinary ones. */
export class ArenaStats extends Stats {
  /** ms from a player's game's end to its next `tournament.paired` (measured). */
  repairs: number[] = [];
  /** ms from `tournament.paired` to the `table.watch` answer (measured). */
  seatings: number[] = [];
  /** `table.watch` answered `UNKNOWN_TABLE` (the player heard of its table before it was made), then tried again. */
  watchRetries = 0;
  /** Players told of a table (each table counted once per player, measured or not). */
  pairings = 0;
}

/** The arena's accounts, written into the database `db` (a SQLite file or a PostgreSQL URL) through the server's store. */
export async function seedArenaAccounts(db: string, n: number): Promise<ArenaAccount[]> {
  const store = await openStore(db);
  try {
    const hash = await hashPassword('bench arena password');
    const at = new Date().toISOString();
    const accounts: ArenaAccount[] = [];
    for (let i = 0; i < n; i++) {
      const name = `arena ${String(i + 1).padStart(4, '0')}`;
      const token = randomId(24);
      const id = randomId();
      await store.addPlayer({ id, name, tokenHash: hashToken(token), createdAt: at });
      if (!await store.claimAccount(id, name, nameKey(name), hash, at)) throw new Error(`the account "${name}" could not be made`);
      accounts.push({ id, name, token });
    }
    return accounts;
  } finally {
    await store.close();
  }
}

/** One arena player: one account, one connection, a new table after each game. */
export class ArenaPlayer extends Player {
  /** When its game's outcome arrived, until its next table. */
  endedAt: number | null = null;
  /** When it heard of its first table. */
  firstPairedAt: number | null = null;
  private over = false;

  constructor(private readonly arena: ArenaStats, thinkMs: readonly [number, number], readonly account: ArenaAccount, game: TableRun['game'], private readonly tournament: () => string) {
    super(arena, thinkMs);
    // Its own run (the stall watch's): the id is its table's of the moment.
    this.table = new TableRun(game, [this]);
  }

  protected override other(m: ServerMessage): void {
    if (m.type === 'tournament.paired' && m.tournamentId === this.tournament()) this.paired(m.tableId);
  }

  protected override mine(m: GameSnapshot): boolean {
    if (m.tableId !== this.table!.id) return false;
    if (this.seat < 0 && m.seat !== null) this.seat = m.seat;
    return m.seat === this.seat;
  }

  protected override gameOver(m: GameSnapshot): void {
    if (this.over || m.tableId !== this.table!.id) return;
    this.over = true;
    this.endedAt = performance.now();
    if (this.seat === 0 && this.arena.measuring) this.arena.games++;
  }

  private paired(tableId: string): void {
    const run = this.table!;
    if (run.id === tableId) return;
    const now = performance.now();
    this.arena.pairings++;
    if (this.endedAt !== null) { if (this.arena.measuring) this.arena.repairs.push(now - this.endedAt); }
    else if (run.id === '') this.firstPairedAt = now;
    else if (!this.arena.stopping) this.arena.error('paired again before its game ended');
    const old = run.id;
    this.reset();
    this.seat = -1;
    this.over = false;
    this.endedAt = null;
    run.id = tableId;
    run.lastProgress = now;
    run.stalled = false;
    if (old !== '') this.send({ type: 'table.unwatch', tableId: old });
    void this.watchTable(tableId, now, 0);
  }

  private async watchTable(tableId: string, pairedAt: number, tries: number): Promise<void> {
    let r: ServerMessage;
    try {
      r = await this.request({ type: 'table.watch', tableId });
    } catch {
      if (!this.arena.stopping) this.arena.error('watch: no reply');
      return;
    }
    if (this.table!.id !== tableId || this.arena.stopping) return;
    if (r.type === 'table') {
      if (this.seat < 0 && r.yourSeats[0] !== undefined) this.seat = r.yourSeats[0];
      if (r.yourSeats.length === 0) this.arena.error('watch: no seat of its own at its tournament table');
      if (this.arena.measuring) this.arena.seatings.push(performance.now() - pairedAt);
      return;
    }
    if (r.type === 'error' && r.code === 'UNKNOWN_TABLE' && tries < WATCH_TRIES) {
      this.arena.watchRetries++;
      setTimeout(() => void this.watchTable(tableId, pairedAt, tries + 1), WATCH_RETRY_MS);
      return;
    }
    this.arena.error(`watch ${r.type === 'error' ? r.code : r.type}`);
  }
}

/** What the arena did in one level. */
export interface ArenaResult {
  readonly players: number;
  /** Players that had a table. */
  readonly seated: number;
  readonly actionsPerSec: number; readonly p50: number; readonly p99: number; readonly max: number;
  readonly errors: number; readonly races: number; readonly errorDetail: string; readonly games: number;
  readonly repairs: number; readonly repairP50: number; readonly repairP99: number; readonly repairMax: number;
  readonly seatP50: number; readonly seatP99: number; readonly watchRetries: number;
  readonly joinSeconds: number; readonly joinedBeforeStart: number;
  /** From the arena's start to every player's first table heard of. */
  readonly firstWaveSeconds: number;
  /** Games the arena has made (all of them, from its stored state), of which finished; its stored state's size. */
  readonly tournamentGames: number; readonly tournamentFinished: number; readonly stateKb: number;
  readonly messages: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One level's arena: its players, from connecting to their figures. */
export class ArenaRun {
  readonly stats = new ArenaStats();
  readonly players: ArenaPlayer[];
  tournamentId = '';
  private startsAt = 0;
  private joinSeconds = NaN;
  private joinedBeforeStart = 0;
  private firstWaveSeconds = NaN;

  constructor(readonly plan: ArenaPlan, readonly accounts: readonly ArenaAccount[], thinkMs: readonly [number, number]) {
    this.players = accounts.map((a) => new ArenaPlayer(this.stats, thinkMs, a, plan.game as TableRun['game'], () => this.tournamentId));
  }

  /** Every player connects with its account's token (player i to process i). */
  async connect(urls: readonly string[]): Promise<void> {
    for (let i = 0; i < this.players.length; i += 50) {
      await Promise.all(this.players.slice(i, i + 50).map((p, j) => p.connect(urls[(i + j) % urls.length]!, { token: p.account.token })));
    }
  }

  /** The first player makes the arena (starting `leadMs` from now), then everyone joins it. */
  async enter(url: string, leadMs: number): Promise<void> {
    const p = this.plan;
    const startsAt = new Date(Date.now() + leadMs).toISOString();
    const made = await post(url, '/api/tournaments', this.accounts[0]!.token, {
      game: p.game, format: 'arena', name: 'Bench arena', minutes: p.minutes, startsAt, seats: p.seats, options: p.options, moveTimer: 30, rated: false,
    });
    if (made.status !== 201) throw new Error(`POST /api/tournaments: ${made.status} ${made.text}`);
    this.tournamentId = (JSON.parse(made.text) as { id: string }).id;
    this.startsAt = Date.parse(startsAt);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: JOIN_CONCURRENCY }, async () => {
      while (next < this.accounts.length) {
        const a = this.accounts[next++]!;
        const r = await post(url, `/api/tournaments/${this.tournamentId}/join`, a.token, {});
        if (r.status !== 204) this.stats.error(`join ${r.status} ${r.text.slice(0, 120)}`);
        else if (Date.now() < this.startsAt) this.joinedBeforeStart++;
      }
    }));
    this.joinSeconds = (performance.now() - t0) / 1000;
  }

  /** Resolves once every player has heard of its first table (or `timeoutMs` has passed: those left count as errors). */
  async firstWave(timeoutMs: number): Promise<void> {
    const until = Date.now() + Math.max(0, this.startsAt - Date.now()) + timeoutMs;
    while (Date.now() < until && this.players.some((p) => p.firstPairedAt === null)) await sleep(100);
    const left = this.players.filter((p) => p.firstPairedAt === null).length;
    if (left > 0) this.stats.error(`no first table ×${left}`);
    const last = Math.max(...this.players.map((p) => p.firstPairedAt ?? performance.now()));
    // performance.now() and Date.now() advance together: the start in the former's terms.
    const startPerf = performance.now() - (Date.now() - this.startsAt);
    this.firstWaveSeconds = (last - startPerf) / 1000;
  }

  /** The stall watch: a game that stopped moving, a player left without a table. */
  check(now: number, stallMs: number): void {
    for (const p of this.players) {
      const run = p.table!;
      if (run.id === '') continue;
      if (p.endedAt !== null) {
        if (now - p.endedAt > NO_TABLE_MS && !run.stalled) { run.stalled = true; this.stats.error(`no new table within ${NO_TABLE_MS / 1000} s of a game's end`); }
      } else if (now - run.lastProgress <= stallMs) run.stalled = false;
      else if (!run.stalled) { run.stalled = true; this.stats.error('stalled arena game'); }
    }
  }

  close(): void {
    this.stats.stopping = true;
    for (const p of this.players) p.close();
  }

  /** The arena's figures over `elapsed` measured seconds; `dbPath`: the level's SQLite file (null on PostgreSQL), to read the arena's stored state. */
  result(elapsed: number, dbPath: string | null): ArenaResult {
    const s = this.stats;
    const sorted = s.latencies.sort((a, b) => a - b);
    const repairs = s.repairs.sort((a, b) => a - b);
    const seatings = s.seatings.sort((a, b) => a - b);
    let tournamentGames = NaN;
    let tournamentFinished = NaN;
    let stateKb = NaN;
    if (dbPath !== null) {
      const db = new Database(dbPath, { readonly: true, fileMustExist: true });
      try {
        const row = db.prepare('SELECT body FROM tournaments WHERE id = ?').get(this.tournamentId) as { body: string } | undefined;
        const parts = db.prepare('SELECT kind, body FROM tournament_parts WHERE tournament_id = ?').all(this.tournamentId) as { kind: string; body: string }[];
        if (row !== undefined) {
          const games = parts.filter((p) => p.kind === 'game').map((p) => JSON.parse(p.body) as { finishedAt: number | null });
          tournamentGames = games.length;
          tournamentFinished = games.filter((g) => g.finishedAt !== null).length;
          stateKb = (Buffer.byteLength(row.body) + parts.reduce((n, p) => n + Buffer.byteLength(p.body), 0)) / 1024;
        }
      } finally {
        db.close();
      }
    }
    return {
      players: this.players.length, seated: this.players.filter((p) => p.firstPairedAt !== null).length,
      actionsPerSec: s.actions / elapsed, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN,
      errors: s.errorCount(), races: s.races, games: s.games, messages: s.messages,
      errorDetail: [...s.errors].map(([k, v]) => `${k} ×${v}`).join(', ') + (s.noUpdate > 0 ? `; ${s.noUpdate} ok without update` : ''),
      repairs: repairs.length, repairP50: quantile(repairs, 0.5), repairP99: quantile(repairs, 0.99), repairMax: repairs.at(-1) ?? NaN,
      seatP50: quantile(seatings, 0.5), seatP99: quantile(seatings, 0.99), watchRetries: s.watchRetries,
      joinSeconds: this.joinSeconds, joinedBeforeStart: this.joinedBeforeStart, firstWaveSeconds: this.firstWaveSeconds,
      tournamentGames, tournamentFinished, stateKb,
    };
  }
}

async function post(url: string, path: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: r.status, text: await r.text() };
}
