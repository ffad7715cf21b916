import type { GamesPage, Leaderboard, PlayerProfile, ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test.js';
import type { TestClient } from './support/client.js';

// The display rating over the API and the protocol (docs/api.md, "Display rating"): profiles,
// histories and leaderboards carry it with its provisional mark and each game's change, the
// `rating` (μ − 3σ) stays for outside clients, and the table's watchers hear the change pushed
// once a rated game is written.

const { start, server, account } = serverPerTest();

async function get<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${server().url}${path}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** A Flip 7 table of the player and a bot (rated or not); the player leaves at once, so the bots finish it and the player is last. */
async function playAndLeave(c: TestClient, rated: boolean, level: 'random' | 'basic'): Promise<string> {
  const created = await c.request({ type: 'table.create', game: 'flip-7', seats: 2, rated });
  if (created.type !== 'table') throw new Error(JSON.stringify(created));
  const tableId = created.table.id;
  await c.request({ type: 'table.bot.add', tableId, seat: 1, level });
  await c.request({ type: 'table.start', tableId });
  await c.request({ type: 'table.leave', tableId, seat: 0 });
  await c.next((m) => m.type === 'game' && m.tableId === tableId && m.outcome !== null, 20_000);
  return tableId;
}

type Rated = Extract<ServerMessage, { type: 'game.rated' }>;

/** The `game.rated` of a table: the ratings are written before the game's last snapshot is sent, so it may have come already. */
async function ratedOf(c: TestClient, tableId: string): Promise<Rated> {
  const is = (m: ServerMessage) => m.type === 'game.rated' && m.tableId === tableId;
  return (c.received.find(is) ?? await c.waitFor(is)) as Rated;
}

describe('display ratings over the API', () => {
  it('a rated game pushes the change, and the profile, history and leaderboard show the display rating, provisional, with each change', async () => {
    await start();
    const rita = await account('Rita');

    // An unrated game first: it changes no rating, pushes nothing and its history entry has no change.
    const casual = await playAndLeave(rita.client, false, 'random');
    const casualPage = await get<GamesPage>('/api/me/games', rita.token);
    expect(casualPage.games.map((g) => g.tableId)).toEqual([casual]);
    expect(casualPage.games[0]!.ratingChange).toBeUndefined();

    // Two rated games, each left at once: scored last against the bot, so the rating falls.
    const first = await playAndLeave(rita.client, true, 'basic');
    const pushed1 = await ratedOf(rita.client, first);
    const second = await playAndLeave(rita.client, true, 'basic');
    const pushed2 = await ratedOf(rita.client, second);
    expect(rita.client.received.filter((m) => m.type === 'game.rated').map((m) => (m as Rated).tableId)).toEqual([first, second]);

    // Pushed: the account's seat only (the bot's rating never changes), from the start of 1500.
    expect(pushed1).toMatchObject({ type: 'game.rated', gameNo: 1, game: 'flip-7' });
    expect(pushed1.changes).toHaveLength(1);
    const c1 = pushed1.changes[0]!;
    expect(c1).toMatchObject({ seat: 0, before: 1500, provisional: true });
    expect(c1.change).toBeLessThan(0);
    expect(c1.after).toBe(c1.before + c1.change);
    const c2 = pushed2.changes[0]!;
    expect(c2.before).toBe(c1.after); // the second game starts where the first left off
    expect(c2.after).toBe(c2.before + c2.change);

    // The profile: the display figure (1500 + 30 · (μ − 3σ), from the two-decimal μ and σ shown
    // beside it, so within a point), provisional after two games, and the history's changes.
    const profile = await get<PlayerProfile>('/api/players/rita');
    const r = profile.ratings['flip-7']!;
    expect(r.games).toBe(2);
    expect(r.provisional).toBe(true);
    expect(r.display).toBe(c2.after);
    expect(Math.abs(r.display - (1500 + 30 * (r.mu - 3 * r.sigma)))).toBeLessThanOrEqual(1);
    expect(r.rating).toBeCloseTo(r.mu - 3 * r.sigma, 1); // the conservative figure stays, for outside clients
    expect(r.history.map((h) => ({ tableId: h.tableId, gameNo: h.gameNo, display: h.display, change: h.change, provisional: h.provisional }))).toEqual([
      { tableId: first, gameNo: 1, display: c1.after, change: c1.change, provisional: true },
      { tableId: second, gameNo: 1, display: c2.after, change: c2.change, provisional: true },
    ]);
    expect(r.history[1]!.rating).toBe(r.rating);

    // The history: each rated game with its change, newest first; the unrated one without.
    const page = await get<GamesPage>('/api/players/rita/games');
    expect(page.games.map((g) => [g.tableId, g.ratingChange ?? null])).toEqual([
      [second, { before: c2.before, after: c2.after, change: c2.change, provisional: true }],
      [first, { before: 1500, after: c1.after, change: c1.change, provisional: true }],
      [casual, null],
    ]);
    expect(profile.recent.map((g) => g.ratingChange?.change ?? null)).toEqual([c2.change, c1.change, null]);
  });

  it('leaderboards rank by μ − 3σ and show the display figure beside it', async () => {
    await start();
    // Ann loses once to a random bot, Bea twice to a basic one: Bea's rating is lower.
    const ann = await account('Ann');
    await ratedOf(ann.client, await playAndLeave(ann.client, true, 'random'));
    const bea = await account('Bea');
    for (let i = 0; i < 2; i++) {
      await ratedOf(bea.client, await playAndLeave(bea.client, true, 'basic'));
    }
    const board = await get<Leaderboard>('/api/leaderboard/flip-7');
    const rows = board.players.map((p) => ({ rank: p.rank, name: p.name, rating: p.rating, display: p.display, provisional: p.provisional, games: p.games }));
    expect(rows.map((x) => x.name)).toEqual(
      [...rows].sort((a, b) => b.rating - a.rating).map((x) => x.name), // the order is μ − 3σ's
    );
    expect(rows.map((x) => x.rank)).toEqual([1, 2]);
    // The display figures fall in the same order, and both are provisional.
    expect(rows[0]!.display).toBeGreaterThanOrEqual(rows[1]!.display);
    expect(rows.every((x) => x.provisional)).toBe(true);
    const profiles = await Promise.all(['Ann', 'Bea'].map((n) => get<PlayerProfile>(`/api/players/${n}`)));
    expect(Object.fromEntries(rows.map((x) => [x.name, x.display]))).toEqual(
      Object.fromEntries(profiles.map((p) => [p.name, p.ratings['flip-7']!.display])),
    );
  });
});
