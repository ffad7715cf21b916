/**
 * Days off and turn-based ratings in Chromium, against the real server: an account makes a
 * turn-based Flip 7 table from the lobby's form ("Allow vacations" ticked by default) and starts it
 * against a bot; declared days off show at its seat ("on vacation until …"); the account page's
 * Vacation section says the days left, ends the vacation, and plans another for a later day; the
 * leaderboard switches to the turn-based board. axe finds nothing on the table, the account page
 * (1280×900 and 390×844, which does not scroll sideways) nor the leaderboard.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import vacation from '../../src/i18n/locales/en/vacation.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const FILE = 'vacation.test.ts';
const PASSWORD = 'correct horse battery';

async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
}

describe.skipIf(shouldSkip(FILE))('days off and turn-based ratings', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness(FILE); }, 60_000);
  afterAll(async () => { await h?.close(); });

  it('a turn-based table allows vacations; the seat shows one; the account page takes, ends and plans them; the leaderboard switches', async () => {
    await withFailureShots('vacation', () => pages, async () => {
      const vera = await person(h, 'Vera');
      pages.push(vera);
      await vera.goto(`${h.server.url}/account/claim`);
      await vera.getByLabel(account.fields.newPassword, { exact: true }).fill(PASSWORD);
      await vera.getByLabel(account.fields.repeatPassword, { exact: true }).fill(PASSWORD);
      await vera.getByRole('button', { name: account.claim.submit }).click();
      await vera.getByRole('heading', { name: account.claim.done.replace('{{name}}', 'Vera') }).waitFor();
      const token = (await vera.evaluate(() => localStorage.getItem('parlor.token')))!;

      // The create form: turn-based, vacations allowed unless unticked.
      await vera.goto(h.server.url);
      await vera.getByRole('heading', { name: 'Tables' }).waitFor();
      await vera.getByRole('button', { name: en.lobby.create }).click();
      await vera.getByRole('radio', { name: /^Flip 7/ }).check();
      await vera.getByRole('combobox', { name: /^Seats/ }).selectOption('2');
      await vera.getByRole('radio', { name: /^Turn-based A move at a time/ }).check();
      const allow = vera.getByRole('checkbox', { name: en.create.turnVacation });
      expect(await allow.isChecked()).toBe(true);
      await vera.getByRole('button', { name: 'Create table' }).click();
      await vera.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      const tableId = /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(vera.url()).pathname)![1]!;
      await vera.locator('.seat-name', { hasText: '(you)' }).first().waitFor();
      await fillWithBots(vera);
      await start(vera);

      // Days off declared (here through the API): her seat says until when, at once.
      const put = await fetch(`${h.server.url}/api/accounts/vacation`, {
        method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ days: 3 }),
      });
      expect(put.status).toBe(200);
      const badge = vera.locator('.badge-vacation');
      await badge.waitFor();
      expect(await badge.textContent()).toMatch(/^on vacation until /);
      expect(new URL(vera.url()).pathname).toBe(`/t/${tableId}`);
      await clean(vera, 'the table with a seat on vacation');

      // The account page: the vacation running, then ended (the day begun counts), then one planned.
      await vera.goto(`${h.server.url}/account`);
      const section = vera.getByRole('region', { name: vacation.title });
      await section.getByText(/^On vacation until /).waitFor();
      expect(await section.getByText(/^27 of 30 days left in \d{4}$/).count()).toBe(1);
      await clean(vera, 'the account page, on vacation');
      await section.getByRole('button', { name: vacation.end }).click();
      await section.getByRole('status').filter({ hasText: vacation.ended }).waitFor();
      await section.getByText(/^29 of 30 days left in \d{4}$/).waitFor();
      await section.getByRole('combobox', { name: vacation.days }).selectOption('2');
      await section.getByRole('combobox', { name: vacation.start }).selectOption({ index: 7 });
      await section.getByRole('button', { name: vacation.take }).click();
      await section.getByText(/^Vacation planned from /).waitFor();
      await section.getByRole('button', { name: vacation.cancel }).waitFor();
      await clean(vera, 'the account page, a vacation planned');
      await screenshot(vera, 'vacation-account-desktop');

      // On a phone.
      const context = await h.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
      await context.addInitScript((t) => { localStorage.setItem('parlor.token', t); }, token);
      const phone = await context.newPage();
      pages.push(phone);
      await phone.goto(`${h.server.url}/account`);
      await phone.getByRole('region', { name: vacation.title }).getByText(/^Vacation planned from /).waitFor();
      await clean(phone, 'the account page at 390');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(phone, 'vacation-account-390');

      // The leaderboard: real-time by default, turn-based by the switch (and in the address).
      await vera.goto(`${h.server.url}/leaderboard/flip-7`);
      const live = vera.getByRole('radio', { name: en.create.modeLive });
      await live.waitFor();
      expect(await live.isChecked()).toBe(true);
      await vera.getByRole('radio', { name: en.create.modeTurn }).check();
      await waitUntil(async () => new URL(vera.url()).search === '?mode=turn-based', 10_000, 'the address to say the turn-based board');
      await vera.getByText(account.leaderboard.empty).waitFor();
      await clean(vera, 'the turn-based leaderboard');
      await context.close();
    });
  }, 240_000);
});
