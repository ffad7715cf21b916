/**
 * Avatars and the lobby's pictures in Chromium: each game's card has its picture; a guest has the
 * pattern of their id; once an account, they choose a drawing on the account page (keyboard and
 * click), and it is on their profile, at their seat for another player, in the lobby's thumbnail of
 * their table and beside their chat line. axe finds nothing on the account page with the choice
 * nor on the lobby with a table's thumbnail, in English and Japanese.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import avatarsEn from '../../src/i18n/locales/en/avatars.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import reputation from '../../src/i18n/locales/en/reputation.json' with { type: 'json' };
import { avatarPattern } from '../../src/ui/avatars/pattern.js';
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, createTable, person, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const PASSWORD = 'correct horse battery';

async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
}

describe.skipIf(shouldSkip('avatars'))('Avatars and the lobby\'s pictures', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('avatars'); });
  afterAll(async () => { await h?.close(); });

  it('a guest\'s pattern; an account chooses a drawing, seen on its profile, at its seat, in the lobby and the chat', async () => {
    await withFailureShots('avatars', () => pages, async () => {
      const tova = await person(h, 'Tova');
      pages.push(tova);
      // Each game's card has its picture (a chunk loaded after the first screen).
      await waitUntil(async () => (await tova.locator('.game-card svg.game-cover').count()) === 2, 20_000, 'both game covers');

      // A guest: the account page shows their pattern (drawn from their player id), no choice.
      const me = await tova.evaluate(() => localStorage.getItem('parlor.token'));
      const id = (await (await fetch(`${h.server.url}/api/me`, { headers: { authorization: `Bearer ${me}` } })).json() as { id: string }).id;
      await tova.goto(`${h.server.url}/account/claim`);
      await tova.getByLabel(account.fields.newPassword, { exact: true }).fill(PASSWORD);
      await tova.getByLabel(account.fields.repeatPassword, { exact: true }).fill(PASSWORD);
      await tova.getByRole('button', { name: account.claim.submit }).click();
      await tova.getByRole('heading', { name: account.claim.done.replace('{{name}}', 'Tova') }).waitFor();

      // The account page: the pattern is chosen; pick the fox by keyboard, then the owl by click, and save.
      await tova.goto(`${h.server.url}/account`);
      const group = tova.getByRole('group', { name: avatarsEn.title });
      const pattern = group.getByRole('radio', { name: avatarsEn.pattern });
      await pattern.waitFor();
      expect(await pattern.isChecked()).toBe(true);
      expect(await tova.locator('.account-who svg.avatar').getAttribute('data-avatar')).toBe('pattern');
      expect(await tova.locator('.account-who svg.avatar g').getAttribute('fill')).toBe(avatarPattern(id).fg);
      const save = tova.getByRole('button', { name: avatarsEn.save });
      expect(await save.isDisabled()).toBe(true);
      await pattern.focus();
      await tova.keyboard.press('ArrowRight');
      expect(await group.getByRole('radio', { name: avatarsEn.name.fox }).isChecked()).toBe(true);
      await group.getByRole('radio', { name: avatarsEn.name.owl }).check({ force: true });
      await clean(tova, 'the account page with the choice');
      await screenshot(tova, 'avatars-account-en');
      await save.click();
      await tova.getByRole('status').filter({ hasText: avatarsEn.saved }).waitFor();
      await waitUntil(async () => (await tova.locator('.account-who svg.avatar').getAttribute('data-avatar')) === 'owl', 10_000, 'the heading to show the owl');

      // The profile shows it; so does the API.
      await tova.goto(`${h.server.url}/players/Tova`);
      await tova.locator('.profile-avatar[data-avatar="owl"]').waitFor();
      const profile = await (await fetch(`${h.server.url}/api/players/Tova`)).json() as { avatar: string | null };
      expect(profile.avatar).toBe('owl');

      // A table of Tova's: another player sees her owl at her seat, in the lobby's thumbnail and in the chat.
      await tova.goto(h.server.url);
      await createTable(tova, { game: 'Flip 7', seats: 3 });
      const ugo = await person(h, 'Ugo');
      pages.push(ugo);
      const row = ugo.locator('.table-row').filter({ hasText: 'Flip 7' });
      await row.locator('.table-thumb svg[data-avatar="owl"]').waitFor();
      // The seats in words beside the picture.
      expect(await row.getByRole('list', { name: en.lobby.seatList }).locator('li').allTextContents()).toEqual([`Tova (${reputation.seatNew})`, en.lobby.emptySeat, en.lobby.emptySeat]);
      await clean(ugo, 'the lobby with a table\'s thumbnail');
      await screenshot(ugo, 'avatars-lobby-en');
      await row.getByRole('button', { name: en.lobby.join }).click();
      await ugo.locator('.seat', { hasText: 'Tova' }).locator('svg[data-avatar="owl"]').waitFor();
      await tova.getByRole('textbox', { name: en.table.chatPlaceholder }).fill('hello');
      await tova.getByRole('button', { name: en.table.send }).click();
      await ugo.locator('.chat li', { hasText: 'hello' }).locator('svg[data-avatar="owl"]').waitFor();
      // Ugo, a guest, has his pattern at his seat once he sits.
      await ugo.getByRole('button', { name: en.table.sit }).first().click();
      await tova.locator('.seat', { hasText: 'Ugo' }).locator('svg[data-avatar="pattern"]').waitFor();
    });
  });

  it('Japanese: axe finds nothing on the account page with the choice', async () => {
    await withFailureShots('avatars-ja', () => pages, async () => {
      const made = await (await fetch(`${h.server.url}/api/accounts`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Yuki', password: PASSWORD }),
      })).json() as { token: string };
      const context = await h.browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
      await context.addInitScript((token) => { localStorage.setItem('parlor.token', token); localStorage.setItem('parlor.lang', 'ja'); }, made.token);
      const page = await context.newPage();
      pages.push(page);
      await page.goto(`${h.server.url}/account`);
      await page.locator('.avatar-options svg.avatar').nth(20).waitFor();
      await clean(page, 'the account page in Japanese at 390');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'avatars-account-ja-390');
      await context.close();
    });
  });
});
