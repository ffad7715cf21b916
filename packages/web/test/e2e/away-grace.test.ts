/**
 * No game waits on a closed tab, in Chromium: Ann and Bob play Flip 7 at a table without a move
 * timer whose creator set a 15-second grace period. While Bob is here and thinking, nothing on
 * Ann's page speaks of replacing him. Bob closes his page on his turn: Ann's page says he is
 * disconnected and when a bot takes over, and a stand-in plays his seat when the grace period ends
 * (the game moves on with no one pressing anything). Bob opens the table again and has his seat back.
 *
 * The server's time runs with real time except that, once Ann's page shows the countdown, the test
 * moves it most of the way through the grace period at once (support/time.ts). What the frames
 * Ann's page received say is checked on the server's own clock: the stand-in's moment is the
 * disconnection plus 15 s, and the stand-in's move was played within a few seconds of it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import {
  type Harness, createTable, cspViolations, person, shouldSkip, sit, start, startHarness, withFailureShots,
} from './support/e2e.js';
import { away, keepPlaying, shotAt } from './support/away.js';
import { chooseSeed, f7Opening } from './support/deals.js';

type Seat = { kind: string; player?: { name: string }; connected?: boolean; away?: boolean; disconnectedSince?: number | null; standInAt?: number | null };
type Frame = { type?: string; table?: { seats: Seat[]; grace?: number }; by?: string | null; moveSeat?: number | null; waitingSince?: number | null };

/** Every message a context's pages receive over their WebSocket, parsed, in order. */
async function recordFrames(context: BrowserContext, into: Frame[]): Promise<void> {
  context.on('page', (p) => p.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try { into.push(JSON.parse(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')) as Frame); } catch { /* not JSON */ }
  })));
}
const bobSeat = (f: Frame): Seat | undefined => f.table?.seats.find((s) => s.kind === 'player' && s.player?.name === 'Bob');

describe.skipIf(shouldSkip('away-grace'))('A closed tab: a stand-in after the grace period', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('away-grace'); });
  afterAll(async () => { await h?.close(); });

  it('Bob closes his page on his turn; a bot plays for him after the table\'s 15 s; he comes back to his own seat', async () => {
    await withFailureShots('away-grace', () => pages, async () => {
      const annFrames: Frame[] = [];
      const ann = await person(h, 'Ann', '/', { before: (c) => recordFrames(c, annFrames) });
      pages.push(ann);
      const id = await createTable(ann, { game: 'Flip 7', seats: 2, target: '200', grace: '15 s' });
      let bob = await person(h, 'Bob', `/t/${id}`);
      pages.push(bob);
      const bobContext: BrowserContext = bob.context();
      await sit(bob);
      // The deal: Bob is asked first (F7-3, F7-4), so he leaves on his own turn.
      h.deal(await chooseSeed('away-grace bob', (s) => f7Opening(s, 2, 200).toAct.join() === '1'));
      await start(ann);
      await bob.getByRole('button', { name: /^Stay/ }).waitFor();
      const bobLine = ann.locator('.f7-player', { hasText: 'Bob' });
      await bobLine.waitFor();
      // Here and thinking: no countdown, no badge, no button on his line; the status says it is his turn.
      await ann.getByRole('status').filter({ hasText: /^Bob (is deciding|decides)/ }).waitFor();
      expect(await bobLine.getByRole('timer').count()).toBe(0);
      expect(await bobLine.locator('.badge-gone, .badge-away').count()).toBe(0);
      expect(await away.replace(ann, 'Bob').count()).toBe(0);
      expect(annFrames.map(bobSeat).every((s) => s === undefined || s.standInAt === null || s.standInAt === undefined)).toBe(true);

      // Bob closes his page (the browser keeps his token for later).
      await bob.close();
      const annPlays = keepPlaying(ann, 'f7');
      try {
        await bobLine.getByText(en.table.disconnected, { exact: true }).waitFor();
        const countdown = bobLine.getByRole('timer');
        await countdown.waitFor();
        expect(await countdown.textContent()).toMatch(/^a bot takes over in 0:1[0-5]$/);
        expect(await ann.locator('.waiting-gone').textContent()).toMatch(/^Bob is disconnected — a bot takes over in 0:1[0-5]\.$/);
        await shotAt(ann, 'away-grace-en-1440', 1440, 900);
        await shotAt(ann, 'away-grace-en-390', 390, 844);
        await ann.setViewportSize({ width: 1280, height: 900 });
        const gone = annFrames.map(bobSeat).find((s) => s?.connected === false);
        expect(gone?.standInAt).toBe(gone!.disconnectedSince! + 15_000);
        expect(annFrames.find((f) => f.table !== undefined)?.table?.grace).toBe(15);

        // Most of the grace period passes at once; then the stand-in takes over and plays.
        h.time.advance(14_000);
        await away.badge(ann, 'Bob').waitFor();
        await away.standInLines(ann, 'Bob').first().waitFor();
        expect(await away.standInLines(ann, 'Bob').first().textContent()).toMatch(/^Bob .*\(bot for Bob\)$/);
        expect(await ann.locator('.waiting-gone').count()).toBe(0);
        const standIn = annFrames.find((f) => f.type === 'game' && f.by === 'stand-in' && typeof f.waitingSince === 'number');
        const lag = standIn!.waitingSince! - gone!.standInAt!;
        expect(lag).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThan(3_000);

        // Bob opens the table again: his seat is his, with no banner; Ann sees him back.
        bob = await bobContext.newPage();
        pages.push(bob);
        await bob.goto(`${h.server.url}/t/${id}`);
        await bob.getByRole('status').filter({ hasText: 'Online' }).waitFor();
        await bob.locator('.f7-player', { hasText: 'Bob (you)' }).waitFor();
        await away.badge(ann, 'Bob').waitFor({ state: 'detached' });
        expect(await away.badge(bob, 'Bob').count()).toBe(0);
        expect(await bob.locator('.away-banner').count()).toBe(0);
        // The game asks Bob again when it is his turn (Ann keeps playing hers).
        await bob.getByRole('button', { name: /^Stay/ }).or(bob.getByRole('group', { name: /^Who gets / })).first().waitFor({ timeout: 120_000 });
        expect(await bob.locator('.away-banner').count()).toBe(0);
        await away.leave(bob).waitFor();
      } finally {
        await annPlays.stop();
      }
      expect(await cspViolations(ann)).toEqual([]);
    });
  }, 400_000);
});
