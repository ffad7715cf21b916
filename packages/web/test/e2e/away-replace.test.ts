/**
 * Issue 10, point 2 in Chromium (Flip 7, a table without a move timer): Bob closes his page; Ann's
 * page counts down on Bob's line, then offers "Replace with a bot"; once she does, a stand-in plays
 * Bob's seat (his moves marked "bot for Bob") and the game goes on. Bob opens the table again and
 * has his seat back: no banner, no away badge, and the game asks him again.
 *
 * The server keeps its wait (replaceAfterSeconds, 2 minutes): once Ann's page shows the countdown,
 * the test moves the server's time and her page's (Playwright's clock) past it together.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import {
  type Harness, createTable, cspViolations, person, shouldSkip, sit, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { away, keepPlaying, shotAt } from './support/away.js';
import { chooseSeed, f7Opening } from './support/deals.js';

describe.skipIf(shouldSkip('away-replace'))('Issue 10: replacing an absent player with a bot', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('away-replace'); });
  afterAll(async () => { await h?.close(); });

  it('Ann replaces Bob after he left his page; Bob comes back to his own seat', async () => {
    await withFailureShots('away-replace', () => pages, async () => {
      const ann = await person(h, 'Ann', '/', { pageClock: true });
      pages.push(ann);
      const id = await createTable(ann, { game: 'Flip 7', seats: 2, target: '200' });
      let bob = await person(h, 'Bob', `/t/${id}`);
      pages.push(bob);
      const bobContext: BrowserContext = bob.context();
      await sit(bob);
      // The deal: Ann is asked first (F7-3, F7-4), so Bob's absence counts from the moment he leaves.
      h.deal(await chooseSeed('away-replace ann', (s) => f7Opening(s, 2, 200).toAct.join() === '0'));
      await start(ann);
      await ann.locator('.f7-player', { hasText: 'Bob' }).waitFor();
      // Nobody is away yet: no badge, no replace button.
      expect(await away.badge(ann, 'Bob').count()).toBe(0);

      // Bob closes his page (the browser keeps his token for later).
      await bob.close();
      const annPlays = keepPlaying(ann, 'f7');
      try {
        const bobLine = ann.locator('.f7-player', { hasText: 'Bob' });
        // A countdown first, from the server's two minutes; no button yet.
        await bobLine.getByRole('timer').waitFor();
        expect(await bobLine.getByRole('timer').textContent()).toMatch(/^Can be replaced by a bot in (2:00|1:[0-5]\d)$/);
        expect(await away.replace(ann, 'Bob').count()).toBe(0);
        await bobLine.getByText(en.table.disconnected, { exact: true }).waitFor();
        // The two minutes pass, for the server and for Ann's page: then the button.
        const wait = h.server.hub.config.replaceAfterSeconds * 1000;
        h.time.advance(wait);
        await ann.clock.fastForward(wait);
        await away.replace(ann, 'Bob').waitFor();
        await shotAt(ann, 'away-replace-en-1440', 1440, 900);
        await shotAt(ann, 'away-replace-en-390', 390, 844);
        await ann.setViewportSize({ width: 1280, height: 900 });
        await away.replace(ann, 'Bob').click();

        // A stand-in plays Bob's seat: his line says so, and his moves are marked in the log.
        await away.badge(ann, 'Bob').waitFor();
        expect(await away.replace(ann, 'Bob').count()).toBe(0);
        await waitUntil(async () => (await away.standInLines(ann, 'Bob').count()) > 0, 120_000, 'a stand-in move for Bob in the log');
        expect(await away.standInLines(ann, 'Bob').first().textContent()).toMatch(/^Bob .*\(bot for Bob\)$/);
        await shotAt(ann, 'away-replaced-en-390', 390, 844);
        await ann.setViewportSize({ width: 1280, height: 900 });

        // Bob opens the table again: his seat is his, with no banner; Ann sees him back.
        bob = await bobContext.newPage();
        pages.push(bob);
        await bob.goto(`${h.server.url}/t/${id}`);
        await bob.getByRole('status').filter({ hasText: 'Online' }).waitFor();
        await bob.locator('.f7-player', { hasText: 'Bob (you)' }).waitFor();
        await away.badge(ann, 'Bob').waitFor({ state: 'detached' });
        expect(await away.badge(bob, 'Bob').count()).toBe(0);
        expect(await away.banner(bob).count()).toBe(0);
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
