import type { ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type ParlorServer, type ServerConfig, type StartOptions, TestClock } from '../src/index.js';
import { AutoPlayer } from './support/autoplay.js';
import { TestClient } from './support/client.js';
import { testServer } from './support/server.js';

// Issue 10, items 1, 2 and 4: one seat per person; absence never blocks a game (leave to a bot and
// come back, replacing an absent player, bots finishing a table nobody is left at, idle tables
// closing); who is away, and which moves a stand-in made, is visible on the wire.

type Game = Extract<ServerMessage, { type: 'game' }>;
type TableMsg = Extract<ServerMessage, { type: 'table' }>;
type PlayerSeat = Extract<TableMsg['table']['seats'][number], { kind: 'player' }>;

let server: (ParlorServer & { dbPath: string }) | null = null;
const clients: TestClient[] = [];
const autos: AutoPlayer[] = [];
afterEach(async () => {
  for (const a of autos.splice(0)) a.stop();
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

async function start(config: Partial<ServerConfig> = {}, options: Omit<StartOptions, 'logger'> = {}): Promise<void> {
  server = await testServer(config, options);
}
async function connect(name: string): Promise<TestClient> {
  const c = await TestClient.connect(server!.url, name);
  clients.push(c);
  return c;
}
function auto(c: TestClient, tableId: string): AutoPlayer {
  const a = new AutoPlayer(c, `auto ${c.playerId}`);
  a.tables.add(tableId);
  autos.push(a);
  return a;
}
const isGame = (tableId: string, test: (m: Game) => boolean = () => true) => (m: ServerMessage): m is Game =>
  m.type === 'game' && m.tableId === tableId && test(m);
const isTable = (tableId: string, test: (m: TableMsg) => boolean = () => true) => (m: ServerMessage): m is TableMsg =>
  m.type === 'table' && m.table.id === tableId && test(m);
const seat = (m: TableMsg, n: number) => m.table.seats[n] as PlayerSeat;

/** A table with `who[i]` at seat i (the first creates it; 'bot' seats get a basic bot), started. */
async function table(game: 'stir-fry-eighteen' | 'flip-7', who: (TestClient | 'bot')[], opts: { moveTimer?: 0 | 30 | 60 | 120; grace?: number } = {}): Promise<string> {
  const creator = who[0] as TestClient;
  const created = await creator.request({ type: 'table.create', game, seats: who.length, moveTimer: opts.moveTimer ?? 0,
    ...(opts.grace === undefined ? {} : { grace: opts.grace }) });
  if (created.type !== 'table') throw new Error(JSON.stringify(created));
  const tableId = created.table.id;
  for (const [i, w] of who.entries()) {
    if (i === 0) continue;
    const r = w === 'bot'
      ? await creator.request({ type: 'table.bot.add', tableId, seat: i, level: 'basic' })
      : await w.request({ type: 'table.sit', tableId, seat: i });
    expect(r.type).toBe('ok');
  }
  expect((await creator.request({ type: 'table.start', tableId })).type).toBe('ok');
  return tableId;
}

describe('one seat per person', () => {
  it('refuses a second seat at the same table with ALREADY_SEATED, before and after others sit', async () => {
    await start();
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const created = await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3 });
    if (created.type !== 'table') throw new Error('no table');
    const tableId = created.table.id;
    expect(await ann.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'error', code: 'ALREADY_SEATED' });
    expect((await bob.request({ type: 'table.sit', tableId, seat: 1 })).type).toBe('ok');
    expect(await bob.request({ type: 'table.sit', tableId, seat: 2 })).toMatchObject({ type: 'error', code: 'ALREADY_SEATED' });
    const watched = await bob.request({ type: 'table.watch', tableId });
    expect(watched.type === 'table' && watched.table.seats.map((s) => s.kind)).toEqual(['player', 'player', 'empty']);
    expect(watched.type === 'table' && watched.yourSeats).toEqual([1]);
  });
});

describe('leaving a running game', () => {
  it('hands the seat to a stand-in whose moves say so, and the player takes it back', async () => {
    await start();
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('flip-7', [ann, bob, 'bot']);
    auto(ann, tableId);
    expect((await bob.request({ type: 'table.leave', tableId, seat: 1 })).type).toBe('ok');
    const left = await ann.next(isTable(tableId, (m) => seat(m, 1).away));
    expect(seat(left as TableMsg, 1)).toMatchObject({ away: true, awayReason: 'left' });
    // The stand-in plays seat 1; everyone's game messages name its moves.
    const standIn = await ann.next(isGame(tableId, (m) => m.by === 'stand-in'), 20_000) as Game;
    expect(standIn.events.length).toBeGreaterThan(0);
    // Back: the seat is Bob's again, and the watch reply says so.
    expect((await bob.request({ type: 'table.back', tableId, seat: 1 })).type).toBe('ok');
    auto(bob, tableId); // plays Bob's seat from the snapshot the watch below sends
    const watched = await bob.request({ type: 'table.watch', tableId });
    expect(watched.type === 'table' && seat(watched, 1)).toMatchObject({ away: false, awayReason: null });
    const end = await ann.next(isGame(tableId, (m) => m.outcome !== null), 30_000) as Game;
    expect(end.outcome!.scores).toHaveLength(3);
    // A move of Bob's own after he came back is marked as a person's.
    expect(ann.received.some((m) => m.type === 'game' && m.tableId === tableId && m.by === 'player' && m.seq > standIn.seq)).toBe(true);
  });

  it('rebuilds the game log on a watch with who made each move', async () => {
    await start();
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('flip-7', [ann, bob]);
    auto(ann, tableId);
    expect((await bob.request({ type: 'table.leave', tableId, seat: 1 })).type).toBe('ok');
    await ann.next(isGame(tableId, (m) => m.by === 'stand-in'), 20_000);
    const again = await TestClient.connect(server!.url, 'Cleo');
    clients.push(again);
    await again.request({ type: 'table.watch', tableId });
    const snap = await again.next(isGame(tableId, (m) => m.history !== undefined)) as Game;
    const moves = snap.historyMoves!;
    expect(moves[0]).toMatchObject({ seat: null, by: null });
    expect(moves.reduce((n, m) => n + m.events, 0)).toBe(snap.history!.length);
    expect(moves.some((m) => m.seat === 1 && m.by === 'stand-in')).toBe(true);
    expect(moves.filter((m) => m.seat === 0).every((m) => m.by === 'player')).toBe(true);
  });
});

describe('the grace period a table gives a disconnected player', () => {
  it('is the creator\'s to choose within 10 to 600 s, else the server\'s; anything else is refused and makes no table', async () => {
    await start({ graceSeconds: 45 });
    const ann = await connect('Ann');
    const made = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    expect(made.type === 'table' && made.table.grace).toBe(45);
    const own = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, grace: 120 });
    expect(own.type === 'table' && own.table.grace).toBe(120);
    for (const grace of [5, 601, 12.5, -1]) {
      expect(await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, grace } as never))
        .toMatchObject({ type: 'error', code: 'BAD_MESSAGE', message: expect.stringContaining('grace') });
    }
    const lobby = await ann.request({ type: 'lobby.watch' });
    expect(lobby.type === 'lobby' && lobby.tables.length).toBe(2);
  });
});

describe('replacing an absent player (no move timer)', () => {
  it('is refused until they have been away replaceAfter seconds, then a bot plays until they return', async () => {
    // The server's clock stands still until the test moves it: the wait is exactly replaceAfter.
    const clock = new TestClock();
    const replaceMs = 120_000;
    await start({ replaceAfterSeconds: replaceMs / 1000 }, { clock });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const cleo = await connect('Cleo');
    // A grace period longer than replaceAfter (the most a creator may set), so that the others'
    // replacing him comes first.
    const tableId = await table('flip-7', [ann, bob], { grace: 600 });
    const watched = await cleo.request({ type: 'table.watch', tableId });
    expect(watched.type === 'table' && watched.table.replaceAfter).toBe(replaceMs / 1000);
    // Present players cannot be replaced; nor can one's own seat; spectators cannot replace.
    expect(await ann.request({ type: 'table.replace', tableId, seat: 0 })).toMatchObject({ type: 'error', code: 'NOT_ABSENT' });
    expect(await cleo.request({ type: 'table.replace', tableId, seat: 1 })).toMatchObject({ type: 'error', code: 'NOT_SEATED' });
    bob.close();
    const gone = await ann.next(isTable(tableId, (m) => seat(m, 1).kind === 'player' && !seat(m, 1).connected)) as TableMsg;
    expect(seat(gone, 1).disconnectedSince).toEqual(expect.any(Number));
    expect(await ann.request({ type: 'table.replace', tableId, seat: 1 })).toMatchObject({ type: 'error', code: 'TOO_SOON' });
    clock.advance(replaceMs - 1);
    expect(await ann.request({ type: 'table.replace', tableId, seat: 1 })).toMatchObject({ type: 'error', code: 'TOO_SOON', message: expect.stringMatching(/in 1 s/) });
    clock.advance(1);
    expect((await ann.request({ type: 'table.replace', tableId, seat: 1 })).type).toBe('ok');
    const replaced = await ann.next(isTable(tableId, (m) => seat(m, 1).away)) as TableMsg;
    expect(seat(replaced, 1).awayReason).toBe('replaced');
    // Bob comes back (same token) and watches: the seat is his again.
    const bob2 = await TestClient.connect(server!.url, 'Bob');
    clients.push(bob2);
    bob2.token = bob.token;
    await bob2.reconnect();
    const back = await bob2.request({ type: 'table.watch', tableId });
    expect(back.type === 'table' && seat(back, 1)).toMatchObject({ away: false, connected: true });
  });

  it('is refused on a table with a move timer (the timer does it)', async () => {
    await start();
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('flip-7', [ann, bob], { moveTimer: 60 });
    const t = await ann.request({ type: 'table.watch', tableId });
    expect(t.type === 'table' && t.table.replaceAfter).toBeNull();
    expect(await ann.request({ type: 'table.replace', tableId, seat: 1 })).toMatchObject({ type: 'error', code: 'HAS_TIMER' });
  });
});

describe('no person left', () => {
  it('bots finish the game at once when its last person leaves, and it is stored with its result and statistics', async () => {
    // Bots that would take 5 s a move: only the rush after the last person left can finish in time.
    await start({ botDelayMs: [5000, 5000] });
    const ann = await connect('Ann');
    const tableId = await table('stir-fry-eighteen', [ann, 'bot', 'bot']);
    expect((await ann.request({ type: 'table.leave', tableId, seat: 0 })).type).toBe('ok');
    const end = await ann.next(isGame(tableId, (m) => m.outcome !== null), 20_000) as Game;
    expect(end.stats).toHaveLength(3);
    // (the table's new status is sent just before the last game message)
    expect(ann.received.some(isTable(tableId, (m) => m.table.status === 'finished'))).toBe(true);
    const exported = await (await fetch(`${server!.url}/tables/${tableId}/export`)).json() as { outcome: unknown; stats: unknown[] };
    expect(exported.outcome).toEqual(end.outcome);
    expect(exported.stats).toHaveLength(3);
  });
});

describe('idle tables', () => {
  it('an open table closes after its idle time: it leaves the lobby and watching it says it closed', async () => {
    await start({ openTableMinutes: 30 });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const created = await ann.request({ type: 'table.create', game: 'flip-7', seats: 3 });
    if (created.type !== 'table') throw new Error('no table');
    const tableId = created.table.id;
    const lobby = await bob.request({ type: 'lobby.watch' });
    expect(lobby.type === 'lobby' && lobby.tables.map((t) => t.id)).toContain(tableId);
    await server!.hub.sweep(Date.now() + 29 * 60_000);
    expect(server!.hub.tables.has(tableId)).toBe(true);
    await server!.hub.sweep(Date.now() + 31 * 60_000);
    expect(server!.hub.tables.has(tableId)).toBe(false);
    await bob.next((m) => m.type === 'lobby.removed' && m.tableId === tableId);
    await ann.next(isTable(tableId, (m) => m.table.status === 'closed'));
    expect(await bob.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'error', code: 'TABLE_CLOSED' });
  });

  it('a running game whose people have all been gone for the idle time is finished by bots', async () => {
    await start({ idleMinutes: 10 });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('flip-7', [ann, bob]);
    const watcher = await connect('Cleo');
    await watcher.request({ type: 'table.watch', tableId });
    ann.close();
    bob.close();
    await watcher.next(isTable(tableId, (m) => seat(m, 1).kind === 'player' && !seat(m, 0).connected && !seat(m, 1).connected));
    await server!.hub.sweep(Date.now() + 5 * 60_000);
    expect(server!.hub.tables.get(tableId)!.row.status).toBe('running');
    await server!.hub.sweep(Date.now() + 11 * 60_000);
    const end = await watcher.next(isGame(tableId, (m) => m.outcome !== null), 20_000) as Game;
    expect(end.outcome!.winners.length).toBe(1);
    // Once finished and still nobody back, the table closes at the next idle sweep; its game stays downloadable.
    expect(watcher.received.some(isTable(tableId, (m) => m.table.status === 'finished'))).toBe(true);
    await server!.hub.sweep(Date.now() + 22 * 60_000);
    expect(server!.hub.tables.has(tableId)).toBe(false);
    const exported = await fetch(`${server!.url}/tables/${tableId}/export`);
    expect(exported.status).toBe(200);
  });
});
