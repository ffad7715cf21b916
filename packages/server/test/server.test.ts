import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../cli/src/commands/verify.js';
import type { ServerMessage } from '@parlor/protocol';
import type { ParlorServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { testServer } from './support/server.js';

let server: ParlorServer | null = null;
afterEach(async () => { await server?.close(); server = null; });

/** Plays seat `seat` with the first legal action (staying sometimes) until the game is over. */
async function playToEnd(c: TestClient, tableId: string, seat: number): Promise<void> {
  for (;;) {
    const m = await c.next((x) => x.type === 'game' && x.tableId === tableId && x.seat === seat && (x.outcome !== null || x.legal.length > 0), 30_000);
    if (m.type !== 'game') continue;
    if (m.outcome !== null) return;
    const pick = m.legal.find((a) => a.type === 'stay' && m.seq % 4 === 0) ?? m.legal[0]!;
    c.send({ type: 'action', tableId, seat, seq: m.seq, action: pick });
  }
}

describe('game server', () => {
  it('answers /healthz and /metrics', async () => {
    server = await testServer();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('parlor_open_tables');
    expect(metrics).toContain('parlor_sockets');
    expect(metrics).toContain('parlor_actions_total');
    expect(metrics).toContain('parlor_action_latency_seconds');
  });

  it('plays a whole Flip 7 game with a bot; the export replays with parlor verify', async () => {
    server = await testServer();
    const ann = await TestClient.connect(server.url, '  Ann ');
    const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    expect(t.table.seats[0]).toMatchObject({ kind: 'player', player: { name: 'Ann' } });
    expect(await ann.request({ type: 'table.bot.add', tableId, seat: 1, level: 'random' })).toMatchObject({ type: 'ok' });
    // The export of an unfinished game is refused: its seed is still secret.
    expect((await fetch(`${server.url}/tables/${tableId}/export`)).status).toBe(404);
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const first = ann.received.find((m) => m.type === 'game');
    expect(first && first.type === 'game' && first.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first && first.type === 'game' && first.seed).toBeNull();
    await playToEnd(ann, tableId, 0);
    const last = ann.received.filter((m) => m.type === 'game').at(-1)!;
    expect(last.type === 'game' && last.seed).toMatch(/^[0-9a-f]{64}$/);

    const res = await fetch(`${server.url}/tables/${tableId}/export`);
    expect(res.status).toBe(200);
    const exported = await res.json() as Record<string, unknown>;
    expect(exported).toMatchObject({ format: 'parlor-game', game: 'flip-7', players: 2 });
    const file = join(tmpdir(), `parlor-export-${tableId}.json`);
    writeFileSync(file, JSON.stringify(exported));
    const lines: string[] = [];
    expect(await verifyCommand(file, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toMatch(/^OK/);
    // Tampering with one action, or the seed, is caught.
    const actions = exported.actions as { action: unknown }[];
    writeFileSync(file, JSON.stringify({ ...exported, seed: 'f'.repeat(64) }));
    expect(await verifyCommand(file, () => {})).toBe(1);
    writeFileSync(file, JSON.stringify({ ...exported, actions: actions.slice(0, -1) }));
    expect(await verifyCommand(file, () => {})).toBe(1);
    ann.close();
  });

  it('refuses stale, foreign and illegal actions with a clear error, changing nothing', async () => {
    server = await testServer();
    const ann = await TestClient.connect(server.url, 'Ann');
    const bob = await TestClient.connect(server.url, 'Bob');
    const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    const tableId = t.type === 'table' ? t.table.id : '';
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await bob.request({ type: 'table.start', tableId })).toMatchObject({ type: 'error', code: 'NOT_CREATOR' });
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const g = await ann.next((m) => m.type === 'game' && m.seat === 0);
    const seq = g.type === 'game' ? g.seq : -1;
    const mover = g.type === 'game' ? g.waitingFor[0]! : 0;
    // (Ann's own first game message was consumed by `next` above: look in what was received too.)
    const asked = (m: ServerMessage) => m.type === 'game' && m.seat === mover && m.legal.length > 0;
    const moverView = (mover === 0 ? ann : bob).received.find(asked) ?? await (mover === 0 ? ann : bob).waitFor(asked);
    const valid = moverView.type === 'game' ? moverView.legal[0]! : { type: 'hit' };
    const [moverClient, other] = mover === 0 ? [ann, bob] : [bob, ann];
    expect(await other.request({ type: 'action', tableId, seat: mover, seq, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'NOT_YOUR_SEAT' });
    expect(await moverClient.request({ type: 'action', tableId, seat: mover, seq: seq + 5, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'STALE' });
    expect(await moverClient.request({ type: 'action', tableId, seat: mover, seq, action: { type: 'jump' } })).toMatchObject({ type: 'error', code: 'MALFORMED_ACTION' });
    expect(await other.request({ type: 'action', tableId, seat: 1 - mover, seq, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'NOT_YOUR_TURN' });
    expect(await moverClient.request({ type: 'action', tableId, seat: mover, seq, action: valid })).toMatchObject({ type: 'ok' });
    // The same action again, with the old sequence number, is not applied twice.
    expect(await moverClient.request({ type: 'action', tableId, seat: mover, seq, action: valid })).toMatchObject({ type: 'error', code: 'STALE' });
    ann.close(); bob.close();
  });
});
