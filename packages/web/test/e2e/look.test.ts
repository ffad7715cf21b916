/**
 * How the main screens look at 390×844 (a phone) and 1440×900 (a desktop), with one server and one
 * game of each kind against basic bots:
 *  - pictures of the lobby, both tables mid-game and both end screens, in Japanese and Polish, at
 *    both sizes (artifacts/e2e/look/<screen>-<lang>-<width>.png), each clean under axe-core;
 *  - nothing outside the window on any main screen (first screen, lobby, both tables and end screens,
 *    replay, your games, leaderboard, profile, rules, the guided games, offline);
 *  - the settings popover inside the window, in Polish (whose words are long);
 *  - the end screens' tables readable on a phone: names broken only between words, and a table wider
 *    than the window scrolling with an edge that says so, a named region the keyboard can scroll;
 *  - the table players look at (the felt with the pile and what lies on it, the players' lines) not
 *    covered by the docked hand or the pinned lesson: on a desktop as the page opens, on a phone at
 *    the scroll position that shows it best;
 *  - the server's notice covering no heading and no control, and Flip 7's flashes clear of the
 *    table's title and the action bar.
 *
 * Each game plays a known deal in which Ana moves first, so that the table waits on her while the
 * pictures are taken mid-game (SF-5, F7-3); she then leaves the game and a stand-in plays her seat
 * to the end with the bots, who think for no time.
 */
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations } from './support/axe.js';
import { away } from './support/away.js';
import { chooseSeed, f7Opening, sfOpening } from './support/deals.js';
import {
  type Harness, createTable, fillWithBots, person, screenshot, settled, shouldSkip, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { type Lang, strings } from './support/learn.js';
import { boxOf, outsideOf, outsideWindow, overlap, scrollersUnmarked, tableShown, wordsBroken } from './support/look.js';
import { sf } from './support/sf.js';

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1440, height: 900 } as const;
const SIZES = [PHONE, DESKTOP] as const;
type Size = (typeof SIZES)[number];
const LANGS = ['ja', 'pl'] as const satisfies readonly Lang[];

/** The page in `lang` (the header's language menu), its strings on screen. */
async function setLang(page: Page, lang: Lang): Promise<void> {
  await page.locator('.lang select').selectOption(lang);
  await waitUntil(async () => (await page.evaluate(() => document.documentElement.lang)) === lang, 10_000, `the page in ${lang}`);
  await page.getByRole('button', { name: strings(lang)('settings.title') }).waitFor();
}

/** The window at `size`, the page at its top, drawn. */
async function at(page: Page, size: Size): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
}

/** Nothing of the page outside the window, at both sizes (the window is left at the desktop's). */
async function fitsWindow(page: Page, where: string): Promise<void> {
  for (const size of SIZES) {
    await at(page, size);
    expect.soft(await outsideWindow(page), `outside the window: ${where} at ${size.width}`).toEqual([]);
  }
  await at(page, DESKTOP);
}

/** The settings popover, opened from the header, lies inside the window at both sizes. */
async function settingsInside(page: Page, where: string): Promise<void> {
  for (const size of SIZES) {
    await at(page, size);
    await page.locator('.settings-toggle').click();
    const box = await boxOf(page.locator('#settings-panel'));
    expect(box, `the settings popover opens (${where})`).not.toBeNull();
    expect.soft(outsideOf(box!, size.width, size.height), `the settings popover outside the window: ${where} at ${size.width}`).toEqual([]);
    await screenshot(page, `look/settings-${where}-${size.width}`, 'window');
    await page.keyboard.press('Escape');
    await page.locator('#settings-panel').waitFor({ state: 'detached' });
  }
}

/**
 * The table (`selector`) uncovered: on a desktop, all of it in the window as the page opens; on a
 * phone, all of it at the scroll position that shows it best (the docked hand and the pinned lesson
 * leave it room).
 */
async function tableInView(page: Page, selector: string, where: string): Promise<void> {
  for (const size of SIZES) {
    await at(page, size);
    const seen = await tableShown(page, selector, size === PHONE ? 'best' : 'now');
    expect.soft(seen.height, `${selector} in the window: ${where} at ${size.width}`).toBeGreaterThan(40);
    expect.soft(seen.shown, `${selector} covered by ${seen.coveredBy.join(', ')}: ${where} at ${size.width}`).toBeGreaterThanOrEqual(seen.height - 8);
  }
  await at(page, DESKTOP);
}

/** The end screen's tables on a phone, in English, Japanese and Polish: names broken between words only, and wide tables marked as scrolling. */
async function endTablesReadable(page: Page, screen: string, names: string, regions: string): Promise<void> {
  await at(page, PHONE);
  for (const lang of ['en', ...LANGS] as const) {
    await setLang(page, lang);
    await settled(page);
    expect.soft(await wordsBroken(page, names), `names broken inside a word: ${screen} in ${lang}`).toEqual([]);
    expect.soft(await scrollersUnmarked(page, regions), `a table that scrolls without saying so: ${screen} in ${lang}`).toEqual([]);
    expect.soft(await outsideWindow(page), `outside the window: ${screen} in ${lang}`).toEqual([]);
  }
  await setLang(page, 'en');
  await at(page, DESKTOP);
}

/** The headings and controls on the page, by their boxes in the window (what a notice or a flash must not cover). */
async function headingsAndControls(page: Page, not: string): Promise<{ what: string; left: number; top: number; right: number; bottom: number }[]> {
  return page.evaluate((outside) => Array.from(document.querySelectorAll('h1, h2, h3, button, a[href], input, select, summary, [tabindex="0"]'))
    .filter((el) => el.closest(outside) === null && el.closest('.visually-hidden') === null
      && el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }))
    .map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 0 && r.height > 0)
    .map(({ el, r }) => ({ what: `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`, left: r.left, top: r.top, right: r.right, bottom: r.bottom })), not);
}

/** What the box covers among the page's headings and controls. */
async function coveredBy(page: Page, selector: string): Promise<string[]> {
  const box = await boxOf(page.locator(selector).first());
  if (box === null) throw new Error(`no ${selector} shown`);
  return (await headingsAndControls(page, selector)).filter((c) => overlap(box, c)).map((c) => c.what);
}

describe.skipIf(shouldSkip('look'))('The look of the main screens at 390×844 and 1440×900', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('look', { botDelayMs: [0, 0] }); });
  afterAll(async () => { await h?.close(); });

  /** Pictures of one screen in Japanese and Polish at both sizes, each checked by axe and for the window's edge; the page is left in English at the desktop size. */
  async function pictures(page: Page, screen: string): Promise<void> {
    for (const lang of LANGS) {
      await setLang(page, lang);
      for (const size of SIZES) {
        await at(page, size);
        await screenshot(page, `look/${screen}-${lang}-${size.width}`, 'window');
        expect.soft(formatViolations(await axeViolations(page)), `axe: ${screen} in ${lang} at ${size.width}`).toEqual([]);
        expect.soft(await outsideWindow(page), `outside the window: ${screen} in ${lang} at ${size.width}`).toEqual([]);
      }
    }
    await setLang(page, 'en');
    await at(page, DESKTOP);
  }

  it('the first screen, in Polish on a phone: nothing outside the window, the settings inside it', async () => {
    const context = await h.browser.newContext({ locale: 'pl-PL', viewport: PHONE });
    const page = await context.newPage();
    pages.push(page);
    await withFailureShots('look-first', () => [page], async () => {
      await page.goto(h.server.url + '/');
      await page.getByLabel(strings('pl')('name.label')).waitFor();
      await fitsWindow(page, 'the first screen');
      await settingsInside(page, 'first-pl');
    });
    await context.close();
  });

  it('lobby, tables mid-game, end screens and the other pages: pictures, axe, the window\'s edge, what covers the table', async () => {
    // Ana's WebSocket passes through the test, which can hand her page a refusal from the server.
    let socket: WebSocketRoute | null = null;
    const ana = await person(h, 'Ana', '/', {
      before: (context) => context.routeWebSocket(/\/ws/, (ws) => { ws.connectToServer(); socket = ws; }),
    });
    pages.push(ana);
    const refuse = async () => {
      await waitUntil(async () => socket !== null, 10_000, 'the page\'s socket');
      socket!.send(JSON.stringify({ type: 'error', code: 'CHAT_LIMITED', message: 'Too many chat messages; wait a moment.' }));
      await ana.locator('.notice').waitFor();
    };
    await withFailureShots('look', () => pages, async () => {
      await setLang(ana, 'pl');
      await settingsInside(ana, 'lobby-pl');
      await setLang(ana, 'en');

      // Stir Fry Eighteen, Ana first (SF-5): the table waits on her.
      await createTable(ana, { game: 'Stir Fry Eighteen', seats: 3, target: '50' });
      await fillWithBots(ana);
      h.deal(await chooseSeed('look sf', (s) => sfOpening(s, 3, { target: 50 }).first === 0, 3));
      await start(ana);
      await sf.endTurn(ana).waitFor();
      await pictures(ana, 'sf-table');
      await tableInView(ana, '.sf-felt', 'Stir Fry Eighteen mid-game');
      await tableInView(ana, '.sf-players', 'Stir Fry Eighteen mid-game');
      // A refusal from the server: a bar over no heading and no control, with the page at its top and scrolled.
      await refuse();
      for (const size of SIZES) {
        await at(ana, size);
        expect.soft(await coveredBy(ana, '.notice'), `the notice at the top at ${size.width}`).toEqual([]);
        await screenshot(ana, `look/notice-sf-${size.width}`, 'window');
        await ana.evaluate(() => window.scrollTo(0, 200));
        await settled(ana);
        if (await ana.locator('.notice').isVisible()) expect.soft(await coveredBy(ana, '.notice'), `the notice scrolled at ${size.width}`).toEqual([]);
      }
      await ana.locator('.notice button').click();
      await at(ana, DESKTOP);

      await away.leave(ana).click();
      await away.leaveYes(ana).click();
      await sf.endHeading(ana).waitFor({ timeout: 120_000 });
      await pictures(ana, 'sf-end');
      await endTablesReadable(ana, 'Stir Fry Eighteen\'s end', '.sf-end th', '.sf-end [role="region"]');

      // Flip 7, Ana first (F7-3): the table waits on her hit or stay.
      await ana.getByRole('link', { name: /Back to the lobby/ }).first().click();
      await createTable(ana, { game: 'Flip 7', seats: 3, target: '100' });
      await fillWithBots(ana);
      h.deal(await chooseSeed('look f7', (s) => { const o = f7Opening(s, 3, 100); return o.toAct.join() === '0' && o.view.pending?.kind !== 'give'; }, 4));
      await start(ana);
      await ana.locator('.f7-controls .f7-stay').waitFor();
      await pictures(ana, 'f7-table');
      await tableInView(ana, '.f7-players', 'Flip 7 mid-game');
      // A flash (a bust, a Flip 7) as the table shows one: clear of the title and of the action bar.
      await ana.evaluate(() => {
        const flash = document.createElement('div');
        flash.className = 'f7-toasts look-flash';
        flash.setAttribute('aria-hidden', 'true');
        flash.innerHTML = '<div class="f7-toast f7-toast-flip7" style="animation: none">Flip 7!</div>';
        document.querySelector('.f7-felt')!.append(flash);
      });
      for (const size of SIZES) {
        await at(ana, size);
        const flash = (await boxOf(ana.locator('.look-flash')))!;
        for (const part of ['.table-heading h1', '.table-bar', '.f7-dock']) {
          const box = await boxOf(ana.locator(part).first());
          if (box !== null) expect.soft(overlap(flash, box), `a flash over ${part} at ${size.width}`).toBe(false);
        }
      }
      await ana.evaluate(() => document.querySelector('.look-flash')?.remove());
      await at(ana, DESKTOP);

      await away.leave(ana).click();
      await away.leaveYes(ana).click();
      await ana.locator('.f7-end').waitFor({ timeout: 180_000 });
      await pictures(ana, 'f7-end');
      await endTablesReadable(ana, 'Flip 7\'s end', '.f7-end th, .f7-rank-name', '.f7-end [role="region"]');

      // Its replay, then every other main page.
      await ana.locator('.f7-replay-link a').click();
      await ana.waitForURL(/\/games\//);
      await ana.locator('h1').first().waitFor();
      await fitsWindow(ana, 'the replay');
      for (const path of ['/me/games', '/leaderboard', '/players/Ana', '/learn/stir-fry-eighteen', '/learn/flip-7', '/offline', '/learn/flip-7/guided']) {
        await ana.goto(h.server.url + path);
        await ana.locator('h1').first().waitFor();
        await fitsWindow(ana, path);
      }
      await ana.locator('.f7-players').waitFor();
      await tableInView(ana, '.f7-players', 'Flip 7\'s guided game');

      // The guided Stir Fry Eighteen game: the table in view under the pinned lesson and the docked
      // hand, as the hand grows (a pair declared draws three cards).
      const en = strings('en');
      await ana.goto(h.server.url + '/learn/stir-fry-eighteen/guided');
      await ana.locator('.learn-lesson h2').waitFor();
      await ana.locator('.sf-felt').waitFor();
      await fitsWindow(ana, 'the guided game');
      await tableInView(ana, '.sf-felt', 'the guided game\'s first step');
      await ana.getByRole('button', { name: en('learn.guided.next'), exact: true }).click();
      await ana.locator('.learn-lesson[data-step="2"]').waitFor();
      for (const card of [0, 1]) await ana.locator('.sf-hand .sf-card-soy-sauce').nth(card).click();
      await ana.getByRole('button', { name: en('sf.actions.pair'), exact: true }).click();
      await ana.locator('.learn-lesson[data-step="3"]').waitFor();
      await ana.locator('.sf-hand .sf-card-pork').click();
      await tableInView(ana, '.sf-felt', 'the guided game, a protein to declare');
      await tableInView(ana, '.sf-players', 'the guided game, a protein to declare');
      for (const size of SIZES) {
        await at(ana, size);
        await screenshot(ana, `look/guided-sf-${size.width}`, 'window');
      }

      // The lobby, with the tables just played.
      await ana.goto(h.server.url + '/');
      await ana.getByRole('heading', { name: en('lobby.title') }).waitFor();
      await pictures(ana, 'lobby');
    });
  }, 600_000);
});
