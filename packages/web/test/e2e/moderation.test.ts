/**
 * Reports and moderation in Chromium: an account reports a player from their profile by keyboard
 * (the dialog's reason, Send, the thanks, Escape gives focus back to the button); a moderator's
 * menu links /mod, where the report waits and a warning closes it; the warned player's account
 * page shows the action and takes one appeal. axe finds nothing at 1280 px (English, the dialog
 * open) and at 390 px (Polish, the moderator's page).
 *
 * Then a report of a chat line: at a table, the other player's seat offers a Report button (one's
 * own does not), a player says something and the other reports that line through its Report
 * button (at 390 px); the moderator's /mod shows the report with the line
 * marked in its evidence, the player's record (/mod/players/<id>) lists it, a warning from there
 * moves it to the "acted on" tab and into the record; the warned player sees a notice on their
 * next start, dismisses it, and it stays away. axe finds nothing at 390 and 1280 px.
 *
 * And a banned player, signed out, signs in on the first screen: refused, the ban's reason shows
 * under the form with an appeal form, sent with the name and password; the moderators read it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accountEn from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import common from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/moderation.json' with { type: 'json' };
import pl from '../../src/i18n/locales/pl/moderation.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, createTable, screenshot, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';

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

  it('reports a chat line; the moderator sees it as evidence and in the player\'s record; the warned player gets a notice', async () => {
    await withFailureShots('moderation-chat', () => pages, async () => {
      const cara = await makeAccount(h, 'Cara');
      const dan = await makeAccount(h, 'Dan');
      const moe = await makeAccount(h, 'Moe');
      expect(await h.server.hub.store.moderation.grantModerator(moe.id, 'operator', 0)).toBe(true);
      const fill = (s: string, v: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => v[k]!);

      // Cara's table; Dan watches it on a phone, and Cara says something rude.
      const said = await signedIn(h.browser, cara.token, 'en', 'en-US', 1280);
      pages.push(said);
      await said.goto(h.server.url);
      const tableId = await createTable(said, { game: 'Flip 7', seats: 2 });
      const reporter = await signedIn(h.browser, dan.token, 'en', 'en-US', 390);
      pages.push(reporter);
      await reporter.goto(`${h.server.url}/t/${tableId}`);
      await reporter.locator('.seat-name', { hasText: 'Cara' }).first().waitFor();
      // Cara's seat offers Dan a Report button (its dialog names her), and offers Cara none at her own.
      const atSeat = reporter.locator('.seats li.seat-player').getByRole('button', { name: fill(en.report.label, { name: 'Cara' }) });
      await atSeat.click();
      const seatDialog = reporter.getByRole('dialog', { name: fill(en.report.title, { name: 'Cara' }) });
      await seatDialog.waitFor();
      await reporter.keyboard.press('Escape');
      await seatDialog.waitFor({ state: 'detached' });
      await said.locator('.seats .seat-name', { hasText: 'Cara' }).waitFor();
      expect(await said.locator('.seats li.seat-player button', { hasText: en.report.button }).count()).toBe(0);
      await said.getByRole('textbox', { name: common.table.chatPlaceholder }).fill('you play like a potato');
      await said.getByRole('button', { name: common.table.send }).click();
      const line = reporter.locator('.chat li', { hasText: 'you play like a potato' });
      await line.waitFor();
      // Cara is offered no Report button on her own line.
      await said.locator('.chat li', { hasText: 'you play like a potato' }).waitFor();
      expect(await said.locator('.chat li button.report-line').count()).toBe(0);

      // Dan reports that line through its own button.
      await line.getByRole('button', { name: fill(en.report.lineLabel, { name: 'Cara' }) }).click();
      const dialog = reporter.getByRole('dialog', { name: fill(en.report.title, { name: 'Cara' }) });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: en.reasons['abusive-chat'] }).check();
      await dialog.getByLabel(en.report.text).fill('rude about my play');
      await clean(reporter, 'the report dialog from a chat line, 390');
      await screenshot(reporter, 'moderation-report-line-390', 'window');
      await dialog.getByRole('button', { name: en.report.send }).click();
      await dialog.getByRole('status').filter({ hasText: en.report.thanks }).waitFor();
      await dialog.getByRole('button', { name: en.close }).click();
      await dialog.waitFor({ state: 'detached' });

      // The moderator's queue: the report, with the line marked in the chat kept.
      const mod = await signedIn(h.browser, moe.token, 'en', 'en-US', 1280);
      pages.push(mod);
      await mod.goto(`${h.server.url}/mod`);
      const report = mod.locator('li.mod-report').filter({ hasText: 'rude about my play' });
      await report.waitFor();
      const marked = report.locator('.mod-chat mark');
      expect(await marked.count()).toBe(1);
      expect(await marked.textContent()).toContain('you play like a potato');
      expect(await report.textContent()).toContain(fill(en.mod.by, { name: 'Dan', date: '' }).replace(/, $/, ''));
      await clean(mod, 'the moderator page with a chat report, 1280');
      await screenshot(mod, 'moderation-mod-1280');

      // Her record: the report, open, by Dan, with the line; no action yet.
      await report.getByRole('link', { name: fill(en.mod.record, { name: 'Cara' }) }).click();
      await mod.getByRole('heading', { level: 1, name: fill(en.player.title, { name: 'Cara' }) }).waitFor();
      expect(new URL(mod.url()).pathname).toBe(`/mod/players/${cara.id}`);
      await mod.getByText(en.player.noActions).waitFor();
      const inRecord = mod.locator('li.mod-report').filter({ hasText: 'rude about my play' });
      expect(await inRecord.getByRole('heading', { level: 3 }).textContent()).toBe(`${en.reasons['abusive-chat']} · ${en.mod.status.open}`);
      expect(await inRecord.locator('.mod-chat mark').textContent()).toContain('you play like a potato');
      await clean(mod, 'a player\'s record, 1280');

      // Back in the queue, a warning closes the report: it moves to the "acted on" tab and into her record.
      await mod.getByRole('link', { name: en.player.back }).click();
      await report.getByLabel(en.mod.reason).fill('Keep the chat kind.');
      await report.getByRole('button', { name: en.mod.act }).click();
      await mod.getByText(en.mod.noReportsOf.open).waitFor();
      const tabs = mod.getByRole('navigation', { name: en.mod.statusTabs });
      await tabs.getByRole('link', { name: en.mod.status.acted }).click();
      // (Bob's report, acted on above, is in this tab too: the harness is the file's.)
      await mod.getByRole('heading', { level: 2 }).filter({ hasText: en.mod.reportsHeading.acted.split('{{')[0]! }).waitFor();
      expect(await tabs.getByRole('link', { name: en.mod.status.acted }).getAttribute('aria-current')).toBe('page');
      const acted = mod.locator('li.mod-report').filter({ hasText: 'rude about my play' });
      expect(await acted.locator('form').count()).toBe(0); // closed: nothing to act on
      await acted.getByRole('link', { name: fill(en.mod.record, { name: 'Cara' }) }).click();
      const action = mod.locator('li.mod-action').filter({ hasText: 'Keep the chat kind.' });
      await action.waitFor();
      expect(await action.textContent()).toContain(en.kinds.warn);
      expect(await action.textContent()).toContain('Moe');
      expect(await action.textContent()).toContain(en.player.noAppeal);
      await mod.locator('li.mod-report').filter({ hasText: en.mod.status.acted }).waitFor();
      await mod.setViewportSize({ width: 390, height: 844 });
      await clean(mod, 'a player\'s record, 390');
      await screenshot(mod, 'moderation-player-390');

      // Cara's next start: a notice says she was warned, links her record; dismissed, it stays away.
      await said.goto(h.server.url);
      const notice = said.getByRole('region', { name: en.notice.label });
      await notice.getByText('Keep the chat kind.').waitFor();
      expect(await notice.getByRole('link', { name: en.notice.link }).getAttribute('href')).toBe('/account');
      expect(await notice.textContent()).not.toContain('Dan'); // never who reported her
      await clean(said, 'the lobby with the moderation notice, 1280');
      await screenshot(said, 'moderation-notice-1280');
      await notice.getByRole('button', { name: en.notice.dismiss }).click();
      await notice.waitFor({ state: 'detached' });
      const asked = said.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/moderation');
      await said.reload();
      await asked;
      await said.getByRole('heading', { name: common.lobby.title }).waitFor();
      await said.waitForLoadState('networkidle');
      expect(await said.getByRole('region', { name: en.notice.label }).count()).toBe(0);

      // A mute holds Dan back: his next start says until when, with no way to hide it while it holds.
      const muted = await fetch(`${h.server.url}/api/mod/actions`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${moe.token}` },
        body: JSON.stringify({ playerId: dan.id, kind: 'mute', reason: 'Reports in bad faith.', hours: 2 }),
      });
      expect(muted.status).toBe(201);
      await reporter.goto(h.server.url);
      const danNotice = reporter.getByRole('region', { name: en.notice.label });
      await danNotice.getByText('Reports in bad faith.').waitFor();
      expect(await danNotice.textContent()).toContain(en.notice.mute.split('{{')[0]!);
      expect(await danNotice.getByRole('button').count()).toBe(0);
      await clean(reporter, 'the lobby with a mute\'s notice, 390');
      await screenshot(reporter, 'moderation-notice-mute-390');
    });
  }, 60_000);

  it('a banned player, signed out, reads why at sign-in and appeals', async () => {
    await withFailureShots('moderation-banned', () => pages, async () => {
      const eve = await makeAccount(h, 'Eve');
      const mod = await makeAccount(h, 'Max');
      expect(await h.server.hub.store.moderation.grantModerator(mod.id, 'operator', 0)).toBe(true);
      const ban = await fetch(`${h.server.url}/api/mod/actions`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${mod.token}` },
        body: JSON.stringify({ playerId: eve.id, kind: 'ban', reason: 'Cheating with a second account.' }),
      });
      expect(ban.status).toBe(201);
      const { id: banId } = await ban.json() as { id: string };

      // A new browser, no token: the first screen's sign-in.
      const context = await h.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      pages.push(page);
      await page.goto(h.server.url);
      await page.locator('.name-account').getByRole('button', { name: common.name.signIn, exact: true }).click();
      const form = page.getByRole('form', { name: common.name.signInTitle });
      await form.getByLabel(accountEn.fields.name, { exact: true }).fill('Eve');
      await form.getByLabel(accountEn.fields.password, { exact: true }).fill('correct horse battery');
      await form.getByRole('button', { name: accountEn.signIn.submit, exact: true }).click();
      await form.getByRole('alert').filter({ hasText: accountEn.errors.BANNED }).waitFor();
      const banned = page.getByRole('region', { name: en.banned.title });
      await banned.getByText('Cheating with a second account.').waitFor();
      await clean(page, 'the first screen with a ban\'s reason, 390');
      await banned.getByLabel(en.record.appealLabel).fill('I share the flat, not the account.');
      await banned.getByRole('button', { name: en.record.appeal }).click();
      await banned.getByText(en.record.waiting).waitFor();
      await screenshot(page, 'moderation-banned-390');
      // Still signed out: no token was kept.
      expect(await page.evaluate(() => localStorage.getItem('parlor.token'))).toBeNull();
      const appeals = await (await fetch(`${h.server.url}/api/mod/appeals`, { headers: { authorization: `Bearer ${mod.token}` } })).json() as { appeals: { id: string; appeal: string }[] };
      expect(appeals.appeals.find((a) => a.id === banId)?.appeal).toBe('I share the flat, not the account.');
    });
  }, 40_000);
});
