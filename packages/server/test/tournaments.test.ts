import type { ServerMessage, TournamentDetail, TournamentGame, TournamentRequest } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { parseSchedules } from '../src/tournament/schedule.js';
import { TestClient } from './support/client.js';
import { type TestServer, testServer } from './support/server.js';

// Whole tournaments through the server, on a paused TestClock the test moves: players are test
// clients (an account each, a WebSocket open, joining and leaving over HTTP); every move is played
// by the stand-in bots that take a seat whose move timer ran out, so the games need nobody's
// input and the clock alone decides when each ends. The standings the server gives are checked
// against a scorer written here from docs/tournaments.md, run over the games' places as the API
// reports them (not the server's own scoring code).

const START = Date.UTC(2026, 11, 24, 18, 0, 0);
/** Two dozen players from one address. */
const LIMITS = { guestsPerAddressPerHour: 1000, maxConnectionsPerAddress: 1000 };

let server: TestServer | null = null;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

interface Player { readonly name: string; readonly token: string; readonly client: TestClient }

async function api<T>(path: string, opts: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server!.url}${path}`, {
    method: opts.method ?? 'GET',
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }) },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** A guest who claimed their name as an account, with their connection open (so that they are present when their games end). */
async function player(name: string): Promise<Player> {
  const client = await TestClient.connect(server!.url, name);
  clients.push(client);
  const made = await api<{ token: string }>('/api/accounts', { method: 'POST', token: client.token!, body: { name, password: 'correct horse battery' } });
  expect(made.status).toBe(201);
  return { name, token: made.body.token, client };
}

/** Lets the work a fired timer set off run (its promises, its store writes): one turn of the event loop, as an `auto` TestClock does. */
const turn = () => new Promise((r) => setTimeout(r, 0));

/**
 * Moves the clock from timer to timer (each firing then given a turn to run) until `done` holds;
 * fails if that takes more than `limitMs` on the clock.
 */
async function runUntil(clock: TestClock, done: () => boolean | Promise<boolean>, limitMs: number): Promise<void> {
  const end = clock.now() + limitMs;
  for (;;) {
    await turn();
    await turn();
    if (await done()) return;
    if (clock.now() > end) throw new Error(`not done after ${limitMs} ms on the clock`);
    const due = clock.nextDue();
    clock.advance(due === null ? 1000 : Math.max(0, due - clock.now()));
  }
}

const detail = async (id: string) => (await api<TournamentDetail>(`/api/tournaments/${id}`)).body;
/** The same page read in the server's process (the clock's loop reads it at every step, past any rate limit). */
const live = (id: string) => server!.hub.tournaments.detail(id, undefined, null);

/** The arena's standings as docs/tournaments.md defines them, from each game's places. */
function arenaOracle(names: readonly string[], games: readonly TournamentGame[], ids: ReadonlyMap<string, string>) {
  const rec = new Map(names.map((n) => [n, { points: 0, wins: 0, streak: 0, games: 0, reachedAt: Infinity }]));
  const byEnd = games.filter((g) => g.finished).sort((a, b) => Date.parse(a.finishedAt!) - Date.parse(b.finishedAt!));
  for (const g of byEnd) {
    g.players.forEach((name, seat) => {
      const r = rec.get(name);
      if (r === undefined) return; // a bot
      const mine = g.places![seat]!;
      const base = g.places!.filter((p) => p > mine).length;
      const won = mine === 1;
      const points = won && r.streak >= 2 ? 2 * base : base;
      if (points > 0) r.reachedAt = Date.parse(g.finishedAt!);
      r.points += points;
      r.games += 1;
      r.wins += won ? 1 : 0;
      r.streak = won ? r.streak + 1 : 0;
    });
  }
  const rows = [...rec].map(([name, r]) => ({ name, ...r }));
  // Players tied on all three are listed by their ids.
  rows.sort((a, b) => b.points - a.points || b.wins - a.wins || a.reachedAt - b.reachedAt || (ids.get(a.name)! < ids.get(b.name)! ? -1 : 1));
  return rows;
}

/** The Swiss standings as docs/tournaments.md defines them: points shared by place, then Buchholz, then wins. */
function swissOracle(names: readonly string[], games: readonly TournamentGame[], ids: ReadonlyMap<string, string>) {
  const rec = new Map(names.map((n) => [n, { points: 0, wins: 0, opponents: [] as string[] }]));
  for (const g of games.filter((x) => x.finished)) {
    const n = g.players.length;
    g.players.forEach((name, seat) => {
      const r = rec.get(name)!;
      const mine = g.places![seat]!;
      const halves = g.places!.reduce((h, p, i) => h + (i === seat ? 0 : p > mine ? 2 : p === mine ? 1 : 0), 0);
      r.points += halves / (2 * (n - 1));
      r.wins += mine === 1 ? 1 : 0;
      r.opponents.push(...g.players.filter((_, i) => i !== seat));
    });
  }
  const rows = [...rec].map(([name, r]) => ({ name, points: r.points, wins: r.wins, buchholz: r.opponents.reduce((s, o) => s + rec.get(o)!.points, 0) }));
  const eq = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  rows.sort((a, b) => (eq(a.points, b.points) ? 0 : b.points - a.points) || (eq(a.buchholz, b.buchholz) ? 0 : b.buchholz - a.buchholz) || b.wins - a.wins || (ids.get(a.name)! < ids.get(b.name)! ? -1 : 1));
  return rows;
}

const idsOf = (d: TournamentDetail) => new Map(d.players.map((p) => [p.name, p.id]));
const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);

describe('a 24-player arena', () => {
  it('runs to its end: everyone paired again as games end, one player withdrawing and coming back, standings as scored by the rules', async () => {
    const clock = new TestClock({ start: START });
    server = await testServer(LIMITS, { clock, seed: ({ id }) => `arena deal ${id}` });
    const players = await Promise.all(names(24, 'Arena').map(player));
    const host = players[0]!;
    const req: TournamentRequest = { game: 'flip-7', format: 'arena', name: 'Winter arena', minutes: 10, startsAt: new Date(START + 60_000).toISOString(), seats: 4, moveTimer: 30, rated: false };
    const made = await api<{ id: string }>('/api/tournaments', { method: 'POST', token: host.token, body: req });
    expect(made.status).toBe(201);
    const id = made.body.id;
    for (const p of players) expect((await api(`/api/tournaments/${id}/join`, { method: 'POST', token: p.token, body: {} })).status).toBe(204);
    const watcher = players[5]!.client;
    await watcher.request({ type: 'tournament.watch', tournamentId: id });

    expect((await detail(id)).status).toBe('upcoming');
    await runUntil(clock, async () => (await live(id)).status === 'running', 120_000);
    const first = await detail(id);
    // Six tables of four at the start, everyone seated, each told where to go.
    expect(first.games).toHaveLength(6);
    expect(new Set(first.games.flatMap((g) => g.players)).size).toBe(24);
    for (const p of players) {
      const paired = p.client.received.find((m): m is Extract<ServerMessage, { type: 'tournament.paired' }> => m.type === 'tournament.paired');
      expect(paired?.tournamentId).toBe(id);
      expect(first.games.find((g) => g.tableId === paired!.tableId)!.players).toContain(p.name);
    }

    // One player withdraws during their first game: it still counts, but they are not paired again...
    const leaver = players[7]!;
    expect((await api(`/api/tournaments/${id}/leave`, { method: 'POST', token: leaver.token, body: {} })).status).toBe(204);
    const hisFirst = first.games.find((g) => g.players.includes(leaver.name))!.tableId;
    await runUntil(clock, async () => (await live(id)).games.filter((g) => g.finished).length >= 10, 10 * 60_000);
    const meanwhile = await detail(id);
    expect(meanwhile.games.find((g) => g.tableId === hisFirst)!.finished).toBe(true);
    expect(meanwhile.games.filter((g) => g.players.includes(leaver.name))).toHaveLength(1);
    expect(meanwhile.players.find((p) => p.name === leaver.name)!.active).toBe(false);
    // ...until they join again.
    expect((await api(`/api/tournaments/${id}/join`, { method: 'POST', token: leaver.token, body: {} })).status).toBe(204);

    await runUntil(clock, async () => (await live(id)).status === 'finished', 30 * 60_000);
    const end = await detail(id);
    expect(end.games.filter((g) => g.players.includes(leaver.name)).length).toBeGreaterThan(1);
    expect(end.games.every((g) => g.finished)).toBe(true);
    // No game started after the arena's end; every player played at least twice.
    expect(end.games.every((g) => Date.parse(g.startedAt) < Date.parse(end.endsAt!))).toBe(true);
    const counts = new Map(players.map((p) => [p.name, end.games.filter((g) => g.players.includes(p.name)).length]));
    expect(Math.min(...counts.values())).toBeGreaterThanOrEqual(2);
    // Nobody sat with exactly the same opponents in two games in a row while anyone else waited:
    // when the same players meet again, every other player (but the one who withdrew) was playing
    // (or finishing at that very moment, after the wave).
    for (const p of players) {
      const mine = end.games.filter((g) => g.players.includes(p.name)).sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
      for (let i = 1; i < mine.length; i++) {
        const before = new Set(mine[i - 1]!.players);
        if (!mine[i]!.players.every((o) => before.has(o))) continue;
        const at = Date.parse(mine[i]!.startedAt);
        const playing = (name: string) => end.games.some((g) => g.players.includes(name) && Date.parse(g.startedAt) <= at && (g.finishedAt === null || Date.parse(g.finishedAt) >= at));
        const idle = players.filter((o) => o !== leaver && !mine[i]!.players.includes(o.name) && !playing(o.name)).map((o) => o.name);
        const around = end.games.filter((g) => [...idle, p.name].some((n) => g.players.includes(n))).map((g) => [g.tableId, g.players.join(','), g.startedAt.slice(11, 19), g.finishedAt?.slice(11, 19)]);
        expect(idle, `${p.name} met the same players again at ${mine[i]!.startedAt} while these waited: ${JSON.stringify(around)}`).toEqual([]);
      }
    }

    const expected = arenaOracle(players.map((p) => p.name), end.games, idsOf(end));
    expect(end.players.map((p) => [p.name, p.points, p.wins, p.games])).toEqual(expected.map((r) => [r.name, r.points, r.wins, r.games]));
    // Ranks: shared only by players equal on points, wins and when they got there.
    expect(end.players[0]!.rank).toBe(1);
    expect(end.players.map((p) => p.rank)).toEqual(expected.map((r, i) => {
      let j = i;
      while (j > 0 && expected[j - 1]!.points === r.points && expected[j - 1]!.wins === r.wins && expected[j - 1]!.reachedAt === r.reachedAt) j--;
      return j + 1;
    }));
    // The watcher heard the final standings over the WebSocket.
    const last = watcher.received.filter((m): m is Extract<ServerMessage, { type: 'tournament' }> => m.type === 'tournament').at(-1)!;
    await runUntil(clock, () => watcher.received.filter((m) => m.type === 'tournament').at(-1) !== last || last.tournament.status === 'finished', 5_000);
    const heard = watcher.received.filter((m): m is Extract<ServerMessage, { type: 'tournament' }> => m.type === 'tournament').at(-1)!;
    expect(heard.tournament.status).toBe('finished');
    expect(heard.tournament.players).toEqual(end.players);
  }, 120_000);
});

describe('a 5-round Swiss event of 13', () => {
  it('pairs 4 + 3 + 3 + 3 (4 + 4 + 4 with one out), a round after the last one ends, one player out for a round, standings by points then Buchholz', async () => {
    const clock = new TestClock({ start: START });
    server = await testServer(LIMITS, { clock, seed: ({ id }) => `swiss deal ${id}` });
    const players = await Promise.all(names(13, 'Swiss').map(player));
    const req: TournamentRequest = { game: 'flip-7', format: 'swiss', rounds: 5, roundMinutes: 30, startsAt: new Date(START + 60_000).toISOString(), seats: 4, moveTimer: 30, rated: false };
    const made = await api<{ id: string }>('/api/tournaments', { method: 'POST', token: players[0]!.token, body: req });
    const id = made.body.id;
    for (const p of players) await api(`/api/tournaments/${id}/join`, { method: 'POST', token: p.token, body: {} });

    await runUntil(clock, async () => (await live(id)).round === 1, 120_000);
    const r1 = await detail(id);
    expect(r1.games.map((g) => g.players.length).sort()).toEqual([3, 3, 3, 4]);

    // One player withdraws during round 1 and is not paired in round 2; back for round 3.
    const out = players[4]!;
    await api(`/api/tournaments/${id}/leave`, { method: 'POST', token: out.token, body: {} });
    await runUntil(clock, async () => (await live(id)).round === 2, 30 * 60_000);
    const r2 = await detail(id);
    const round2 = r2.games.filter((g) => g.round === 2);
    expect(round2.flatMap((g) => g.players)).not.toContain(out.name);
    // Twelve left: the fewest tables, three of four.
    expect(round2.map((g) => g.players.length).sort()).toEqual([4, 4, 4]);
    // A round starts only when every table of the one before has finished.
    expect(r2.games.filter((g) => g.round === 1).every((g) => g.finished)).toBe(true);
    expect((await api(`/api/tournaments/${id}/join`, { method: 'POST', token: out.token, body: {} })).status).toBe(204);

    await runUntil(clock, async () => (await live(id)).status === 'finished', 5 * 30 * 60_000);
    const end = await detail(id);
    expect(end.games).toHaveLength(4 + 3 + 4 + 4 + 4);
    expect(end.games.filter((g) => g.players.includes(out.name))).toHaveLength(4);
    const expected = swissOracle(players.map((p) => p.name), end.games, idsOf(end));
    expect(end.players.map((p) => p.name)).toEqual(expected.map((r) => r.name));
    end.players.forEach((p, i) => {
      expect(p.points).toBeCloseTo(expected[i]!.points, 9);
      expect(p.buchholz).toBeCloseTo(expected[i]!.buchholz, 9);
      expect(p.wins).toBe(expected[i]!.wins);
    });
  }, 120_000);
});

describe('a tournament across a restart', () => {
  it('loses no pairing, point or game when the server stops mid-arena and starts again on the same database', async () => {
    const clock = new TestClock({ start: START });
    server = await testServer(LIMITS, { clock, seed: ({ id }) => `restart deal ${id}` });
    const players = await Promise.all(names(6, 'Again').map(player));
    const req: TournamentRequest = { game: 'flip-7', format: 'arena', minutes: 6, startsAt: new Date(START).toISOString(), seats: 3, moveTimer: 30, rated: false };
    const id = (await api<{ id: string }>('/api/tournaments', { method: 'POST', token: players[0]!.token, body: req })).body.id;
    for (const p of players) await api(`/api/tournaments/${id}/join`, { method: 'POST', token: p.token, body: {} });
    await runUntil(clock, async () => (await live(id)).games.some((g) => g.finished), 10 * 60_000);
    const before = await detail(id);
    const dbPath = server.dbPath;
    for (const c of clients.splice(0)) c.close();
    await server.close();
    server = await testServer({ ...LIMITS, dbPath }, { clock, seed: ({ id: t }) => `restart deal ${t}` });
    const after = await detail(id);
    expect(after.games).toEqual(before.games);
    expect(after.players).toEqual(before.players);
    // Its players come back; the arena goes on to its end, its games all finished.
    for (const p of players) {
      const c = await TestClient.anonymous(server.url);
      await c.request({ type: 'hello', token: p.token });
      clients.push(c);
    }
    await runUntil(clock, async () => (await live(id)).status === 'finished', 30 * 60_000);
    const end = await detail(id);
    expect(end.games.length).toBeGreaterThan(before.games.length);
    expect(end.games.every((g) => g.finished)).toBe(true);
    expect(end.players.map((p) => [p.name, p.points, p.wins])).toEqual(arenaOracle(players.map((p) => p.name), end.games, idsOf(end)).map((r) => [r.name, r.points, r.wins]));
  }, 120_000);
});

describe('the tournament API', () => {
  it('refuses bad requests with a clear code and changes nothing', async () => {
    const clock = new TestClock({ start: START });
    server = await testServer(LIMITS, { clock });
    const a = await player('Refusals');
    const ok: TournamentRequest = { game: 'flip-7', format: 'arena', minutes: 30, startsAt: new Date(START).toISOString(), seats: 4, rated: false };
    const post = (body: unknown, token: string | null = a.token) => api<{ error: string; message: string }>('/api/tournaments', { method: 'POST', ...(token === null ? {} : { token }), body });
    expect((await post(ok, null)).status).toBe(401);
    const guest = await TestClient.connect(server.url, 'Guesty');
    clients.push(guest);
    expect((await post(ok, guest.token!)).body.error).toBe('ACCOUNT_REQUIRED');
    expect((await post({ ...ok, minutes: 4 })).body.error).toBe('BAD_REQUEST');
    expect((await post({ ...ok, minutes: undefined })).body.error).toBe('BAD_TOURNAMENT');
    expect((await post({ ...ok, rounds: 5 })).body.error).toBe('BAD_TOURNAMENT');
    expect((await post({ ...ok, seats: 13 })).body.error).toBe('BAD_REQUEST');
    expect((await post({ ...ok, game: 'stir-fry-eighteen', seats: 6 })).body).toMatchObject({ error: 'BAD_TOURNAMENT' });
    expect((await post({ ...ok, startsAt: 'tomorrow' })).body.error).toBe('BAD_TOURNAMENT');
    expect((await post({ ...ok, startsAt: new Date(START - 3_600_000).toISOString() })).body.error).toBe('BAD_TOURNAMENT');
    expect((await post({ ...ok, moveTimer: 0 })).body.error).toBe('BAD_REQUEST');
    expect((await post({ ...ok, extra: 1 })).body.error).toBe('BAD_REQUEST');
    expect((await api<{ tournaments: unknown[] }>('/api/tournaments?status=upcoming')).body.tournaments).toEqual([]);
    expect((await api<{ error: string }>('/api/tournaments?status=soon')).body.error).toBe('BAD_REQUEST');
    expect((await api<{ error: string }>('/api/tournaments/nope')).status).toBe(404);

    const made = await post({ ...ok, startsAt: new Date(START + 600_000).toISOString() });
    expect(made.status).toBe(201);
    const id = (made.body as unknown as { id: string }).id;
    const listed = (await api<{ tournaments: { id: string; status: string; playerCount: number }[] }>('/api/tournaments?status=upcoming')).body.tournaments;
    expect(listed).toEqual([expect.objectContaining({ id, status: 'upcoming', playerCount: 0 })]);
    expect((await api<{ error: string }>(`/api/tournaments/${id}/leave`, { method: 'POST', token: a.token, body: {} })).body.error).toBe('NOT_ENTERED');
    expect((await api<{ error: string }>(`/api/tournaments/${id}/join`, { method: 'POST', token: guest.token!, body: {} })).body.error).toBe('ACCOUNT_REQUIRED');
    expect((await detail(id)).players).toEqual([]);
    // Watching an unknown tournament over the WebSocket is refused the same way.
    const refused = await a.client.request({ type: 'tournament.watch', tournamentId: 'nope' });
    expect(refused).toMatchObject({ type: 'error', code: 'UNKNOWN_TOURNAMENT' });
  }, 60_000);

  it('keeps a private tournament out of the lists and shows it only with its invite', async () => {
    const clock = new TestClock({ start: START });
    server = await testServer(LIMITS, { clock });
    const a = await player('Host');
    const b = await player('Friend');
    const req: TournamentRequest = { game: 'flip-7', format: 'arena', minutes: 30, startsAt: new Date(START + 600_000).toISOString(), seats: 4, rated: false, private: true };
    const id = (await api<{ id: string }>('/api/tournaments', { method: 'POST', token: a.token, body: req })).body.id;
    expect((await api<{ tournaments: unknown[] }>('/api/tournaments?status=upcoming')).body.tournaments).toEqual([]);
    expect((await api(`/api/tournaments/${id}`)).status).toBe(404);
    const mine = await api<TournamentDetail>(`/api/tournaments/${id}`, { token: a.token });
    expect(mine.body.invite).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await api(`/api/tournaments/${id}/join`, { method: 'POST', token: b.token, body: {} })).status).toBe(404);
    expect((await api(`/api/tournaments/${id}/join`, { method: 'POST', token: b.token, body: { invite: mine.body.invite } })).status).toBe(204);
    expect((await api<TournamentDetail>(`/api/tournaments/${id}?invite=${mine.body.invite}`)).body.players.map((p) => p.name)).toEqual(['Friend']);
  }, 60_000);
});

describe('tournaments the operator schedules', () => {
  it('are made ahead, the next two of each, once even across a restart', async () => {
    const clock = new TestClock({ start: Date.UTC(2026, 11, 24, 18, 20, 0) }); // a Thursday
    const tournamentSchedules = parseSchedules(JSON.stringify([
      { every: 'hour', at: '00', game: 'flip-7', format: 'arena', minutes: 55, seats: 4, rated: true, name: 'Hourly Flip 7' },
      { every: 'week', at: 'Sat 19:00', game: 'stir-fry-eighteen', format: 'swiss', rounds: 5, seats: 4, rated: true },
    ]));
    server = await testServer({ ...LIMITS, tournamentSchedules }, { clock });
    const list = async () => (await api<{ tournaments: { name: string; startsAt: string; createdBy: string | null; format: string }[] }>('/api/tournaments?status=upcoming')).body.tournaments;
    const expected = [
      ['Hourly Flip 7', '2026-12-24T19:00:00.000Z'],
      ['Hourly Flip 7', '2026-12-24T20:00:00.000Z'],
      ['Stir Fry Eighteen Swiss', '2026-12-26T19:00:00.000Z'],
      ['Stir Fry Eighteen Swiss', '2027-01-02T19:00:00.000Z'],
    ];
    expect((await list()).map((t) => [t.name, t.startsAt])).toEqual(expected);
    expect((await list()).every((t) => t.createdBy === null)).toBe(true);
    const dbPath = server.dbPath;
    await server.close();
    server = await testServer({ ...LIMITS, tournamentSchedules, dbPath }, { clock });
    expect((await list()).map((t) => [t.name, t.startsAt])).toEqual(expected);
  }, 60_000);

  it('are refused at start-up when a schedule is wrong, naming what is wrong', () => {
    expect(() => parseSchedules('{')).toThrow(/PARLOR_TOURNAMENTS must be a JSON array/);
    expect(() => parseSchedules('[{"every":"hour","at":"61","game":"flip-7","format":"arena","minutes":30,"seats":4,"rated":false}]'))
      .toThrow(/PARLOR_TOURNAMENTS\[0\]: "at" of an hourly tournament is the minute/);
    expect(() => parseSchedules('[{"every":"day","at":"19:00","game":"flip-7","format":"arena","seats":4,"rated":false}]'))
      .toThrow(/PARLOR_TOURNAMENTS\[0\]: An arena needs "minutes"/);
    expect(() => parseSchedules('[{"every":"month","at":"1","game":"flip-7","format":"arena","minutes":30,"seats":4,"rated":false}]'))
      .toThrow(/PARLOR_TOURNAMENTS\[0\]\.every/);
  });
});
