/**
 * The web shell in Chromium, before and around the name: the first screen's online count from
 * GET /api/online before any connection, then the lobby's live count; "How to play" and the guided
 * game open without a name, their texts (learn.json) loaded only there; "Sign in" to an existing
 * account on a new device, from the first screen; the header's account menu (guest and account) at
 * 390×844 and 1440×900 — axe-core clean, nothing wider than the screen, the menu inside it, the
 * header one row (at 390×844 in all five languages, the menu a round initial); a name refused by the
 * server said beside the field, with no "Connecting…" left in the header.
 */
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/common.json' with { type: 'json' };
import pl from '../../src/i18n/locales/pl/common.json' with { type: 'json' };
import coach from '../../src/i18n/locales/en/coach.json' with { type: 'json' };
import f7 from '../../src/i18n/locales/en/f7.json' with { type: 'json' };
import { decide, nextMoment, webRoot } from './f7-support.js';
import { axeViolations, formatViolations } from './support/axe.js';
import { chooseSeed, f7Simple, playF7 } from './support/deals.js';
import { type Harness, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const SIZES = [[390, 844], [1440, 900]] as const;
const PASSWORD = 'a long enough passphrase';

/** A first visit: no token, every request and WebSocket the page makes recorded. */
async function visitor(h: Harness, width: number, height: number, path = '/'): Promise<{ page: Page; urls: string[]; sockets: string[] }> {
  const context = await h.browser.newContext({ locale: 'en-US', viewport: { width, height } });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const urls: string[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('pageerror', (e) => console.warn(`[visitor] page error: ${e.message}`));
  await page.goto(h.server.url + path);
  return { page, urls, sockets };
}

/** axe finds nothing, and the page is no wider than the screen. */
async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: wider than the screen by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Every box of `selector` lies within the window, left to right. */
async function insideWindow(page: Page, selector: string): Promise<{ left: number; right: number; width: number }[]> {
  return page.locator(selector).evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { left: Math.floor(r.left), right: Math.ceil(r.right), width: window.innerWidth };
  }));
}

/** How many rows the header's items take: an item sharing no height with the row so far starts a new one. */
async function headerRows(page: Page): Promise<number> {
  return page.locator('.top').evaluate((top) => {
    const boxes = [...top.children].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 1 && r.height > 1).sort((a, b) => a.top - b.top);
    let rows = 0;
    let bottom = -Infinity;
    for (const r of boxes) {
      if (r.top >= bottom) { rows++; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom);
    }
    return rows;
  });
}

/** The first screen's header has nothing about a connection: not "Connecting…" (in `words`), no state at all. */
async function noConnectionShown(page: Page, connecting: string): Promise<void> {
  await waitUntil(async () => (await page.locator('.top .conn').count()) === 0, 10_000, 'the connection state to leave the header');
  expect(await page.locator('.top').textContent()).not.toContain(connecting);
}

const learnChunk = /\/locale-[a-z]+-learn-/;
const replayChunk = /\/locale-[a-z]+-replay-/;
const coachChunk = /\/locale-[a-z]+-coach-/;

describe.skipIf(shouldSkip('shell-first-screen'))('The shell before and around the name', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => {
    h = await startHarness('shell-first-screen', { webRoot: webRoot() });
    h.server.hub.onlineEveryMs = 100;
    // An account made elsewhere (another device), to sign in to from a new one.
    const made = await fetch(`${h.server.url}/api/accounts`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Zoë', password: PASSWORD }),
    });
    expect(made.status).toBe(201);
  });
  afterAll(async () => { await h?.close(); });

  it('the online count before a name (from the HTTP API, no connection), then the lobby\'s live count; no learn or replay texts loaded', async () => {
    await withFailureShots('shell-online', () => pages, async () => {
      // Ann is online; a visitor who has not given a name sees her counted. The API's count is
      // cached for 10 s (docs/api.md), and Ann's own first screen would ask it before her hello:
      // her page is not given it, so the first count asked is one made with Ann connected.
      const ann = await person(h, 'Ann', '/', { before: (context) => context.route('**/api/online', (r) => r.abort()) });
      pages.push(ann);
      const { online } = await (await fetch(`${h.server.url}/api/online`)).json() as { online: number };
      expect(online, 'the API counting Ann').toBe(1);
      const { page, urls, sockets } = await visitor(h, 1440, 900);
      pages.push(page);
      await page.getByLabel(en.name.label).waitFor();
      await page.locator('.online-count', { hasText: '1 player online' }).waitFor();
      expect(urls).toContain('/api/online');
      expect(sockets).toEqual([]);
      expect(await page.locator('.conn').count()).toBe(0);
      await screenshot(page, 'shell-first-online-1440');

      // With a name, the lobby's live count: Ann and the visitor.
      await page.getByLabel(en.name.label).fill('Vic');
      await page.getByRole('button', { name: en.name.submit, exact: true }).click();
      await page.getByRole('heading', { name: en.lobby.title, exact: true }).waitFor();
      await page.locator('.online-count', { hasText: '2 players online' }).waitFor();
      // It follows people coming and going (lobby.online), which the API's count did not.
      await ann.context().close();
      await page.locator('.online-count', { hasText: '1 player online' }).waitFor();
      // Neither the learn pages' texts nor the replays' were loaded for the first screen and the lobby.
      expect(urls.filter((u) => learnChunk.test(u) || replayChunk.test(u) || coachChunk.test(u))).toEqual([]);
      expect(urls.some((u) => /\/locale-en-common-/.test(u))).toBe(true);

      // "How to play" from the lobby: its texts load then.
      await page.getByRole('link', { name: en.learn.page.title.replace('{{game}}', 'Flip 7'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: en.learn.page.title.replace('{{game}}', 'Flip 7') }).waitFor();
      await page.locator('.learn-lead').waitFor();
      expect(urls.filter((u) => learnChunk.test(u))).toHaveLength(1);
      expect(await page.locator('.learn-page, main').first().textContent()).not.toMatch(/\blearn\.\w/);
    });
  }, 120_000);

  for (const [width, height] of SIZES) {
    it(`${width}x${height}: "How to play" and the guided game need no name, in any language`, async () => {
      await withFailureShots(`shell-learn-${width}`, () => pages, async () => {
        const { page, urls, sockets } = await visitor(h, width, height, '/learn/flip-7');
        pages.push(page);
        await page.getByRole('heading', { level: 1, name: 'How to play Flip 7' }).waitFor();
        expect(await page.getByLabel(en.name.label).count()).toBe(0);
        expect(urls.filter((u) => learnChunk.test(u))).toEqual([expect.stringMatching(/locale-en-learn-/)]);
        await clean(page, `learn page without a name ${width}`);
        // The header: no name, no account menu, no connection state.
        expect(await page.locator('.account-menu').count()).toBe(0);
        expect(await page.locator('.conn').count()).toBe(0);

        // The guided game, in the browser alone: nothing connects to the server.
        await page.getByRole('link', { name: 'Play a guided first game' }).first().click();
        await page.getByRole('heading', { level: 1, name: en.learn.guided.title.replace('{{game}}', 'Flip 7') }).waitFor();
        await page.locator('.learn-lesson').waitFor();
        expect(await page.getByLabel(en.name.label).count()).toBe(0);
        await clean(page, `guided game without a name ${width}`);
        await screenshot(page, `shell-guided-no-name-${width}`);

        // Another language: its learn texts come with it.
        await page.getByRole('combobox', { name: en.app.language }).selectOption('ja');
        await page.getByRole('heading', { level: 1, name: ja.learn.guided.title.replace('{{game}}', 'Flip 7') }).waitFor();
        await waitUntil(async () => urls.some((u) => /\/locale-ja-learn-/.test(u)), 10_000, 'the Japanese learn texts');
        await page.locator('.learn-lesson h2').waitFor();
        expect(await page.locator('.learn-lesson').textContent()).not.toMatch(/\blearn\.\w/);
        expect(sockets).toEqual([]);
      });
    }, 120_000);
  }

  for (const [width, height] of SIZES) {
    it(`${width}x${height}: signs in to an account on a new device from the first screen; the header's account menu`, async () => {
      await withFailureShots(`shell-sign-in-${width}`, () => pages, async () => {
        const { page } = await visitor(h, width, height);
        pages.push(page);
        await page.getByLabel(en.name.label).waitFor();
        // The name form's "Sign in" (the sign-in form's own button has the same words).
        const toggle = page.locator('.name-account').getByRole('button', { name: en.name.signIn, exact: true });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        const form = page.getByRole('form', { name: en.name.signInTitle });
        await form.waitFor();
        // The keyboard went to the form's first field.
        expect(await form.getByLabel(account.fields.name, { exact: true }).evaluate((e) => e === document.activeElement)).toBe(true);
        await clean(page, `first screen with "Sign in" open ${width}`);
        await screenshot(page, `shell-sign-in-${width}`);

        // A wrong password is refused in words; no guest was made meanwhile.
        await form.getByLabel(account.fields.name, { exact: true }).fill('zoe\u0308');
        await form.getByLabel(account.fields.password, { exact: true }).fill('not the password');
        await form.getByRole('button', { name: account.signIn.submit, exact: true }).click();
        await form.getByRole('alert').filter({ hasText: account.errors.BAD_CREDENTIALS }).waitFor();
        expect(await page.evaluate(() => localStorage.getItem('parlor.token'))).toBeNull();

        // The right one: the account is here, with its own name, and the lobby opens.
        await form.getByLabel(account.fields.password, { exact: true }).fill(PASSWORD);
        await form.getByRole('button', { name: account.signIn.submit, exact: true }).click();
        await page.getByRole('heading', { name: en.lobby.title, exact: true }).waitFor();
        const menu = page.locator('.top .account-menu');
        await menu.locator('.who', { hasText: 'Zoë' }).waitFor();
        expect(await menu.locator('.account-kind').textContent()).toBe(account.menu.account);
        expect(await page.evaluate(() => localStorage.getItem('parlor.token'))).not.toBeNull();
        expect(await headerRows(page), 'the header in one row').toBe(1);

        // The header at this size: everything inside the window; the menu opens inside it too.
        for (const box of await insideWindow(page, '.top > *')) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(box.width);
        }
        await menu.locator('summary').click();
        const entries = menu.locator('ul');
        await entries.getByRole('link', { name: account.nav.profile }).waitFor();
        for (const box of await insideWindow(page, '.account-menu > ul')) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(box.width);
        }
        await clean(page, `lobby with the account menu open ${width}`);
        await screenshot(page, `shell-account-menu-${width}`);
        // Escape closes it and gives the keyboard back to it.
        await page.keyboard.press('Escape');
        expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
        // An entry takes you there.
        await menu.locator('summary').click();
        await entries.getByRole('link', { name: account.nav.profile }).click();
        await page.getByRole('heading', { level: 1, name: 'Zoë' }).waitFor();
      });
    }, 120_000);
  }

  it('390x844: an account\'s name typed as a guest\'s: said so, and "Sign in" opens with that name; the refused connection is not kept', async () => {
    await withFailureShots('shell-name-taken', () => pages, async () => {
      const { page } = await visitor(h, 390, 844);
      pages.push(page);
      const sockets: WebSocket[] = [];
      page.on('websocket', (ws) => sockets.push(ws));
      await page.getByLabel(en.name.label).fill('ZOË');
      await page.getByRole('button', { name: en.name.submit, exact: true }).click();
      await page.getByRole('alert').filter({ hasText: en.errors.NAME_TAKEN }).waitFor();
      // Refused: nothing is connecting (the header says nothing about it), and the name form says why.
      await noConnectionShown(page, en.app.connection.connecting);
      expect(await page.locator('#name-refused').textContent()).toBe(en.errors.NAME_TAKEN);
      expect(await page.getByText(en.errors.NAME_TAKEN).count(), 'said once, beside the field').toBe(1);
      expect(await page.getByLabel(en.name.label).getAttribute('aria-invalid')).toBe('true');
      const form = page.getByRole('form', { name: en.name.signInTitle });
      await form.waitFor();
      expect(await page.locator('.name-account').getByRole('button', { name: en.name.signIn, exact: true }).getAttribute('aria-expanded')).toBe('true');
      expect(await form.getByLabel(account.fields.name, { exact: true }).inputValue()).toBe('ZOË');
      // The name is there: the keyboard is on the password.
      const password = form.getByLabel(account.fields.password, { exact: true });
      expect(await password.evaluate((e) => e === document.activeElement)).toBe(true);
      await clean(page, 'name taken, sign-in open 390');
      await screenshot(page, 'shell-name-taken-390');
      await password.fill(PASSWORD);
      await form.getByRole('button', { name: account.signIn.submit, exact: true }).click();
      await page.getByRole('heading', { name: en.lobby.title, exact: true }).waitFor();
      await page.locator('.top .account-menu .who', { hasText: 'Zoë' }).waitFor();
      // The refused connection was closed when the signed-in one opened, not kept beside it.
      expect(sockets).toHaveLength(2);
      await waitUntil(async () => sockets[0]!.isClosed(), 5_000, 'the refused connection to close');
      expect(sockets[1]!.isClosed()).toBe(false);
    });
  }, 120_000);

  for (const [width, height] of SIZES) {
    it(`${width}x${height}: a guest's account menu: claim your name or sign in`, async () => {
      await withFailureShots(`shell-guest-menu-${width}`, () => pages, async () => {
        const page = await person(h, `Guest with a long name ${width}`.slice(0, 24));
        pages.push(page);
        await page.setViewportSize({ width, height });
        const menu = page.locator('.top .account-menu');
        expect(await menu.locator('.account-kind').textContent()).toBe(account.menu.guest);
        for (const box of await insideWindow(page, '.top > *')) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(box.width);
        }
        await menu.locator('summary').click();
        await menu.getByRole('link', { name: account.claim.title }).waitFor();
        for (const box of await insideWindow(page, '.account-menu > ul')) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(box.width);
        }
        await clean(page, `guest's account menu ${width}`);
        await screenshot(page, `shell-guest-menu-${width}`);
        await menu.getByRole('link', { name: account.signIn.title }).click();
        await page.getByRole('heading', { level: 1, name: account.signIn.title }).waitFor();
      });
    }, 120_000);
  }
  for (const [code, words] of [['pl', pl], ['ja', ja]] as const) {
    it(`390x844, ${code}: a name refused by the server: said beside the field, and no "Connecting…" left in the header`, async () => {
      await withFailureShots(`shell-refused-${code}`, () => pages, async () => {
        const { page } = await visitor(h, 390, 844);
        pages.push(page);
        await page.getByLabel(en.name.label).waitFor();
        await page.locator('.top select').selectOption(code);
        // The name form's field (the sign-in form that opens has a name field too).
        const name = page.locator('#name');
        await page.getByLabel(words.name.label).waitFor();
        await name.fill('zoë');
        await page.getByRole('button', { name: words.name.submit, exact: true }).click();
        await page.getByRole('alert').filter({ hasText: words.errors.NAME_TAKEN }).waitFor();
        await noConnectionShown(page, words.app.connection.connecting);
        expect(await page.locator('#name-refused').textContent()).toBe(words.errors.NAME_TAKEN);
        expect(await page.getByText(words.errors.NAME_TAKEN).count(), 'said once, beside the field').toBe(1);
        expect(await headerRows(page), 'the header in one row').toBe(1);
        await clean(page, `name refused ${code} 390`);
        await screenshot(page, `shell-refused-${code}-390`);
        // Another name: said no more.
        await name.fill('Zofia 2');
        expect(await page.locator('#name-refused').count()).toBe(0);
      });
    }, 120_000);
  }

  it('390x844: the header is one row in all five languages with a guest\'s account menu (a round initial named by the name)', async () => {
    await withFailureShots('shell-header-row', () => pages, async () => {
      const page = await person(h, 'Władysław Guest 390');
      pages.push(page);
      await page.setViewportSize({ width: 390, height: 844 });
      const menu = page.locator('.top .account-menu');
      for (const code of ['en', 'it', 'ja', 'ko', 'pl']) {
        await page.locator('.top select').selectOption(code);
        await waitUntil(async () => (await page.evaluate(() => document.documentElement.lang)) === code, 10_000, `the page in ${code}`);
        expect(await headerRows(page), `${code}: the header in one row`).toBe(1);
        expect(await menu.locator('.account-initial').textContent()).toBe('W');
        expect(await menu.locator('summary').textContent()).toContain('Władysław Guest 390');
        for (const box of await insideWindow(page, '.top > *')) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(box.width);
        }
        if (code === 'ja' || code === 'pl') await clean(page, `lobby header ${code} 390`);
        await screenshot(page, `shell-header-${code}-390`);
      }
    });
  }, 120_000);

  it('a finished rated game: the Rated badge, the coach\'s review of my seat under it (1440x900 and 390x844), then "Replay game 1" while the next runs', async () => {
    await withFailureShots('shell-finished-game', () => pages, async () => {
      // Zoë, signed in with her account's token (as the first screen's "Sign in" leaves it).
      const session = await fetch(`${h.server.url}/api/sessions`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Zoë', password: PASSWORD }),
      });
      const { token } = await session.json() as { token: string };
      const context = await h.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
      context.setDefaultTimeout(30_000);
      await context.addInitScript((tok) => {
        localStorage.setItem('parlor.token', tok);
        localStorage.setItem('parlor.settings', JSON.stringify({ pace: 'fast', muted: true }));
      }, token);
      const page = await context.newPage();
      pages.push(page);
      const urls: string[] = [];
      page.on('request', (r) => urls.push(new URL(r.url()).pathname));
      page.on('pageerror', (e) => console.warn(`[Zoë] page error: ${e.message}`));
      await page.goto(h.server.url);
      await page.getByRole('heading', { name: en.lobby.title, exact: true }).waitFor();

      // A rated Flip 7 table to 100 against a bot.
      await page.getByRole('button', { name: en.lobby.create }).click();
      await page.getByRole('radio', { name: /^Flip 7/ }).check();
      await page.getByRole('combobox', { name: /^Seats/ }).selectOption('2');
      await page.getByRole('combobox', { name: /^Target score/ }).selectOption('100');
      const rated = page.getByRole('checkbox', { name: account.rated.label });
      await waitUntil(async () => !(await rated.isDisabled()), 10_000, 'Rated offered to the account');
      await rated.check();
      await page.getByRole('button', { name: 'Create table' }).click();
      await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      const tableId = /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname)![1]!;
      const heading = page.locator('.table-heading');
      await heading.locator('.badge-rated', { hasText: account.rated.badge }).waitFor();
      await fillWithBots(page);
      // The deal: a short game (Zoë, a simple player hitting below 15, against a basic bot, to 100),
      // so that the coach has a whole game to review soon.
      const seed = await chooseSeed('shell-first-screen rated', async (s) => {
        const played = await playF7(s, 2, 100, { 0: f7Simple(15) });
        return played.ended && played.decisions.length <= 10;
      }, 2);
      const dealt = await playF7(seed, 2, 100, { 0: f7Simple(15) });
      h.deal(seed);
      await start(page);
      // No replay link in the heading during the first game, nor a coach.
      await page.locator('.f7').waitFor();
      expect(await heading.getByRole('link').count()).toBe(0);
      expect(await page.locator('.coach').count()).toBe(0);
      expect(urls.filter((u) => coachChunk.test(u)), 'the coach\'s words before a game is over').toEqual([]);
      let moves = 0;
      for (;; moves++) {
        const moment = await nextMoment(page);
        if (moment === 'over') break;
        expect(moves, 'the game to end within 300 decisions').toBeLessThan(300);
        await decide(page, moment);
        await waitUntil(async () => (await page.locator('.f7-controls[aria-busy="true"]').count()) === 0, 30_000, 'the move to be taken');
      }
      // The game of the deal, decision for decision.
      expect(moves, 'Zoë\'s decisions in the game of the deal').toBe(dealt.decisions.length);

      // The game is over: the coach's review of my seat under it, its words loaded only now.
      const review = page.locator('.table-main > .coach');
      await review.getByRole('heading', { name: coach.title, exact: true }).waitFor();
      expect(urls.some((u) => u === `/tables/${tableId}/export`)).toBe(true);
      expect(urls.filter((u) => coachChunk.test(u))).toEqual([expect.stringMatching(/locale-en-coach-/)]);
      await review.getByText(coach.analysing).waitFor({ state: 'detached', timeout: 60_000 });
      // Under the game, not beside or over it.
      const game = (await page.locator('.table-game').boundingBox())!;
      const box = (await review.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(game.y + game.height - 1);
      await heading.locator('.badge-rated').waitFor();
      // The end screen links to this game's replay; the heading does not (one link per replay).
      await page.locator('.f7-end').getByRole('link', { name: f7.end.replay }).waitFor();
      expect(await heading.getByRole('link').count()).toBe(0);
      await clean(page, 'finished rated game with the coach 1440');
      await screenshot(page, 'shell-finished-coach-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await review.scrollIntoViewIfNeeded();
      await clean(page, 'finished rated game with the coach 390');
      await screenshot(page, 'shell-finished-coach-390');
      for (const b of await insideWindow(page, '.table-heading > *, .table-main > .coach')) {
        expect(b.left).toBeGreaterThanOrEqual(0);
        expect(b.right).toBeLessThanOrEqual(b.width);
      }

      // Another game: the coach goes with the finished one, and the heading links to game 1's replay.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('button', { name: f7.end.playAgain }).click();
      const replay = heading.getByRole('link', { name: en.table.replayGame.replace('{{n}}', '1') });
      await replay.waitFor();
      expect(await replay.getAttribute('href')).toBe(`/games/${tableId}/1`);
      expect(await page.locator('.coach').count()).toBe(0);
      await clean(page, 'second game with the replay link 1440');
      await replay.click();
      await page.waitForURL(new RegExp(`/games/${tableId}/1$`));
      await page.locator('.replay-page .replay-head').waitFor();
    });
  }, 400_000);
});
