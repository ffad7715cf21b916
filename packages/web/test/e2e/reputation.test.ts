/**
 * Reputation in Chromium: a new account's profile says "New player" under "Reliability" (1440 px,
 * English; 390 px, Polish, nothing outside the window); at a table, the seat says "new player"
 * beside the name in words, the create form offers a minimum, and the lobby row says it. axe finds
 * nothing on the profile nor on the table page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rep from '../../src/i18n/locales/en/reputation.json' with { type: 'json' };
import plRep from '../../src/i18n/locales/pl/reputation.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, person, screenshot, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';

async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
}

describe.skipIf(shouldSkip('reputation'))('Reputation', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('reputation'); });
  afterAll(async () => { await h?.close(); });

  it('a profile shows a new player as such; a seat says it in words; a minimum is offered and shown', async () => {
    await withFailureShots('reputation', () => pages, async () => {
      const made = await fetch(`${h.server.url}/api/accounts`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Nova', password: 'correct horse battery' }),
      });
      expect(made.status).toBe(201);
      const token = (await made.json() as { token: string }).token;
      for (const [lang, locale, width, strings] of [['en', 'en-US', 1440, rep], ['pl', 'pl-PL', 390, plRep]] as const) {
        const context = await h.browser.newContext({ locale, viewport: { width, height: width < 600 ? 844 : 900 } });
        context.setDefaultTimeout(30_000);
        await context.addInitScript(([t, l]) => { localStorage.setItem('parlor.token', t!); localStorage.setItem('parlor.lang', l!); }, [token, lang]);
        const page = await context.newPage();
        pages.push(page);
        await page.goto(`${h.server.url}/players/Nova`);
        const section = page.getByRole('region', { name: strings.title });
        await section.waitFor();
        await section.getByText(strings.newPlayer, { exact: true }).waitFor();
        await section.getByText(strings.hint).waitFor();
        await clean(page, `the profile, ${lang} ${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await screenshot(page, `reputation-profile-${lang}-${width}`);
      }

      // A table with a minimum: the form offers it, the seat shows "new player", the lobby row says the minimum.
      const ann = await person(h, 'Ann');
      pages.push(ann);
      await ann.getByRole('heading', { name: 'Tables' }).waitFor();
      await ann.getByRole('button', { name: 'Create a table' }).click();
      await ann.getByRole('radio', { name: /^Flip 7/ }).check();
      const min = ann.getByRole('combobox', { name: rep.createLabel });
      expect(await min.getAttribute('aria-describedby')).toBe('min-reliability-help');
      await min.selectOption({ label: rep.createOption.replace('{{percent}}', '80') });
      await ann.getByRole('button', { name: 'Create table' }).click();
      await ann.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      const seat = ann.locator('.seat', { hasText: 'Ann' });
      await seat.locator('.badge-reliability', { hasText: rep.seatNew }).waitFor();
      expect(await seat.locator('.badge-reliability').getAttribute('title')).toBe(rep.seatHelp);
      await clean(ann, 'the table page with a reliability badge');
      await screenshot(ann, 'reputation-seat-en-1280');
      const bob = await person(h, 'Bob');
      pages.push(bob);
      const row = bob.locator('.table-row').filter({ hasText: 'Flip 7' });
      await row.getByText(rep.minimum.replace('{{percent}}', '80')).waitFor();
      await row.getByText(`Ann (${rep.seatNew})`).waitFor();
      await clean(bob, 'the lobby with a minimum and a reliability');
    });
  });
});
