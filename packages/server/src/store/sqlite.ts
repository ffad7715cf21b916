import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteAccounts } from './sqlite/accounts.js';
import { Checkpoints } from './sqlite/checkpoints.js';
import { SqliteLeases } from './sqlite/leases.js';
import { migrate } from './sqlite/migrations.js';
import { SqliteNotifications } from './sqlite/notifications.js';
import { SqliteVacations } from './sqlite/vacations.js';
import { SqliteDevices } from './sqlite/devices.js';
import { SqliteFriends } from './sqlite/friends.js';
import { SqliteModeration } from './sqlite/moderation.js';
import { SqlitePlayers } from './sqlite/players.js';
import { SqliteRecords } from './sqlite/records.js';
import type { ReputationCounts } from './reputation.js';
import { SqliteSessions } from './sqlite/sessions.js';
import { SqliteTables } from './sqlite/tables.js';
import { SqliteTournaments } from './sqlite/tournaments.js';
import { SqliteTurns } from './sqlite/turns.js';
import {
  type AccountRow, type ActionRow, type DueTable, type Fence, type GameRecords, type GameRow, type LeaseRow, type PlayerGameRow, type PlayerRow,
  type RatingPoint, type RatingRow, type SessionRow, type Store, StoreUnavailable, type TableRow, type TournamentRow,
} from './store.js';
export { SCHEMA_VERSION } from './sqlite/migrations.js';

/** A failure of the database itself (full disk, I/O error, locked, closed) as StoreUnavailable; anything else as it is. */
function storeError(e: unknown): unknown {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_') && !code.startsWith('SQLITE_CONSTRAINT')) return new StoreUnavailable(code, { cause: e });
  if (e instanceof TypeError && /database connection is not open/i.test(e.message)) return new StoreUnavailable('closed', { cause: e });
  return e;
}

/**
 * The default store: one SQLite file (WAL mode), created on first start. Writes are synchronous and
 * durable on return (WAL with synchronous=NORMAL survives a process crash; FULL also survives power
 * loss: set PARLOR_DB_SYNC=full). Each concern's statements are in sqlite/; every call here runs
 * one of them behind `guard`.
 */
export class SqliteStore implements Store {
  private readonly db: Database.Database;
  readonly checkpoints: Checkpoints | null; // the write-ahead log's checkpointing thread; null: the main connection's commits
  warn: (msg: string) => void = (msg) => process.emitWarning(msg); // the server's log, once it has one
  private readonly players: SqlitePlayers;
  private readonly sessions: SqliteSessions;
  private readonly accounts: SqliteAccounts;
  private readonly records: SqliteRecords;
  private readonly leases: SqliteLeases;
  private readonly tableRows: SqliteTables;
  private readonly tournamentRows: SqliteTournaments;
  readonly notifications: SqliteNotifications;
  readonly turns: SqliteTurns;
  readonly vacations: SqliteVacations;
  readonly devices: SqliteDevices;
  readonly friends: SqliteFriends;
  readonly moderation: SqliteModeration;

  /**
   * `timeoutMs` (PARLOR_DB_TIMEOUT_MS, default 5 s): how long a statement waits for a lock another
   * connection holds (SQLite's busy timeout) before it fails with SQLITE_BUSY, as StoreUnavailable.
   * The wait is synchronous: the process does nothing else meanwhile. `checkpoints` (PARLOR_DB_CHECKPOINTS):
   * a thread of its own (default, for a file) or (`inline`) the commit that fills the log, as SQLite does.
   */
  constructor(path: string, opts: { synchronous?: 'normal' | 'full'; timeoutMs?: number; checkpoints?: 'thread' | 'inline' } = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path, { timeout: opts.timeoutMs ?? 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    this.db.pragma('foreign_keys = ON');
    migrate(this.db);
    this.checkpoints = path === ':memory:' || opts.checkpoints === 'inline' ? null : new Checkpoints(this.db, path, (m) => this.warn(m));
    this.players = new SqlitePlayers(this.db);
    this.sessions = new SqliteSessions(this.db);
    this.accounts = new SqliteAccounts(this.db, this.players);
    this.accounts.rekeyNames();
    this.records = new SqliteRecords(this.db);
    this.leases = new SqliteLeases(this.db);
    this.tableRows = new SqliteTables(this.db, this.leases, this.records);
    this.tournamentRows = new SqliteTournaments(this.db, this.leases);
    this.notifications = new SqliteNotifications(this.db, (fn) => this.guard(fn));
    this.turns = new SqliteTurns(this.db, this.leases, (fn) => this.guard(fn));
    this.vacations = new SqliteVacations(this.db, (fn) => this.guard(fn));
    this.devices = new SqliteDevices(this.db, (fn) => this.guard(fn));
    this.friends = new SqliteFriends(this.db, (fn) => this.guard(fn));
    this.moderation = new SqliteModeration(this.db, (fn) => this.guard(fn));
  }

  /** Runs a statement; a failure of the database itself becomes StoreUnavailable. */
  private guard<T>(fn: () => T): Promise<T> {
    try {
      return Promise.resolve(fn());
    } catch (e) {
      return Promise.reject(storeError(e));
    }
  }

  addPlayer(p: PlayerRow): Promise<void> {
    return this.guard(() => this.players.addPlayer(p));
  }
  addSession(tokenHash: string, playerId: string, at: string): Promise<void> {
    return this.guard(() => this.players.addSession(tokenHash, playerId, at));
  }
  deleteSession(tokenHash: string): Promise<void> {
    return this.guard(() => this.players.deleteSession(tokenHash));
  }
  deleteSessions(playerId: string, keep = ''): Promise<void> {
    return this.guard(() => this.players.deleteSessions(playerId, keep));
  }
  playerByTokenHash(tokenHash: string): Promise<PlayerRow | null> {
    return this.guard(() => this.players.playerByTokenHash(tokenHash));
  }
  session(tokenHash: string): Promise<SessionRow | null> {
    return this.guard(() => this.sessions.session(tokenHash));
  }
  touchSession(tokenHash: string, at: string): Promise<void> {
    return this.guard(() => this.sessions.touchSession(tokenHash, at));
  }
  pruneSessions(before: string): Promise<number> {
    return this.guard(() => this.sessions.pruneSessions(before));
  }
  playerById(id: string): Promise<PlayerRow | null> {
    return this.guard(() => this.players.playerById(id));
  }
  renamePlayer(id: string, name: string): Promise<void> {
    return this.guard(() => this.players.renamePlayer(id, name));
  }
  touchPlayer(id: string, at: string): Promise<void> {
    return this.guard(() => this.players.touchPlayer(id, at));
  }
  pruneGuests(before: string): Promise<number> {
    return this.guard(() => this.players.pruneGuests(before));
  }

  accountByKey(nameKey: string): Promise<AccountRow | null> {
    return this.guard(() => this.accounts.accountByKey(nameKey));
  }
  accountOf(playerId: string): Promise<AccountRow | null> {
    return this.guard(() => this.accounts.accountOf(playerId));
  }
  accountLike(name: string): Promise<AccountRow | null> {
    return this.guard(() => this.accounts.accountLike(name));
  }
  claimAccount(playerId: string, name: string, nameKey: string, password: string, at: string): Promise<boolean> {
    return this.guard(() => this.accounts.claimAccount(playerId, name, nameKey, password, at));
  }
  setPassword(playerId: string, password: string): Promise<void> {
    return this.guard(() => this.accounts.setPassword(playerId, password));
  }
  setAvatar(playerId: string, avatar: string | null): Promise<void> {
    return this.guard(() => this.accounts.setAvatar(playerId, avatar));
  }
  setBot(playerId: string, bot: boolean): Promise<void> {
    return this.guard(() => this.accounts.setBot(playerId, bot));
  }
  deleteAccount(playerId: string, shownAs: string, at: string): Promise<void> {
    return this.guard(() => this.accounts.deleteAccount(playerId, shownAs, at))
      .then(() => this.notifications.forgetNotifyAccount(playerId)).then(() => this.vacations.forgetVacations(playerId))
      .then(() => this.friends.forgetFriends(playerId)).then(() => this.moderation.forgetModeration(playerId));
  }

  ratingsOf(playerId: string): Promise<RatingRow[]> {
    return this.guard(() => this.records.ratingsOf(playerId));
  }
  ratingHistory(playerId: string, game: string): Promise<RatingPoint[]> {
    return this.guard(() => this.records.ratingHistory(playerId, game));
  }
  playerGames(playerId: string, limit: number, before = '\uffff'): Promise<PlayerGameRow[]> {
    return this.guard(() => this.records.playerGames(playerId, limit, before));
  }
  allPlayerGames(playerId: string): Promise<PlayerGameRow[]> {
    return this.guard(() => this.records.allPlayerGames(playerId));
  }
  reputation(playerId: string, since: string): Promise<ReputationCounts> { return this.guard(() => this.records.reputation(playerId, since)); }
  leaderboard(game: string, limit: number, offset: number): Promise<(RatingRow & { name: string })[]> {
    return this.guard(() => this.records.leaderboard(game, limit, offset));
  }

  acquireLease(tableId: string, owner: string, ttlMs: number): Promise<number | null> {
    return this.guard(() => this.leases.acquireLease(tableId, owner, ttlMs));
  }
  renewLease(tableId: string, owner: string, token: number, ttlMs: number): Promise<boolean> {
    return this.guard(() => this.leases.renewLease(tableId, owner, token, ttlMs));
  }
  renewLeases(owner: string, leases: readonly { readonly tableId: string; readonly token: number }[], ttlMs: number): Promise<string[]> {
    return this.guard(() => this.leases.renewLeases(owner, leases, ttlMs));
  }
  releaseLease(tableId: string, owner: string, token: number): Promise<void> {
    return this.guard(() => this.leases.releaseLease(tableId, owner, token));
  }
  leaseOf(tableId: string): Promise<LeaseRow | null> {
    return this.guard(() => this.leases.leaseOf(tableId));
  }
  saveTournament(t: TournamentRow, expected: number | null, fence?: Fence): Promise<boolean> {
    return this.guard(() => this.tournamentRows.save(t, expected, fence));
  }
  tournament(id: string): Promise<TournamentRow | null> {
    return this.guard(() => this.tournamentRows.one(id));
  }
  tournamentList(status: string, limit: number, after?: string): Promise<TournamentRow[]> {
    return this.guard(() => this.tournamentRows.list(status, limit, after));
  }
  liveTournaments(): Promise<string[]> {
    return this.guard(() => this.tournamentRows.live());
  }
  orphanTables(limit: number): Promise<string[]> {
    return this.guard(() => this.leases.orphanTables(limit));
  }

  saveTable(t: TableRow, fence?: Fence): Promise<void> {
    return this.guard(() => this.tableRows.saveTable(t, fence));
  }
  tables(): Promise<TableRow[]> {
    return this.guard(() => this.tableRows.tables());
  }
  table(id: string): Promise<TableRow | null> {
    return this.guard(() => this.tableRows.table(id));
  }
  setTableDue(tableId: string, dueAt: number | null, fence?: Fence): Promise<void> {
    return this.guard(() => this.tableRows.setTableDue(tableId, dueAt, fence));
  }
  dueTables(by: number, limit: number): Promise<DueTable[]> {
    return this.guard(() => this.tableRows.dueTables(by, limit));
  }
  addGame(g: GameRow, fence?: Fence): Promise<void> {
    return this.guard(() => this.tableRows.addGame(g, fence));
  }
  game(tableId: string, gameNo: number): Promise<GameRow | null> {
    return this.guard(() => this.tableRows.game(tableId, gameNo));
  }
  appendAction(tableId: string, gameNo: number, a: ActionRow, fence?: Fence): Promise<boolean> {
    return this.guard(() => this.tableRows.appendAction(tableId, gameNo, a, fence));
  }
  actions(tableId: string, gameNo: number): Promise<ActionRow[]> {
    return this.guard(() => this.tableRows.actions(tableId, gameNo));
  }
  finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null, records?: GameRecords, fence?: Fence): Promise<void> {
    return this.guard(() => this.tableRows.finishGame(tableId, gameNo, result, finishedAt, stats, records, fence));
  }

  probe(process: string, at: string): Promise<void> {
    return this.guard(() => {
      this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(`ready:${process}`, at);
    });
  }

  async close(): Promise<void> {
    await this.checkpoints?.stop();
    this.db.close();
  }
}
