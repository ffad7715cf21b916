import type { Leaderboard, PlayerProfile, ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import type { TestClient } from './support/client.js';
import { serverPerTest } from './support/per-test.js';

// Turn-based games have a rating of their own per game (docs/api.md, "Ratings"): a rated game at a
// turn-based table changes the turn-based rating and leaves the real-time one as it was, and a
// real-time game the other way round; the profile gives both, the leaderboard either.

const { start, server, account } = serverPerTest();

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server().url}${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

/** A rated Flip 7 game of the player and a bot, real-time or turn-based: the player leaves at once, so bots finish it and the player is last. */
async function ratedGame(c: TestClient, turnBased: boolean): Promise<void> {
  const created = await c.request({
    type: 'table.create', game: 'flip-7', seats: 2, rated: true, ...(turnBased ? { turnBased: { moveSeconds: 86_400, vacation: true } } : {}),
  });
  if (created.type !== 'table') throw new Error(JSON.stringify(created));
  const tableId = created.table.id;
  await c.request({ type: 'table.bot.add', tableId, seat: 1, level: 'basic' });
  await c.request({ type: 'table.start', tableId });
  await c.request({ type: 'table.leave', tableId, seat: 0 });
  const rated = (m: ServerMessage) => m.type === 'game.rated' && m.tableId === tableId;
  if (!c.received.some(rated)) await c.waitFor(rated, 20_000);
}

describe('turn-based ratings', () => {
  it('change with turn-based games only, the real-time ones with real-time games only; profile and leaderboard show each', async () => {
    await start();
    const rita = (await account('Rita')).client;
    await ratedGame(rita, false);
    const first = (await get<PlayerProfile>('/api/players/Rita')).body;
    expect(first.ratings['flip-7']).toMatchObject({ games: 1 });
    expect(first.turnBasedRatings).toEqual({});

    await ratedGame(rita, true);
    const second = (await get<PlayerProfile>('/api/players/Rita')).body;
    expect(second.ratings).toEqual(first.ratings);
    expect(second.turnBasedRatings['flip-7']).toMatchObject({ games: 1, history: [expect.objectContaining({ change: expect.any(Number) })] });
    // Both started at the same prior and lost to the same bot: the same first step.
    expect(second.turnBasedRatings['flip-7']!.mu).toBeCloseTo(first.ratings['flip-7']!.mu, 6);
    // The turn-based game's history entry carries its rating change too.
    const recent = second.recent.map((g) => g.ratingChange);
    expect(recent).toHaveLength(2);
    expect(recent.every((c) => c !== undefined)).toBe(true);

    await ratedGame(rita, false);
    const third = (await get<PlayerProfile>('/api/players/Rita')).body;
    expect(third.turnBasedRatings).toEqual(second.turnBasedRatings);
    expect(third.ratings['flip-7']).toMatchObject({ games: 2 });

    const live = (await get<Leaderboard>('/api/leaderboard/flip-7')).body;
    const turn = (await get<Leaderboard>('/api/leaderboard/flip-7?mode=turn-based')).body;
    expect(live).toMatchObject({ game: 'flip-7', mode: 'live', players: [{ name: 'Rita', games: 2 }] });
    expect(turn).toMatchObject({ game: 'flip-7', mode: 'turn-based', players: [{ name: 'Rita', games: 1 }] });
    expect((await get<Leaderboard>('/api/leaderboard/stir-fry-eighteen?mode=turn-based')).body.players).toEqual([]);
    expect(await get('/api/leaderboard/flip-7?mode=slow')).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
  });
});
