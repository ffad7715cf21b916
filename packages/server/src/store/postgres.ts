import { PostgresAccounts } from './postgres/accounts.js';
import { PostgresConnection, type PostgresOptions } from './postgres/connection.js';
import { postgresError } from './postgres/errors.js';
import { PostgresLeases } from './postgres/leases.js';
import { migrate } from './postgres/migrations.js';
import { PostgresNotifications } from './postgres/notifications.js';
import { PostgresVacations } from './postgres/vacations.js';
import { PostgresDevices } from './postgres/devices.js';
import { PostgresFriends } from './postgres/friends.js';
import { PostgresModeration } from './postgres/moderation.js';
import { postgresNameSkeletons } from './postgres/name-skeletons.js';
import { PostgresPlayers } from './postgres/players.js';
import { PostgresRecords } from './postgres/records.js';
import type { ReputationCounts } from './reputation.js';
import { PostgresSessions } from './postgres/sessions.js';
import { PostgresTables } from './postgres/tables.js';
import { PostgresTournaments } from './postgres/tournaments.js';
import { PostgresTurns } from './postgres/turns.js';
import type {
  AccountRow, ActionRow, DueTable, Fence, GameRecords, GameRow, LeaseRow, PlayerGameRow, PlayerRow, RatingPoint, RatingRow, SessionRow, Store, TableRow, TournamentRow,
} from './store.js';

export type { PostgresOptions } from './postgres/connection.js';
export { POSTGRES_SCHEMA_VERSION } from './postgres/migrations.js';

/**
 * The store in a PostgreSQL database (PARLOR_DB=postgres://…), for a cluster of servers or a
 * database run apart from the server. Same rows, rules and migrations as SqliteStore; JSON bodies
 * are kept as text, exactly as written. Open it with `PostgresStore.open`, which runs the migrations.
 * Each concern's statements are in postgres/.
 */
export class PostgresStore implements Store {
  private readonly players: PostgresPlayers;
  private readonly sessions: PostgresSessions;
  private readonly accounts: PostgresAccounts;
  private readonly records: PostgresRecords;
  private readonly leases: PostgresLeases;
  private readonly tableRows: PostgresTables;
  private readonly tournamentRows: PostgresTournaments;
  readonly notifications: PostgresNotifications;
  readonly turns: PostgresTurns;
  readonly vacations: PostgresVacations;
  readonly devices: PostgresDevices;
  readonly friends: PostgresFriends;
  readonly moderation: PostgresModeration;

  private constructor(private readonly db: PostgresConnection) {
    this.players = new PostgresPlayers(db);
    this.sessions = new PostgresSessions(db);
    this.accounts = new PostgresAccounts(db);
    this.records = new PostgresRecords(db);
    this.leases = new PostgresLeases(db);
    this.tableRows = new PostgresTables(db, this.records);
    this.tournamentRows = new PostgresTournaments(db);
    this.notifications = new PostgresNotifications(db);
    this.turns = new PostgresTurns(db);
    this.vacations = new PostgresVacations(db);
    this.devices = new PostgresDevices(db);
    this.friends = new PostgresFriends(db);
    this.moderation = new PostgresModeration(db);
  }

  /** Connects, runs the migrations this database has not had, and resolves to the store. */
  static async open(url: string, opts: PostgresOptions = {}): Promise<PostgresStore> {
    const migrations = PostgresConnection.migrationPool(url, opts);
    try {
      await migrate(migrations);
      await postgresNameSkeletons.rekey(migrations);
    } catch (e) {
      throw postgresError(e);
    } finally {
      await migrations.end().catch(() => {});
    }
    return new PostgresStore(new PostgresConnection(url, opts));
  }

  /** Statements sent to PostgreSQL so far, each one round trip (BEGIN and COMMIT included): the load bench's figure. */
  get roundTrips(): number {
    return this.db.roundTrips;
  }

  addPlayer(p: PlayerRow): Promise<void> {
    return this.players.addPlayer(p);
  }
  addSession(tokenHash: string, playerId: string, at: string): Promise<void> {
    return this.players.addSession(tokenHash, playerId, at);
  }
  deleteSession(tokenHash: string): Promise<void> {
    return this.players.deleteSession(tokenHash);
  }
  deleteSessions(playerId: string, keep = ''): Promise<void> {
    return this.players.deleteSessions(playerId, keep);
  }
  playerByTokenHash(tokenHash: string): Promise<PlayerRow | null> {
    return this.players.playerByTokenHash(tokenHash);
  }
  session(tokenHash: string): Promise<SessionRow | null> {
    return this.sessions.session(tokenHash);
  }
  touchSession(tokenHash: string, at: string): Promise<void> {
    return this.sessions.touchSession(tokenHash, at);
  }
  pruneSessions(before: string): Promise<number> {
    return this.sessions.pruneSessions(before);
  }
  playerById(id: string): Promise<PlayerRow | null> {
    return this.players.playerById(id);
  }
  renamePlayer(id: string, name: string): Promise<void> {
    return this.players.renamePlayer(id, name);
  }
  touchPlayer(id: string, at: string): Promise<void> {
    return this.players.touchPlayer(id, at);
  }
  pruneGuests(before: string): Promise<number> {
    return this.players.pruneGuests(before);
  }

  accountByKey(nameKey: string): Promise<AccountRow | null> {
    return this.accounts.accountByKey(nameKey);
  }
  accountOf(playerId: string): Promise<AccountRow | null> {
    return this.accounts.accountOf(playerId);
  }
  accountLike(name: string): Promise<AccountRow | null> {
    return this.accounts.accountLike(name);
  }
  claimAccount(playerId: string, name: string, nameKey: string, password: string, at: string): Promise<boolean> {
    return this.accounts.claimAccount(playerId, name, nameKey, password, at);
  }
  setPassword(playerId: string, password: string): Promise<void> {
    return this.accounts.setPassword(playerId, password);
  }
  setAvatar(playerId: string, avatar: string | null): Promise<void> {
    return this.accounts.setAvatar(playerId, avatar);
  }
  setBot(playerId: string, bot: boolean): Promise<void> {
    return this.accounts.setBot(playerId, bot);
  }
  deleteAccount(playerId: string, shownAs: string, at: string): Promise<void> {
    return this.accounts.deleteAccount(playerId, shownAs, at)
      .then(() => this.notifications.forgetNotifyAccount(playerId)).then(() => this.vacations.forgetVacations(playerId))
      .then(() => this.friends.forgetFriends(playerId)).then(() => this.moderation.forgetModeration(playerId));
  }

  ratingsOf(playerId: string): Promise<RatingRow[]> {
    return this.records.ratingsOf(playerId);
  }
  ratingHistory(playerId: string, game: string): Promise<RatingPoint[]> {
    return this.records.ratingHistory(playerId, game);
  }
  playerGames(playerId: string, limit: number, before = '\uffff'): Promise<PlayerGameRow[]> {
    return this.records.playerGames(playerId, limit, before);
  }
  allPlayerGames(playerId: string): Promise<PlayerGameRow[]> {
    return this.records.allPlayerGames(playerId);
  }
  reputation(playerId: string, since: string): Promise<ReputationCounts> { return this.records.reputation(playerId, since); }
  leaderboard(game: string, limit: number, offset: number): Promise<(RatingRow & { name: string })[]> {
    return this.records.leaderboard(game, limit, offset);
  }

  acquireLease(tableId: string, owner: string, ttlMs: number): Promise<number | null> {
    return this.leases.acquireLease(tableId, owner, ttlMs);
  }
  renewLease(tableId: string, owner: string, token: number, ttlMs: number): Promise<boolean> {
    return this.leases.renewLease(tableId, owner, token, ttlMs);
  }
  renewLeases(owner: string, leases: readonly { readonly tableId: string; readonly token: number }[], ttlMs: number): Promise<string[]> {
    return this.leases.renewLeases(owner, leases, ttlMs);
  }
  releaseLease(tableId: string, owner: string, token: number): Promise<void> {
    return this.leases.releaseLease(tableId, owner, token);
  }
  leaseOf(tableId: string): Promise<LeaseRow | null> {
    return this.leases.leaseOf(tableId);
  }
  saveTournament(t: TournamentRow, expected: number | null, fence?: Fence): Promise<boolean> {
    return this.tournamentRows.save(t, expected, fence);
  }
  tournament(id: string): Promise<TournamentRow | null> {
    return this.tournamentRows.one(id);
  }
  tournamentList(status: string, limit: number, after?: string): Promise<TournamentRow[]> {
    return this.tournamentRows.list(status, limit, after);
  }
  liveTournaments(): Promise<string[]> {
    return this.tournamentRows.live();
  }
  orphanTables(limit: number): Promise<string[]> {
    return this.leases.orphanTables(limit);
  }

  saveTable(t: TableRow, fence?: Fence): Promise<void> {
    return this.tableRows.saveTable(t, fence);
  }
  tables(): Promise<TableRow[]> {
    return this.tableRows.tables();
  }
  table(id: string): Promise<TableRow | null> {
    return this.tableRows.table(id);
  }
  setTableDue(tableId: string, dueAt: number | null, fence?: Fence): Promise<void> {
    return this.tableRows.setTableDue(tableId, dueAt, fence);
  }
  dueTables(by: number, limit: number): Promise<DueTable[]> {
    return this.tableRows.dueTables(by, limit);
  }
  addGame(g: GameRow, fence?: Fence): Promise<void> {
    return this.tableRows.addGame(g, fence);
  }
  game(tableId: string, gameNo: number): Promise<GameRow | null> {
    return this.tableRows.game(tableId, gameNo);
  }
  appendAction(tableId: string, gameNo: number, a: ActionRow, fence?: Fence): Promise<boolean> {
    return this.tableRows.appendAction(tableId, gameNo, a, fence);
  }
  actions(tableId: string, gameNo: number): Promise<ActionRow[]> {
    return this.tableRows.actions(tableId, gameNo);
  }
  finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null, records?: GameRecords,
    fence?: Fence): Promise<void> {
    return this.tableRows.finishGame(tableId, gameNo, result, finishedAt, stats, records, fence);
  }

  async probe(process: string, at: string): Promise<void> {
    await this.db.q('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [`ready:${process}`, at]);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
