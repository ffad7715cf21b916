import type { TournamentDetail, TournamentGame, TournamentRequest } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildServer } from './support/child.js';
import { TestClient } from './support/client.js';
import { clusterEnv, skipCluster, startCluster } from './support/cluster.js';
import { type TestSchema, freshSchema } from './support/stores.js';
import { until } from './support/until.js';

// A Swiss event on a cluster of three real processes (PostgreSQL and Redis; skipped with a reason
// when either is absent, except under CI=true), whose directing process — the holder of the lease
// `tournament:<id>`, which also makes the tables of the rounds it pairs — is SIGKILLed as soon as
// round 1 is stored: its tables then made and started, made but not started, or not made yet.
// Another process takes the lease and mends what was left undone, the tables move, and the event
// plays out its three rounds: no game or point lost, no round paired twice. Every move is played
// by the stand-in bots that take a seat whose move timer (30 s at a hundredth: 0.3 s) ran out, so
// the games need nobody's input. The players' connections stay open to the processes that live
// (each has one to every process), so nobody is withdrawn for being away when a game ends. Real
// processes share no test clock: every wait is on a state (the database's rows, an API answer).

const skip = await skipCluster('tournament-failover.test.ts');
const children: ChildServer[] = [];
const clients: TestClient[] = [];
const schemas: TestSchema[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of children.splice(0)) await s.kill().catch(() => {});
  for (const s of schemas.splice(0)) await s.drop().catch(() => {});
});

const errorsIn = (s: ChildServer) => s.output.split('\n').filter((l) => /"level":(50|60)/.test(l));
const PLAYERS = ['Ada', 'Bea', 'Cal', 'Dov', 'Eli'];
const ROUNDS = 3;

async function api<T>(base: string, path: string, opts: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method: opts.method ?? 'GET',
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }) },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** What the test reads of a tournament's stored state (its row in `tournaments`, its games in `tournament_parts`). */
interface Stored {
  readonly status: string;
  readonly round: number;
  readonly games: readonly { readonly tableId: string; readonly round: number; readonly finishedAt: number | null }[];
}

async function stored(schema: TestSchema, id: string): Promise<Stored | null> {
  const rows = await schema.query<{ body: string }>('SELECT body FROM tournaments WHERE id = $1', [id]);
  if (rows[0] === undefined) return null;
  const games = await schema.query<{ body: string }>("SELECT body FROM tournament_parts WHERE tournament_id = $1 AND kind = 'game' ORDER BY seq", [id]);
  return { ...JSON.parse(rows[0].body) as Omit<Stored, 'games'>, games: games.map((g) => JSON.parse(g.body) as Stored['games'][number]) };
}

/** The unexpired lease of the tournament's director, by the database's clock: its owner's pid and its token. */
async function director(schema: TestSchema, id: string): Promise<{ pid: number; token: number } | null> {
  const rows = await schema.query<{ owner: string; token: string }>(
    'SELECT owner, token FROM table_leases WHERE table_id = $1 AND expires_at > floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint',
    [`tournament:${id}`]);
  const m = /^tournaments-(\d+)-/.exec(rows[0]?.owner ?? '');
  return m === null ? null : { pid: Number(m[1]), token: Number(rows[0]!.token) };
}

/** A Swiss game's points by place (docs/tournaments.md): the opponents finished ahead of whole, those tied with by half, over n − 1. */
function swissShare(places: readonly number[], seat: number): number {
  const mine = places[seat]!;
  const halves = places.reduce((h, p, i) => h + (i === seat ? 0 : p > mine ? 2 : p === mine ? 1 : 0), 0);
  return halves / (2 * (places.length - 1));
}

describe.skipIf(skip)('a Swiss event whose directing process is SIGKILLed', () => {
  it('is taken over by another process and finishes its rounds with no game or point lost and no round paired twice', async () => {
    const schema = await freshSchema();
    schemas.push(schema);
    const env = clusterEnv(schema, undefined, { PARLOR_LEASE_MS: '1000', PARLOR_TIMER_SCALE: '0.01', PARLOR_BOT_DELAY_MS: '0-0' });
    const servers = await startCluster(3, schema, env);
    children.push(...servers);
    const logs = () => servers.map((s) => `--- pid ${s.proc.pid} (port ${s.port}):\n${s.output.slice(-4000)}`).join('\n');

    // Each player: a guest on one process who claims the name, then a connection to every process.
    const players: { name: string; token: string }[] = [];
    for (const [i, name] of PLAYERS.entries()) {
      const home = servers[i % servers.length]!;
      const first = await TestClient.connect(home.url, name);
      clients.push(first);
      const made = await api<{ token: string }>(home.url, '/api/accounts', { method: 'POST', token: first.token!, body: { name, password: 'correct horse battery' } });
      expect(made.status).toBe(201);
      for (const s of servers) {
        if (s === home) continue;
        const c = await TestClient.anonymous(s.url);
        clients.push(c);
        expect(await c.request({ type: 'hello', token: made.body.token })).toMatchObject({ type: 'welcome' });
      }
      players.push({ name, token: made.body.token });
    }

    const req: TournamentRequest = {
      game: 'flip-7', format: 'swiss', rounds: ROUNDS, seats: 2, startsAt: new Date(Date.now() + 3000).toISOString(), moveTimer: 30, rated: false,
    };
    const made = await api<{ id: string }>(servers[0]!.url, '/api/tournaments', { method: 'POST', token: players[0]!.token, body: req });
    expect(made.status).toBe(201);
    const id = made.body.id;
    for (const [i, p] of players.entries()) {
      expect((await api(servers[i % servers.length]!.url, `/api/tournaments/${id}/join`, { method: 'POST', token: p.token, body: {} })).status).toBe(204);
    }

    // Round 1 under way (some of its games not finished): its director is killed.
    let before = null as Stored | null;
    await until('round 1 to be under way', async () => {
      before = await stored(schema, id);
      return before !== null && before.status === 'running' && before.round === 1 && before.games.some((g) => g.finishedAt === null);
    }, 30_000, () => `${JSON.stringify(before)}\n${logs()}`);
    const held = await director(schema, id);
    const victim = servers.find((s) => s.proc.pid === held?.pid);
    expect(victim, `the lease of tournament:${id} names a process of the cluster (${JSON.stringify(held)})`).toBeDefined();
    // The process it was made on has directed it without a break: its lease's first token (renewed, never taken).
    expect(victim).toBe(servers[0]);
    expect(held!.token).toBe(1);
    await victim!.kill();
    const survivors = servers.filter((s) => s !== victim);

    // Another process directs it, with a newer token.
    let after = null as { pid: number; token: number } | null;
    await until('a surviving process to take the lease', async () => {
      after = await director(schema, id);
      return after !== null && survivors.some((s) => s.proc.pid === after!.pid);
    }, 30_000, () => `${JSON.stringify(after)}\n${logs()}`);
    expect(after!.token).toBeGreaterThan(held!.token);

    let now = null as Stored | null;
    await until('the event to finish', async () => {
      now = await stored(schema, id);
      return now?.status === 'finished';
    }, 60_000, () => `${JSON.stringify(now)}\n${logs()}`);

    // Every surviving process shows it finished (read at most every quarter second: the API limits reads).
    const pages = new Map<ChildServer, TournamentDetail>();
    for (const s of survivors) {
      let lastRead = 0;
      await until(`GET /api/tournaments/${id} on pid ${s.proc.pid} to say finished`, async () => {
        if (Date.now() - lastRead < 250) return false;
        lastRead = Date.now();
        const r = await api<TournamentDetail>(s.url, `/api/tournaments/${id}`);
        if (r.status === 200) pages.set(s, r.body);
        return r.body.status === 'finished';
      }, 10_000, () => JSON.stringify(pages.get(s)));
    }
    const [page, other] = [...pages.values()] as [TournamentDetail, TournamentDetail];
    expect(other).toEqual(page);
    expect(page.round).toBe(ROUNDS);

    // Every round paired once: two games of two (five players, one bye), each player in at most one of them.
    const games = page.games;
    const byRound = new Map<number, TournamentGame[]>();
    for (const g of games) byRound.set(g.round, [...byRound.get(g.round) ?? [], g]);
    expect([...byRound.keys()].sort()).toEqual([1, 2, 3]);
    for (const [round, gs] of byRound) {
      expect(gs, `round ${round}`).toHaveLength(2);
      const seated = gs.flatMap((g) => g.players);
      expect(new Set(seated).size, `round ${round}: ${JSON.stringify(gs)}`).toBe(4);
      expect(seated.every((n) => PLAYERS.includes(n))).toBe(true);
    }
    expect(games.every((g) => g.finished && g.places !== null && g.places.length === 2)).toBe(true);
    expect(new Set(games.map((g) => g.tableId)).size).toBe(games.length);

    // The store holds exactly these tables, each finished, and the places recorded are the games' own.
    const tables = await schema.query<{ id: string; status: string }>('SELECT id, status FROM tables WHERE id LIKE $1 ORDER BY id', [`${id}-%`]);
    expect(tables.map((t) => t.id).sort()).toEqual(games.map((g) => g.tableId).sort());
    expect(tables.every((t) => t.status === 'finished')).toBe(true);
    const placed = await schema.query<{ table_id: string; player_id: string; place: number }>(
      'SELECT table_id, player_id, place FROM player_games WHERE table_id LIKE $1', [`${id}-%`]);
    const idOf = new Map(page.players.map((p) => [p.name, p.id]));
    for (const g of games) {
      const mine = g.players.map((name) => placed.find((r) => r.table_id === g.tableId && r.player_id === idOf.get(name))?.place);
      expect(mine, `places of ${g.tableId}`).toEqual(g.places);
    }

    // Standings: each player's games are the rounds they were paired in, the other rounds byes (one
    // each at most); points are their games' shares by place plus a point a bye; wins are first places.
    expect(page.players.map((p) => p.name).sort()).toEqual([...PLAYERS].sort());
    let byes = 0;
    for (const p of page.players) {
      const mine = games.filter((g) => g.players.includes(p.name));
      const bye = ROUNDS - mine.length;
      expect(bye, `${p.name}'s byes`).toBeGreaterThanOrEqual(0);
      expect(bye, `${p.name}'s byes`).toBeLessThanOrEqual(1);
      byes += bye;
      const points = mine.reduce((sum, g) => sum + swissShare(g.places!, g.players.indexOf(p.name)), 0) + bye;
      expect(p.games, p.name).toBe(mine.length);
      expect(p.points, p.name).toBeCloseTo(points, 9);
      expect(p.wins, p.name).toBe(mine.filter((g) => g.places![g.players.indexOf(p.name)] === 1).length);
      expect(p.active, `${p.name} still entered`).toBe(true);
      expect(p.tableId).toBeNull();
    }
    expect(byes).toBe(ROUNDS);
    for (const s of survivors) expect(errorsIn(s), `errors logged by pid ${s.proc.pid}`).toEqual([]);
  }, 120_000);
});
