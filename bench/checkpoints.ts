/**
 * `npm run bench:checkpoints`: what SQLite's checkpoints cost the thread that serves every socket.
 * The built store (packages/server/dist) is opened on a fresh file twice, side by side in one run:
 * with its checkpointing thread (the default, PARLOR_DB_CHECKPOINTS=thread) and with SQLite's own
 * checkpoints inside the commit that fills the log (`inline`). Each appends BENCH_CKPT_MOVES actions
 * (default 60,000; about 200 bytes each, as a Flip 7 move is) to 1,000 tables' logs, one commit each
 * as a server stores a move, and prints the commit time's p50 / p99 / p99.9 / max and the total time
 * spent in commits over 1 ms: the stalls a move's sender would wait through.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../packages/server/dist/store/sqlite.js';

const MOVES = Number(process.env.BENCH_CKPT_MOVES ?? 60_000);
if (!Number.isInteger(MOVES) || MOVES < 1000) throw new Error(`BENCH_CKPT_MOVES must be a whole number ≥ 1000, not "${process.env.BENCH_CKPT_MOVES}"`);
const TABLES = 1000;

async function run(mode: 'thread' | 'inline'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-ckpt-'));
  const store = new SqliteStore(join(dir, 'parlor.db'), { checkpoints: mode });
  const fence = undefined;
  const now = new Date('2026-12-03T00:00:00Z').toISOString();
  for (let t = 0; t < TABLES; t++) {
    const id = `t${t}`;
    await store.saveTable({ id, game: 'flip-7', status: 'running', createdAt: now, seats: [], creatorId: 'p', private: false, invite: '', options: {} } as never, fence);
    await store.addGame({ tableId: id, gameNo: 1, seed: 'x'.repeat(64), startedAt: now, seats: [] } as never, fence);
  }
  const times: number[] = [];
  const action = { type: 'hit', note: 'x'.repeat(160) };
  for (let i = 0; i < MOVES; i++) {
    const t0 = performance.now();
    await store.appendAction(`t${i % TABLES}`, 1, { seq: Math.floor(i / TABLES) + 1, seat: 0, action, at: now } as never, fence);
    times.push(performance.now() - t0);
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3);
  const stalls = times.filter((x) => x > 1).reduce((a, b) => a + b, 0);
  return `${mode.padEnd(7)} ${q(0.5).padStart(8)} ${q(0.99).padStart(8)} ${q(0.999).padStart(9)} ${times.at(-1)!.toFixed(1).padStart(8)} ${stalls.toFixed(0).padStart(13)}`;
}

console.log(`SQLite checkpoints — Node ${process.version}, ${new Date().toISOString()}; ${MOVES} moves appended to ${TABLES} tables, one commit each`);
console.log('mode     p50 ms   p99 ms  p99.9 ms   max ms  ms in >1 ms');
// Alternated, twice each, so that a busy moment of the machine does not fall on one mode only.
for (const mode of ['inline', 'thread', 'inline', 'thread'] as const) console.log(await run(mode));
