import { expect } from 'vitest';
import type { TestClient } from './client.js';
import { isGame, seen } from './table-driver.js';

/**
 * A two-seat turn-based Flip 7 table made by `creator`, `other` seated, and its game started: its
 * id once the creator has seen the game's first snapshot. `turnBased`: the table's clocks (a day a
 * move and no bank unless told).
 */
export async function startedTurnBased(creator: TestClient, other: TestClient,
  turnBased: { moveSeconds: number; bankSeconds?: number; windowSeconds?: number; vacation?: boolean } = { moveSeconds: 86_400, bankSeconds: 0 }): Promise<string> {
  const made = await creator.request({ type: 'table.create', game: 'flip-7', seats: 2, turnBased });
  if (made.type !== 'table') throw new Error(JSON.stringify(made));
  const tableId = made.table.id;
  expect(await other.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
  expect(await creator.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
  await seen(creator, isGame(tableId, (m) => m.seq === 0));
  return tableId;
}
