/**
 * Account safety in Chromium: the account page lists the account's signed-in devices (this one
 * marked) with where and when, roughly; "Sign out" on another device (by keyboard) ends that
 * session, whose token is refused after; "Sign out everywhere else" keeps only this one; "Download
 * my data" saves the account's export, with no secret in it. axe finds nothing at 1280 px
 * (English) and at 390 px (Polish, nothing outside the window).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/safety.json' with { type: 'json' };
import pl from '../../src/i18n/locales/pl/safety.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, screenshot, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';

const PASSWORD = 'correct horse battery';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
}

/** A new account made from a Linux Chrome; its token. */
async function makeAccount(h: Harness, name: string): Promise<string> {
  const r = await fetch(`${h.server.url}/api/accounts`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(r.status).toBe(201);
  return (await r.json() as { token: string }).token;
}

/** Another sign-in of the account from a device that says `ua`; its token. */
async function signInFrom(h: Harness, name: string, ua: string): Promise<string> {
  const r = await fetch(`${h.server.url}/api/sessions`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': ua }, body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(r.status).toBe(200);
  return (await r.json() as { token: string }).token;
}

const meStatus = async (h: Harness, token: string) => (await fetch(`${h.server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;

/** A page signed in with `token`, in `lang`, at `width` px. */
async function signedIn(browser: Browser, token: string, lang: string, locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: width < 600 ? 844 : 900 }, acceptDownloads: true });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(([t, l]) => { localStorage.setItem('parlor.token', t!); localStorage.setItem('parlor.lang', l!); }, [token, lang]);
  return context.newPage();
}

describe.skipIf(shouldSkip('account-safety'))('Account safety', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('account-safety'); });
  afterAll(async () => { await h?.close(); });

  it('lists the devices, signs one out by keyboard, then every other; downloads the data', async () => {
    await withFailureShots('account-safety', () => pages, async () => {
      const token = await makeAccount(h, 'Safa');
      const firefox = await signInFrom(h, 'Safa', FIREFOX);
      const page = await signedIn(h.browser, token, 'en', 'en-US', 1280);
      pages.push(page);
      await page.goto(`${h.server.url}/account`);
      const section = page.locator('section.safety-settings');
      await section.getByRole('heading', { name: en.title }).waitFor();
      const devices = section.locator('li.device');
      await devices.nth(1).waitFor();
      expect(await devices.count()).toBe(2);
      const mine = section.locator('li.device[data-current]');
      expect(await mine.count()).toBe(1);
      expect(await mine.textContent()).toContain(en.thisDevice);
      expect(await mine.getByRole('button').count()).toBe(0);
      const other = devices.filter({ hasText: 'Firefox' });
      expect(await other.textContent()).toContain('127.0.0.0/24');
      await clean(page, 'the account page with its devices, 1280');
      await screenshot(page, 'account-safety-en-1280');

      // "Sign out" on the Firefox device, by keyboard: it leaves the list and its token is refused.
      await other.getByRole('button', { name: en.signOut }).focus();
      await page.keyboard.press('Enter');
      await section.getByRole('status').filter({ hasText: 'Firefox' }).waitFor();
      await expect.poll(() => devices.count()).toBe(1);
      expect(await meStatus(h, firefox)).toBe(401);
      expect(await meStatus(h, token)).toBe(200);

      // Two more devices, then "Sign out everywhere else": only this one is left.
      const phone = await signInFrom(h, 'Safa', IPHONE);
      const again = await signInFrom(h, 'Safa', FIREFOX);
      await page.reload();
      await devices.nth(2).waitFor();
      await section.getByRole('button', { name: en.signOutOthers }).click();
      await section.getByRole('status').filter({ hasText: en.endedOthers }).waitFor();
      await expect.poll(() => devices.count()).toBe(1);
      for (const t of [phone, again]) expect(await meStatus(h, t)).toBe(401);
      expect(await section.getByRole('button', { name: en.signOutOthers }).count()).toBe(0);

      // The export, saved as a file: the account's data, without its token's hash.
      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: en.download }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('parlor-account.json');
      const text = await readFile((await file.path())!, 'utf8');
      const data = JSON.parse(text) as { player: { name: string }; tables: Record<string, unknown[]> };
      expect(data.player.name).toBe('Safa');
      expect(data.tables.sessions).toHaveLength(1);
      expect(text).not.toContain(token);
      await section.getByRole('status').filter({ hasText: en.downloaded }).waitFor();
      await clean(page, 'the account page after the sign-outs and the download, 1280');
    });
  });

  it('Polish at 390 px: the devices fit and axe finds nothing', async () => {
    await withFailureShots('account-safety-pl', () => pages, async () => {
      const token = await makeAccount(h, 'Bezpieczna');
      await signInFrom(h, 'Bezpieczna', IPHONE);
      const page = await signedIn(h.browser, token, 'pl', 'pl-PL', 390);
      pages.push(page);
      await page.goto(`${h.server.url}/account`);
      const section = page.locator('section.safety-settings');
      await section.getByRole('heading', { name: pl.title }).waitFor();
      await section.locator('li.device').nth(1).waitFor();
      expect(await section.getByRole('button', { name: pl.signOutOthers }).count()).toBe(1);
      expect(await section.locator('li.device').filter({ hasText: 'iOS' }).textContent()).toContain('Safari');
      await clean(page, 'the account page with its devices in Polish at 390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'account-safety-pl-390');
    });
  });
});
