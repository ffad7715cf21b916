/**
 * Reports and moderation in Chromium: an account reports a player from their profile by keyboard
 * (the dialog's reason, Send, the thanks, Escape gives focus back to the button); a moderator's
 * menu links /mod, where the report waits and a warning closes it; the warned player's account
 * page shows the action and takes one appeal. axe finds nothing at 1280 px (English, the dialog
 * open) and at 390 px (Polish, the moderator's page).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/moderation.json' with { type: 'json' };
import pl from '../../src/i18n/locales/pl/moderation.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';

async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
}

/** A new account; its token and id. */
async function makeAccount(h: Harness, name: string): Promise<{ token: string; id: string }> {
  const r = await fetch(`${h.server.url}/api/accounts`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'correct horse battery' }),
  });
  expect(r.status).toBe(201);
  const { token } = await r.json() as { token: string };
  const me = await (await fetch(`${h.server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json() as { id: string };
  return { token, id: me.id };
}

async function signedIn(browser: Browser, token: string, lang: string, locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: width < 600 ? 844 : 900 } });
  context.setDefaultTimeout(20_000);
  await context.addInitScript(([t, l]) => { localStorage.setItem('parlor.token', t!); localStorage.setItem('parlor.lang', l!); }, [token, lang]);
  return context.newPage();
}

describe.skipIf(shouldSkip('moderation'))('Reports and moderation', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('moderation'); });
  afterAll(async () => { await h?.close(); });

  it('reports from a profile, a moderator warns, the player appeals', async () => {
    await withFailureShots('moderation', () => pages, async () => {
      const ann = await makeAccount(h, 'Ann');
      const bob = await makeAccount(h, 'Bob');
      const mo = await makeAccount(h, 'Mo');
      expect(await h.server.hub.store.moderation.grantModerator(mo.id, 'operator', 0)).toBe(true);

      const page = await signedIn(h.browser, ann.token, 'en', 'en-US', 1280);
      pages.push(page);
      await page.goto(`${h.server.url}/players/Bob`);
      const button = page.getByRole('button', { name: en.report.label.replace('{{name}}', 'Bob') });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: en.report.title.replace('{{name}}', 'Bob') });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: en.reasons['offensive-name'] }).check();
      await dialog.getByLabel(en.report.text).fill('the name insults a player');
      await clean(page, 'the report dialog, 1280');
      await dialog.getByRole('button', { name: en.report.send }).click();
      await dialog.getByRole('status').filter({ hasText: en.report.thanks }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);

      const mod = await signedIn(h.browser, mo.token, 'pl', 'pl-PL', 390);
      pages.push(mod);
      await mod.goto(`${h.server.url}/account`);
      await mod.locator('.account-menu summary').click();
      await mod.getByRole('link', { name: pl.mod.link }).click();
      const report = mod.locator('li.mod-report').filter({ hasText: 'the name insults a player' });
      await report.waitFor();
      await clean(mod, 'the moderator page, 390');
      await report.getByLabel(pl.mod.reason).fill('Please choose a kinder name.');
      await report.getByRole('button', { name: pl.mod.act }).click();
      await mod.getByText(pl.mod.noReportsOf.open).waitFor();

      const player = await signedIn(h.browser, bob.token, 'en', 'en-US', 1280);
      pages.push(player);
      await player.goto(`${h.server.url}/account`);
      const record = player.locator('section.mod-record');
      await record.getByText('Please choose a kinder name.').waitFor();
      await record.getByLabel(en.record.appealLabel).fill('It is my real name.');
      await record.getByRole('button', { name: en.record.appeal }).click();
      await record.getByText(en.record.waiting).waitFor();
      expect(await record.getByRole('button', { name: en.record.appeal }).count()).toBe(0);
    });
  }, 40_000);
});
