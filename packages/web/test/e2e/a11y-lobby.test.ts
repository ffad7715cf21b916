/**
 * Issue 11, item 6: axe-core finds nothing on the first screen, the lobby (with tables listed and
 * "Your games": a game against bots, left), the create form and the settings menu, at 390x844 and 1440x900, in English and in
 * Japanese; nothing is wider than the screen. Screenshots of each go to artifacts/e2e/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/common.json' with { type: 'json' };
import ko from '../../src/i18n/locales/ko/common.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, createTable, fillWithBots, person, screenshot, shouldSkip, start, startHarness, withFailureShots } from './support/e2e.js';

const SIZES = [[390, 844], [1440, 900]] as const;

/** axe finds nothing, and the page is no wider than the screen. */
async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: wider than the screen by ${overflow}px`).toBeLessThanOrEqual(0);
}

describe.skipIf(shouldSkip('a11y-lobby'))('Accessibility of the first screen, the lobby and the create form', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => {
    // The two games started here (the hostess's Flip 7 table, then Ann's game against bots) play the
    // file's own deals, `e2e a11y-lobby 1` and `2`: any deal will do: only the lobby that lists
    // them and the table's first screen are looked at.
    h = await startHarness('a11y-lobby');
    h.server.hub.onlineEveryMs = 100;
    // The lobby lists a table waiting for players (a target not the default) and a game being played.
    const host = await person(h, 'Hostess');
    pages.push(host);
    await createTable(host, { game: 'Stir Fry Eighteen', seats: 4, target: '100' });
    await host.getByRole('link', { name: /Back to the lobby/ }).click();
    await createTable(host, { game: 'Flip 7', seats: 2 });
    await fillWithBots(host);
    await start(host);
  });
  afterAll(async () => { await h?.close(); });

  for (const [width, height] of SIZES) {
    it(`${width}x${height}: the first screen, the lobby, the create form and the settings, in English and Japanese`, async () => {
      await withFailureShots(`a11y-lobby-${width}`, () => pages, async () => {
        const context = await h.browser.newContext({ locale: 'en-US', viewport: { width, height } });
        const page = await context.newPage();
        pages.push(page);
        await page.goto(h.server.url);
        await page.getByLabel(en.name.label).waitFor();
        // Nothing to connect yet: no connection state before a name.
        expect(await page.locator('.conn').count()).toBe(0);
        for (const game of ['Stir Fry Eighteen', 'Flip 7']) {
          await page.getByRole('button', { name: `${en.home.playBots}: ${game}` }).waitFor();
        }
        await clean(page, `first screen ${width}`);
        await screenshot(page, `home-first-${width}-en`);

        await page.getByLabel(en.name.label).fill(`Ann ${width}`);
        await page.getByRole('button', { name: en.name.submit }).click();
        await page.getByRole('status').filter({ hasText: en.app.connection.open }).waitFor();
        await page.getByRole('heading', { name: en.lobby.title, exact: true }).waitFor();
        // A game against bots, left for the lobby: it is among "Your games" there.
        await page.getByRole('button', { name: `${en.home.playBots}: Stir Fry Eighteen` }).click();
        await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
        await page.locator('.sf').waitFor();
        await screenshot(page, `table-${width}-en`);
        await page.getByRole('link', { name: /Back to the lobby/ }).click();
        await page.locator('.yours .table-row', { hasText: en.lobby.private }).waitFor();
        await page.getByText(/\d+ players online/).waitFor();
        const listed = page.locator('section[aria-labelledby="tables-title"] .table-row');
        await listed.filter({ hasText: 'Target score: 100' }).waitFor();
        await listed.filter({ hasText: en.lobby.status.running }).waitFor();
        await clean(page, `lobby ${width}`);
        await screenshot(page, `home-lobby-${width}-en`);

        await page.getByRole('button', { name: en.lobby.create }).click();
        await page.getByRole('heading', { name: en.create.title }).waitFor();
        await clean(page, `create form ${width}`);
        await screenshot(page, `home-create-${width}-en`);

        await page.getByRole('button', { name: en.settings.title }).click();
        await page.getByRole('radio', { name: en.settings.paces.normal }).waitFor();
        await clean(page, `settings ${width}`);
        await screenshot(page, `settings-${width}-en`);
        await page.keyboard.press('Escape');
        expect(await page.getByRole('radio', { name: en.settings.paces.normal }).count()).toBe(0);

        await page.locator('.lang select').selectOption('ja');
        await page.getByRole('heading', { name: ja.create.title }).waitFor();
        await clean(page, `create form ${width} ja`);
        await screenshot(page, `home-create-${width}-ja`);
        await page.getByRole('button', { name: ja.create.cancel }).click();
        await page.getByRole('heading', { name: ja.lobby.title, exact: true }).waitFor();
        await clean(page, `lobby ${width} ja`);
        await screenshot(page, `home-lobby-${width}-ja`);
        await page.locator('.lang select').selectOption('en');
        await context.close();

        // A first visit in Korean and in Japanese.
        for (const [lang, strings] of [['ko', ko], ['ja', ja]] as const) {
          const other = await h.browser.newContext({ locale: lang, viewport: { width, height } });
          const first = await other.newPage();
          pages.push(first);
          await first.goto(h.server.url);
          await first.getByRole('heading', { name: strings.name.title }).waitFor();
          await clean(first, `first screen ${width} ${lang}`);
          await screenshot(first, `home-first-${width}-${lang}`);
          await other.close();
        }
      });
    }, 180_000);
  }
});
