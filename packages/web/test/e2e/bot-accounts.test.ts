/**
 * Bot accounts in Chromium: on the account page an account ticks "This account is a program (a
 * bot)" (by keyboard), sees it saved, and its profile says "Bot"; another player at its table sees
 * "bot account" beside its name at its seat, and the mark goes when the box is cleared. axe finds
 * nothing on the account page (1440 px, English; 390 px, Polish, nothing outside the window) nor on
 * the table page with the mark, before and during a game.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import plAccount from '../../src/i18n/locales/pl/account.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, createTable, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const PASSWORD = 'correct horse battery';

async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
}

/** A new account's token. */
async function makeAccount(h: Harness, name: string): Promise<string> {
  const r = await fetch(`${h.server.url}/api/accounts`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(r.status).toBe(201);
  return (await r.json() as { token: string }).token;
}

/** A page signed in with `token`, in `lang`, at `width` px. */
async function signedIn(browser: Browser, token: string, lang: string, locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: width < 600 ? 844 : 900 } });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(([t, l]) => { localStorage.setItem('parlor.token', t!); localStorage.setItem('parlor.lang', l!); }, [token, lang]);
  return context.newPage();
}

describe.skipIf(shouldSkip('bot-accounts'))('Bot accounts', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('bot-accounts'); });
  afterAll(async () => { await h?.close(); });

  it('an account says it is a bot: saved, on its profile, beside its name at its seat; and no longer', async () => {
    await withFailureShots('bot-accounts', () => pages, async () => {
      const token = await makeAccount(h, 'Robo');
      const robo = await signedIn(h.browser, token, 'en', 'en-US', 1440);
      pages.push(robo);
      await robo.goto(`${h.server.url}/account`);
      const box = robo.getByRole('checkbox', { name: account.bot.setting });
      await box.waitFor();
      expect(await box.isChecked()).toBe(false);
      // Its line of explanation is its description.
      const hint = robo.getByText(account.bot.settingHint);
      expect(await box.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
      await box.focus();
      await robo.keyboard.press('Space');
      await robo.getByRole('status').filter({ hasText: account.bot.savedOn }).waitFor();
      expect(await box.isChecked()).toBe(true);
      await clean(robo, 'the account page with the bot setting, 1440');
      await screenshot(robo, 'bot-accounts-account-en-1440');
      const me = await (await fetch(`${h.server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json() as { bot: boolean };
      expect(me.bot).toBe(true);

      await robo.goto(`${h.server.url}/players/Robo`);
      const badge = robo.locator('.profile-head .badge-bot');
      await badge.waitFor();
      expect(await badge.textContent()).toBe(account.bot.badge);
      expect(await badge.getAttribute('title')).toBe(account.bot.help);

      // Robo's table: another player sees the mark beside Robo's name at the seat.
      await robo.goto(h.server.url);
      await createTable(robo, { game: 'Flip 7', seats: 3 });
      const ugo = await person(h, 'Ugo');
      pages.push(ugo);
      const row = ugo.locator('.table-row').filter({ hasText: 'Flip 7' });
      await row.getByRole('button', { name: en.lobby.join }).click();
      const seat = ugo.locator('.seat', { hasText: 'Robo' });
      await seat.locator('.badge-bot', { hasText: account.bot.seat }).waitFor();
      await ugo.getByRole('button', { name: en.table.sit }).first().click();
      // Ugo, a guest, has no mark.
      await robo.locator('.seat', { hasText: 'Ugo' }).waitFor();
      expect(await robo.locator('.seat', { hasText: 'Ugo' }).locator('.badge-bot').count()).toBe(0);
      await clean(ugo, 'the table page with a bot account at a seat');
      await screenshot(ugo, 'bot-accounts-seat-en');

      // In the game's own display of the players too.
      await fillWithBots(robo);
      await start(robo);
      const line = ugo.locator('.f7-player', { hasText: 'Robo' });
      await line.locator('.badge-bot', { hasText: account.bot.seat }).waitFor();
      expect(await ugo.locator('.f7-player', { hasText: 'Ugo' }).locator('.badge-bot').count()).toBe(0);
      await clean(ugo, 'the Flip 7 table with a bot account playing');
      await screenshot(ugo, 'bot-accounts-f7-en');

      // Cleared on the account page: the mark leaves the seat at once.
      await robo.goto(`${h.server.url}/account`);
      await robo.getByRole('checkbox', { name: account.bot.setting }).uncheck();
      await robo.getByRole('status').filter({ hasText: account.bot.savedOff }).waitFor();
      await waitUntil(async () => (await seat.locator('.badge-bot').count()) === 0 && (await line.locator('.badge-bot').count()) === 0,
        10_000, 'the seat to lose its mark');
    });
  });

  it('Polish at 390 px: the setting fits and axe finds nothing', async () => {
    await withFailureShots('bot-accounts-pl', () => pages, async () => {
      const token = await makeAccount(h, 'Bocik');
      expect((await fetch(`${h.server.url}/api/accounts/bot`, {
        method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ bot: true }),
      })).status).toBe(204);
      const page = await signedIn(h.browser, token, 'pl', 'pl-PL', 390);
      pages.push(page);
      await page.goto(`${h.server.url}/account`);
      const box = page.getByRole('checkbox', { name: plAccount.bot.setting });
      await box.waitFor();
      expect(await box.isChecked()).toBe(true);
      await page.locator('.avatar-options svg.avatar').nth(20).waitFor();
      await clean(page, 'the account page in Polish at 390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'bot-accounts-account-pl-390');
      await page.goto(`${h.server.url}/players/Bocik`);
      expect(await page.locator('.profile-head .badge-bot').textContent()).toBe(plAccount.bot.badge);
      await clean(page, 'the profile of a bot account in Polish at 390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  });
});
