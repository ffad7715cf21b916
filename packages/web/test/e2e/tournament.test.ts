/**
 * A tournament in Chromium: two accounts (made through the API) and a Flip 7 arena (tables of 2,
 * 5 minutes, starting now; made through the API by the first). Each opens the tournament's page
 * signed in as their account and joins: the tournament seats them at one table, and both pages go
 * there by themselves (`tournament.paired`) within seconds. The table says it is the tournament's,
 * with the way back; the tournament's page then shows both in the standings with 0 points, their
 * game under way with a Watch link, and "Go to your table" — in English at 390 and 1440 with axe
 * clean and nothing wider than the window; and in Japanese with no key shown raw and the page's
 * own words. The lobby lists it; /tournaments too. Both then leave their game: stand-ins finish it,
 * and the arena's next table takes both there from the table page; the finished table's end screen
 * offers "Back to the tournament". The create form says a problem beside its field, and makes a
 * Swiss event for later, whose page counts down to its start.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import enT from '../../src/i18n/locales/en/tournament.json' with { type: 'json' };
import jaT from '../../src/i18n/locales/ja/tournament.json' with { type: 'json' };
import { load } from '../locale-files.js';
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const PASSWORD = 'correct horse battery';
const NAME = 'Rita Cup';

async function account(h: Harness, name: string): Promise<string> {
  const r = await fetch(`${h.server.url}/api/accounts`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(r.status, `account ${name}`).toBe(201);
  return ((await r.json()) as { token: string }).token;
}

/** A page signed in with an account's token (as a browser that signed in before), in `lang`. */
async function signedIn(h: Harness, token: string, path: string, lang = 'en', width = 1440, height = 900): Promise<Page> {
  const context = await h.browser.newContext({ locale: lang === 'en' ? 'en-US' : lang, viewport: { width, height } });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(([tok, l]) => { localStorage.setItem('parlor.token', tok!); localStorage.setItem('parlor.lang', l!); }, [token, lang]);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.warn(`[${lang}] page error: ${e.message}`));
  await page.goto(h.server.url + path);
  return page;
}

/** The page is drawn and holds still: nothing busy, the fonts in, two frames. */
async function still(page: Page): Promise<void> {
  await waitUntil(() => page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))));
    return document.querySelector('[aria-busy="true"]') === null;
  }), 20_000, 'the page to settle');
}

async function looked(page: Page, where: string): Promise<string[]> {
  await still(page);
  const faults = formatViolations(await axeViolations(page)).map((v) => `${where}: axe ${v}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) faults.push(`${where}: wider than the window by ${overflow}px`);
  return faults;
}

describe.skipIf(shouldSkip('tournament'))('A tournament: join, be seated together, the standings', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('tournament'); });
  afterAll(async () => { await h?.close(); });

  it('two accounts join an arena, are taken to one table, and the page shows the standings', async () => {
    await withFailureShots('tournament', () => pages.filter((p) => !p.isClosed()), async () => {
      const rita = await account(h, 'Rita');
      const sam = await account(h, 'Sam');
      const made = await fetch(`${h.server.url}/api/tournaments`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${rita}` },
        body: JSON.stringify({ game: 'flip-7', format: 'arena', name: NAME, minutes: 5, startsAt: new Date().toISOString(), seats: 2, moveTimer: 60, rated: false }),
      });
      expect(made.status, await made.clone().text()).toBe(201);
      const { id } = (await made.json()) as { id: string };

      // Both open the tournament's page and join.
      const a = await signedIn(h, rita, `/tournaments/${id}`);
      const b = await signedIn(h, sam, `/tournaments/${id}`);
      pages.push(a, b);
      for (const p of [a, b]) {
        await p.getByRole('heading', { name: NAME, level: 1 }).waitFor();
        await p.getByRole('status').filter({ hasText: en.app.connection.open }).waitFor();
        await p.getByRole('button', { name: enT.page.join, exact: true }).click();
      }
      // Seated together: both pages go to the same table on their own.
      await Promise.all([a, b].map((p) => p.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 20_000 })));
      const tableOf = (p: Page) => /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(p.url()).pathname)![1]!;
      expect(tableOf(a)).toBe(tableOf(b));
      const table = tableOf(a);

      // The table says whose it is, and leads back.
      const line = a.locator('.table-tournament');
      await line.getByRole('link', { name: NAME }).waitFor();
      expect(await line.textContent()).toContain(en.table.tournament);
      await line.getByRole('link', { name: NAME }).click();
      await a.waitForURL(new RegExp(`/tournaments/${id}$`));

      // The standings: both players, 0 points; the game under way; the way to my table.
      const standings = a.locator('table.tournament-standings');
      await standings.locator('tbody tr').nth(1).waitFor();
      const rows = await standings.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
      expect(rows.map((r) => r[1]!.replace(/\s*\(you\)/, '')).sort()).toEqual(['Rita', 'Sam']);
      expect(rows.map((r) => r[2])).toEqual(['0', '0']);
      await a.getByRole('link', { name: enT.page.goToTable }).waitFor();
      expect(await a.getByRole('link', { name: enT.page.goToTable }).getAttribute('href')).toBe(`/t/${table}`);
      await a.locator('.tournament-games').getByRole('link', { name: new RegExp(`^${enT.page.watch}`) }).waitFor();
      expect(await a.locator('.tournament-moment').textContent()).toMatch(/^Running — ends in \d:\d\d$/);

      const faults: string[] = [];
      faults.push(...await looked(a, 'tournament 1440 en'));
      await screenshot(a, 'tournament/page-en-1440');
      await a.setViewportSize({ width: 390, height: 844 });
      faults.push(...await looked(a, 'tournament 390 en'));
      await screenshot(a, 'tournament/page-en-390');

      // The lobby lists it, and so does /tournaments (running).
      await a.goto(h.server.url);
      await a.locator('.lobby-tournaments').getByRole('link', { name: NAME }).waitFor();
      faults.push(...await looked(a, 'lobby 390 en'));
      await screenshot(a, 'tournament/lobby-en-390');
      await a.goto(`${h.server.url}/tournaments`);
      await a.getByRole('region', { name: enT.status.running }).getByRole('link', { name: NAME }).waitFor();
      faults.push(...await looked(a, 'tournaments 390 en'));
      await a.setViewportSize({ width: 1440, height: 900 });
      faults.push(...await looked(a, 'tournaments 1440 en'));
      await screenshot(a, 'tournament/list-en-1440');

      // Japanese: the page's own words, no key shown raw.
      const ja = await signedIn(h, sam, `/tournaments/${id}`, 'ja', 390, 844);
      pages.push(ja);
      await ja.getByRole('heading', { name: jaT.page.standings }).waitFor();
      await ja.locator('table.tournament-standings tbody tr').nth(1).waitFor();
      await still(ja);
      const texts = await ja.evaluate(() => document.body.innerText.split('\n').map((s) => s.trim()).filter((s) => s !== ''));
      expect(texts.filter((s) => /^[a-z][\w-]*(\.[\w-]+){1,}$/.test(s)), 'keys shown raw').toEqual([]);
      expect(texts.join('\n')).toContain(jaT.page.goToTable);
      expect(texts.join('\n')).toContain(jaT.page.standings);
      expect(await ja.evaluate(() => document.documentElement.lang)).toBe('ja');
      faults.push(...await looked(ja, 'tournament 390 ja'));
      await screenshot(ja, 'tournament/page-ja-390');
      expect(faults).toEqual([]);

      // Both leave the game: stand-ins finish it at once, and the arena's next table takes both
      // there from the table page. The finished table's end screen leads back to the tournament
      // (no "Play again").
      await a.goto(`${h.server.url}/t/${table}`);
      for (const p of [a, b]) {
        await p.getByRole('button', { name: en.presence.leave }).click();
        await p.getByRole('button', { name: en.presence.leaveYes }).click();
      }
      await waitUntil(async () => [a, b].every((p) => /\/t\/[A-Za-z0-9_-]+$/.test(new URL(p.url()).pathname) && tableOf(p) !== table), 120_000, 'the next table');
      expect(tableOf(a)).toBe(tableOf(b));
      await ja.goto(`${h.server.url}/t/${table}`);
      await ja.getByRole('button', { name: load('ja', 'common.json').get('table.backToTournament')! }).click();
      await ja.waitForURL(new RegExp(`/tournaments/${id}$`));
    });
  }, 300_000);

  it('the create form: a problem said beside its field, then a Swiss event made for later opens its page', async () => {
    await withFailureShots('tournament-new', () => pages.filter((p) => !p.isClosed()), async () => {
      const token = await account(h, 'Tess');
      const page = await signedIn(h, token, '/tournaments/new', 'en', 390, 844);
      pages.push(page);
      await page.getByRole('heading', { name: enT.new.title, level: 1 }).waitFor();
      const faults = await looked(page, 'create 390 en');
      await screenshot(page, 'tournament/new-en-390');
      // An arena too short: said beside the field, nothing sent.
      await page.getByRole('spinbutton', { name: enT.new.minutes }).fill('3');
      await page.getByRole('button', { name: enT.new.submit }).click();
      await page.getByText(enT.new.problems.minutes.replace('{{min}}', '5').replace('{{max}}', '360')).waitFor();
      expect(await page.getByRole('spinbutton', { name: enT.new.minutes }).getAttribute('aria-invalid')).toBe('true');
      faults.push(...await looked(page, 'create with a problem 390 en'));
      // A Swiss event in an hour (the form's own suggestion).
      await page.getByRole('radio', { name: new RegExp(`^${enT.format.swiss}`) }).check();
      await page.getByRole('textbox', { name: enT.new.name }).fill('Tess Swiss');
      await page.getByRole('radio', { name: enT.new.startLater }).check();
      await page.setViewportSize({ width: 1440, height: 900 });
      faults.push(...await looked(page, 'create swiss 1440 en'));
      await page.getByRole('button', { name: enT.new.submit }).click();
      await page.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
      await page.getByRole('heading', { name: 'Tess Swiss', level: 1 }).waitFor();
      expect(await page.locator('.tournament-moment').textContent()).toMatch(/^Starts in \d:\d\d:\d\d$/);
      await page.getByRole('button', { name: enT.page.join, exact: true }).waitFor();
      faults.push(...await looked(page, 'upcoming swiss 1440 en'));
      expect(faults).toEqual([]);
    });
  }, 120_000);
});
