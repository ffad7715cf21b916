import { randomBytes } from 'node:crypto';
import { type AddressInfo, type Server, type Socket, createServer, connect } from 'node:net';
import { GAMES, type GameEvent, type GameId, type Outcome, type Rng, gameModule, playGame } from '@parlor/rules';
import pg from 'pg';
import { expect } from 'vitest';
import { commitmentOf } from '../../src/identity.js';
import type { GameRecords, PlayerRow, SeatRow, Store, TableRow } from '../../src/store/store.js';

/**
 * The PostgreSQL the store tests use: PARLOR_TEST_POSTGRES, else the local server (trust auth,
 * database `test`). Each test gets its own schema in it (freshSchema), dropped afterwards, so tests
 * and test files never see each other's rows.
 */
export const TEST_POSTGRES = process.env.PARLOR_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Why the PostgreSQL tests cannot run here (null: they can). Under CI=true nothing is skipped: an
 * absent PostgreSQL must fail the run, not hide it (.ci/run starts it).
 */
export async function postgresSkipReason(): Promise<string | null> {
  if (process.env.CI === 'true') return null;
  const client = new pg.Client({ connectionString: TEST_POSTGRES, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (e) {
    return `PostgreSQL is not reachable at ${TEST_POSTGRES} (${(e as Error).message || (e as { code?: string }).code}); set PARLOR_TEST_POSTGRES or start it`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Prints the one-line reason once per file and returns whether to skip. */
export async function skipPostgres(file: string): Promise<boolean> {
  const reason = await postgresSkipReason();
  if (reason !== null) console.warn(`${file}: PostgreSQL tests skipped: ${reason}`);
  return reason !== null;
}

/** `url` with every connection's search_path set to `schema`. */
export function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export interface TestSchema {
  /** TEST_POSTGRES, its connections working in this schema only. */
  readonly url: string;
  readonly name: string;
  /** Runs SQL in the schema (for checks a Store method does not offer). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** A new empty schema for one test. */
export async function freshSchema(): Promise<TestSchema> {
  const name = `parlor_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.query(`SET search_path = ${name}`);
  return {
    url: inSchema(TEST_POSTGRES, name),
    name,
    query: async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await admin.query<R>(sql, params)).rows,
    drop: async () => {
      try {
        await admin.query(`DROP SCHEMA ${name} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * A TCP relay on 127.0.0.1 to the test PostgreSQL that a test can cut (every connection through it
 * dies, new ones are refused) and restore, as a network failure would, without touching the
 * server other tests use.
 */
export class CuttableLink {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  /** `url` pointed at the relay. */
  get url(): string {
    const u = new URL(this.target);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  constructor(private readonly target: string) {}

  async open(): Promise<void> {
    const to = new URL(this.target);
    const server = createServer((inbound) => {
      const outbound = connect(Number(to.port || 5432), to.hostname);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => { inbound.destroy(); outbound.destroy(); });
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Every connection through the relay breaks, and the port stops answering. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// ---- a store with played games in it (the store suite, and `parlor db copy`'s test) ----

/** A finished game played by the rules' driver (random legal moves) and stored as the server stores one. */
export interface StoredGame {
  readonly tableId: string;
  readonly gameNo: number;
  readonly game: GameId;
  readonly outcome: Outcome;
  readonly actions: number;
}

const AT = Date.parse('2026-11-29T12:00:00.000Z');
/** An ISO time `n` seconds after the fixtures' epoch. */
export const at = (n: number): string => new Date(AT + n * 1000).toISOString();

/** A guest `id` (named `name`) whose session token hashes to `token-<id>`. */
export async function addGuest(store: Store, id: string, name = id, seconds = 0): Promise<PlayerRow> {
  const p: PlayerRow = { id, name, tokenHash: `token-${id}`, createdAt: at(seconds) };
  await store.addPlayer(p);
  return p;
}

/** A table row of `game` with `players` seated (and bots to fill `seats`). */
export function tableRow(id: string, game: GameId, players: string[], over: Partial<TableRow> = {}): TableRow {
  const seats: SeatRow[] = players.map((playerId) => ({ kind: 'player', playerId }));
  return {
    id, game, options: {}, seats, status: 'open', private: false, invite: `invite-${id}`, moveTimer: 0,
    responseWindow: GAMES[game].responseWindow?.seconds.default ?? null, creatorId: players[0] ?? 'nobody', gameNo: 0, createdAt: at(0), ...over,
  };
}

/**
 * Plays game `gameNo` at table `tableId` (seats: player ids, or `bot`) with random legal moves and
 * stores it as the server does: the table, the game, every action, then its end with each player's
 * part and, when `rated`, new ratings for `ratings` (mu, sigma per player).
 */
export async function playAndStore(store: Store, o: {
  tableId: string; gameNo: number; game: GameId; seats: string[]; seed: string; finishedAt: string; rated?: boolean; private?: boolean;
  ratings?: Record<string, [number, number]>;
}): Promise<StoredGame> {
  const module = gameModule(o.game);
  const players = o.seats.filter((s) => s !== 'bot');
  const row = tableRow(o.tableId, o.game, players, { status: 'running', gameNo: o.gameNo, rated: o.rated ?? false, private: o.private ?? false,
    seats: o.seats.map((s) => (s === 'bot' ? { kind: 'bot', level: 'basic' } : { kind: 'player', playerId: s })) });
  await store.saveTable(row);
  await store.addGame({
    tableId: o.tableId, gameNo: o.gameNo, seed: o.seed, commitment: commitmentOf(o.seed), options: {}, startedAt: o.finishedAt,
    finishedAt: null, result: null,
    seats: o.seats.map((s) => (s === 'bot' ? { kind: 'bot', name: 'Bot', level: 'basic' } : { kind: 'player', name: s, playerId: s })),
  });
  const log: { seat: number; action: unknown }[] = [];
  const agents = o.seats.map(() => ({ blind: true, decide: (_v: unknown, legal: readonly unknown[], r: Rng) => r.pick(legal) }));
  const events: GameEvent[] = [];
  const played = await playGame({
    game: module, seed: o.seed, start: { players: o.seats.length, options: {}, seed: o.seed }, agents,
    onAction: ({ seat, action, events: e }) => { log.push({ seat, action }); events.push(...e); },
  });
  for (const [seq, a] of log.entries()) {
    expect(await store.appendAction(o.tableId, o.gameNo, { seq, seat: a.seat, action: a.action, at: o.finishedAt, by: o.seats[a.seat] === 'bot' ? 'bot' : 'player' })).toBe(true);
  }
  const outcome = played.outcome!;
  const stats = module.stats(events, o.seats.length) as unknown[];
  const records: GameRecords = {
    players: o.seats.flatMap((s, seat) => (s === 'bot' ? [] : [{
      playerId: s, tableId: o.tableId, gameNo: o.gameNo, game: o.game, finishedAt: o.finishedAt, seat, players: o.seats.length,
      place: outcome.places[seat]!, score: outcome.scores[seat]!, won: outcome.winners.includes(seat), rated: o.rated ?? false,
      private: o.private ?? false, stats: stats[seat] ?? null,
    }])),
    ratings: Object.entries(o.ratings ?? {}).map(([playerId, [mu, sigma]]) => ({
      playerId, game: o.game, mu, sigma, games: 1, wins: outcome.winners.includes(o.seats.indexOf(playerId)) ? 1 : 0, updatedAt: o.finishedAt,
    })),
  };
  await store.finishGame(o.tableId, o.gameNo, outcome, o.finishedAt, stats, records);
  await store.saveTable({ ...row, status: 'finished' });
  return { tableId: o.tableId, gameNo: o.gameNo, game: o.game, outcome, actions: log.length };
}

/** Folds a stored game again with the rules; its outcome (as JSON), or throws if an action is refused. */
export async function replayOutcome(store: Store, game: GameId, tableId: string, gameNo: number): Promise<unknown> {
  const module = gameModule(game);
  const g = await store.game(tableId, gameNo);
  if (g === null) throw new Error(`no game ${tableId}/${gameNo}`);
  const setup = module.setup({ players: g.seats.length, options: g.options, seed: g.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  for (const [i, a] of (await store.actions(tableId, gameNo)).entries()) {
    if (a.seq !== i) throw new Error(`action ${i} is numbered ${a.seq}`);
    const r = module.apply(state, a.seat, a.action);
    if (!r.ok) throw new Error(`action ${i} refused: ${r.error.message}`);
    state = r.state;
  }
  return JSON.parse(JSON.stringify(module.outcome(state))) as unknown;
}

/**
 * A store with a little of everything: guests, two accounts (one with a second device), a rated
 * and an unrated finished game of each kind, an open and a closed table.
 */
export async function populate(store: Store): Promise<StoredGame[]> {
  for (const [i, id] of ['ann', 'bob', 'cy', 'dee'].entries()) await addGuest(store, id, id[0]!.toUpperCase() + id.slice(1), i);
  expect(await store.claimAccount('ann', 'Ann', 'ann', 'scrypt$ann', at(10))).toBe(true);
  expect(await store.claimAccount('bob', 'Bob', 'bob', 'scrypt$bob', at(11))).toBe(true);
  await store.addSession('token-ann-phone', 'ann', at(12));
  await store.devices.describeSession('token-ann-phone', at(13), 'Firefox on Android', '203.0.113.0/24');
  const games = [
    await playAndStore(store, { tableId: 'T1', gameNo: 1, game: 'stir-fry-eighteen', seats: ['ann', 'bob', 'bot'], seed: 's1', finishedAt: at(100),
      rated: true, ratings: { ann: [27, 7.9], bob: [23, 8.1] } }),
    await playAndStore(store, { tableId: 'T2', gameNo: 1, game: 'flip-7', seats: ['ann', 'cy', 'bot'], seed: 's2', finishedAt: at(200) }),
    await playAndStore(store, { tableId: 'T2', gameNo: 2, game: 'flip-7', seats: ['ann', 'cy', 'bot'], seed: 's3', finishedAt: at(300), private: true }),
    await playAndStore(store, { tableId: 'T3', gameNo: 1, game: 'flip-7', seats: ['bob', 'ann'], seed: 's4', finishedAt: at(400), rated: true,
      ratings: { ann: [26, 7], bob: [24, 7.5] } }),
  ];
  await store.saveTable(tableRow('T4', 'flip-7', ['dee'], { createdAt: at(500) }));
  await store.saveTable(tableRow('T5', 'stir-fry-eighteen', ['cy'], { createdAt: at(600), status: 'closed' }));
  await store.touchPlayer('dee', at(700));
  // A finished tournament (its state as the director leaves it is opaque to the store).
  await store.saveTournament({
    id: 'Cup', status: 'finished', startsAt: at(800), private: false, version: 3, summary: { id: 'Cup', name: 'Cup' }, state: { id: 'Cup' },
    parts: [{ kind: 'entrant', key: 'p1', seq: 0, body: { points: 2 } }, { kind: 'game', key: 'Cup-1', seq: 0, body: { finishedAt: 1 } }],
  }, null);
  // Notifications: Ann's confirmed address and settings, a device, a token, a mailed move, a digest's notice, the keys.
  const n = store.notifications;
  await n.saveNotifyAccount({ playerId: 'ann', email: 'ann@example.org', emailConfirmed: true, language: 'de', kinds: { 'your-move': 'email' }, digest: true });
  await n.savePushSubscription({ endpoint: 'https://push.example.org/ann-phone', playerId: 'ann', p256dh: 'BPk', auth: 'au', createdAt: at(810) });
  await n.addNotifyToken({ tokenHash: 'f'.repeat(64), purpose: 'reset', playerId: 'ann', detail: '', expiresAt: Date.parse(at(900)) });
  expect(await n.markMailed('ann', 'T1', '1:3')).toBe(true);
  await n.addDigestItem({ id: 'd1', playerId: 'ann', at: Date.parse(at(820)), notice: JSON.stringify({ kind: 'your-move', tableId: 'T1' }) });
  await n.notifyKeys(JSON.stringify({ publicKey: 'pub', privateKey: 'priv' }));
  // A running turn-based table's summary, listed for its players (store/turns.ts).
  await store.turns.saveTurnSummary('T4', { tableId: 'T4', seats: [{ playerId: 'dee', seat: 0, toMove: true }], body: JSON.stringify({ tableId: 'T4', toMove: [0] }) });
  // Days off: Ann's one day, declared at its start.
  expect(await store.vacations.addVacation('ann', { from: Date.parse(at(900)), to: Date.parse(at(900)) + 86_400_000 }, Date.parse(at(900)))).toBe(true);
  // Friends (none of Ann's, whose export names nobody else): Bob and Cy, Dee's request to Bob, Dee's refusal of Bob, Cy's block of Dee, Bob's mute of all chat.
  const f = store.friends;
  await f.addFriendship('bob', 'cy', Date.parse(at(910)));
  await f.addFriendRequest('dee', 'bob', Date.parse(at(911)));
  await f.refuseFriend('dee', 'bob', Date.parse(at(912)));
  await f.addBlock('cy', 'dee', Date.parse(at(913)));
  await f.setMute('bob', '*', true);
  // Moderation (none of Ann's either): Cy's chat line, Bob's report of it, Dee a moderator who mutes Cy, and Cy's appeal, upheld.
  const m = store.moderation;
  await m.addChatLine({ id: '0000000001000000001abcd', tableId: 'T1', playerId: 'cy', name: 'Cy', text: 'you all stink', at: Date.parse(at(920)) });
  await m.addReport({
    id: 'R1', reporterId: 'bob', playerId: 'cy', reason: 'abusive-chat', text: 'rude', evidence: JSON.stringify({ line: '0000000001000000001abcd' }),
    status: 'acted', createdAt: Date.parse(at(921)), closedAt: Date.parse(at(923)), closedBy: 'dee',
  });
  expect(await m.grantModerator('dee', 'operator', Date.parse(at(922)))).toBe(true);
  await m.addModAction({
    id: 'M1', playerId: 'cy', moderatorId: 'dee', kind: 'mute', reason: 'insults in chat', reportId: 'R1', at: Date.parse(at(923)), until: Date.parse(at(990)),
    appeal: null, appealedAt: null, answer: null, answerText: null, answeredAt: null, answeredBy: null,
  });
  expect(await m.appeal('M1', 'it was a joke', Date.parse(at(924)))).toBe(true);
  expect(await m.answerAppeal('M1', 'upheld', 'it was not funny', 'dee', Date.parse(at(925)))).toBe(true);
  return games;
}
