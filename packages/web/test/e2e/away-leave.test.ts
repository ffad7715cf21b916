/**
 * Issue 10, points 1, 2 and 4 in Chromium (Stir Fry Eighteen, two people and a bot):
 * (a) one seat per person: once seated, the page offers no other seat;
 * (b) leaving a running game: the banner says a bot plays for you, your card and the other person's
 * page show you away, the stand-in's moves are marked "bot for Dana" in the log, and "I'm back"
 * gives the seat back (the banner goes, your turn prompts again). Screenshots of the banner and the
 * badge at 390×844 and 1440×900, in English and Polish.
 *
 * Eve plays her seat in the background while the test waits on the game; she stops, and the game
 * stands still (the server's time held), while the pictures are taken and the pages switch
 * language, so that nothing moves under the test's clicks and the game is where it was left.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import pl from '../../src/i18n/locales/pl/common.json' with { type: 'json' };
import {
  type Harness, createTable, cspViolations, fillWithBots, person, shouldSkip, sit, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { away, keepPlaying, shotAt } from './support/away.js';
import { chooseSeed, sfOpening } from './support/deals.js';
import { sf, untilMyTurn } from './support/sf.js';

describe.skipIf(shouldSkip('away-leave'))('Issue 10: one seat per person; leave a running game and come back', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('away-leave'); });
  afterAll(async () => { await h?.close(); });

  it('offers no second seat, and a bot plays for Dana while she is away until "I\'m back"', async () => {
    await withFailureShots('away-leave', () => pages, async () => {
      const dana = await person(h, 'Dana');
      pages.push(dana);
      // The longest taste-test window, so that a person's Trust, not silence, answers a test.
      const id = await createTable(dana, { game: 'Stir Fry Eighteen', seats: 3, target: '300', tasteWindow: 30 });
      const eve = await person(h, 'Eve', `/t/${id}`);
      pages.push(eve);
      const sitHere = (p: Page) => p.getByRole('button', { name: en.table.sit });

      // (a) Eve, not seated yet, is offered both empty seats; once she sits, none — though one is still empty.
      await waitUntil(async () => (await sitHere(eve).count()) === 2, 10_000, 'Eve to be offered the two empty seats');
      await sit(eve);
      await waitUntil(async () => (await eve.locator('.seat-empty').count()) === 1, 10_000, 'one seat to stay empty');
      expect(await sitHere(eve).count()).toBe(0);
      // Dana, seated as the creator, is offered bots for the empty seat, never a second seat of her own.
      await dana.locator('.seat-name', { hasText: 'Eve' }).waitFor();
      expect(await dana.getByRole('button', { name: '+ Basic bot' }).count()).toBe(1);
      expect(await sitHere(dana).count()).toBe(0);
      await fillWithBots(dana);
      // The deal: Dana plays first (SF-5), so the stand-in has her turn to play as soon as she leaves.
      h.deal(await chooseSeed('away-leave dana', (s) => sfOpening(s, 3, { target: 300 }).first === 0, 2));
      await start(dana);

      // (b) Eve plays her seat in the background; Dana leaves the game.
      let evePlays = keepPlaying(eve, 'sf');
      try {
        await away.leave(dana).click();
        await away.leaveYes(dana).click(); // the confirm step
        const banner = away.banner(dana);
        await banner.waitFor();
        expect(await banner.textContent()).toContain(en.presence.banner.left);
        // The keyboard is on "I'm back".
        await waitUntil(async () => await away.back(dana).evaluate((b) => b === document.activeElement), 5_000, 'focus on I\'m back');
        // Her card says she is away, on her page and on Eve's.
        await away.badge(dana, 'Dana (you)').waitFor();
        await away.badge(eve, 'Dana').waitFor();
        expect(await away.badge(dana, 'Dana (you)').textContent()).toContain(en.table.away);
        // While the bot plays for her, the game asks Dana nothing.
        expect(await sf.endTurn(dana).count()).toBe(0);
        expect(await sf.tastePrompt(dana).count()).toBe(0);

        // The stand-in's moves are marked in the log, on both pages.
        await waitUntil(async () => (await away.standInLines(dana, 'Dana').count()) > 0, 120_000, 'a stand-in move in Dana\'s log');
        await waitUntil(async () => (await away.standInLines(eve, 'Dana').count()) > 0, 30_000, 'a stand-in move in Eve\'s log');
        const marked = await away.standInLines(dana, 'Dana').first().textContent();
        expect(marked).toMatch(/Dana/);
        expect(marked).toContain('(bot for Dana)');

        // Eve stops and the game stands still for the pictures and the languages.
        await evePlays.stop();
        h.time.hold();
        await shotAt(dana, 'away-banner-en-1440', 1440, 900);
        await shotAt(dana, 'away-banner-en-390', 390, 844);
        await shotAt(eve, 'away-badge-en-390', 390, 844);
        await shotAt(eve, 'away-badge-en-1440', 1440, 900);
        // The same in Polish.
        for (const p of [dana, eve]) await p.locator('.lang select').selectOption('pl');
        await dana.getByRole('alert').filter({ hasText: pl.presence.banner.left }).waitFor();
        await dana.getByRole('button', { name: pl.presence.back }).waitFor();
        await dana.locator('.badge-away', { hasText: pl.table.away }).first().waitFor();
        await dana.locator('.sf-log li', { hasText: `(${pl.presence.standIn.replace('{{name}}', 'Dana')})` }).first().waitFor();
        await shotAt(dana, 'away-banner-pl-390', 390, 844);
        await shotAt(dana, 'away-banner-pl-1440', 1440, 900);
        await eve.locator('.badge-away', { hasText: pl.table.away }).first().waitFor();
        await shotAt(eve, 'away-badge-pl-390', 390, 844);
        await shotAt(eve, 'away-badge-pl-1440', 1440, 900);
        for (const p of [dana, eve]) await p.locator('.lang select').selectOption('en');
        await dana.setViewportSize({ width: 1280, height: 900 });
        await eve.setViewportSize({ width: 1280, height: 900 });
        h.time.release();
        evePlays = keepPlaying(eve, 'sf');

        // "I'm back": the banner goes, the badges go, and Dana's turn prompts her again.
        await away.back(dana).click();
        await away.banner(dana).waitFor({ state: 'detached' });
        await away.badge(dana, 'Dana (you)').waitFor({ state: 'detached' });
        await away.badge(eve, 'Dana').waitFor({ state: 'detached' });
        await away.leave(dana).waitFor();
        expect(await untilMyTurn(dana, 120_000)).toBe('act');
        await sf.status(dana).filter({ hasText: 'Your turn' }).waitFor();
        expect(await away.banner(dana).count()).toBe(0);
      } finally {
        await evePlays.stop();
      }
      // No Content-Security-Policy report on either page (zod runs jitless).
      expect(await cspViolations(dana)).toEqual([]);
      expect(await cspViolations(eve)).toEqual([]);
    });
  }, 400_000);
});
