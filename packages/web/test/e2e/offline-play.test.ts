/**
 * Issue 14, item 1, in Chromium: the page is loaded once (online, a name given), the service
 * worker takes it over, then the network goes — the browser context offline and the server itself
 * stopped — and from the service worker's copy alone a person opens /offline and plays a game of
 * Flip 7 and a game of Stir Fry Eighteen against expert bots to their end screens, with the games'
 * own table screens; the bots think in the Web Worker (the page's main thread keeps ticking); a
 * reload in the middle of a game resumes it from IndexedDB; each finished game is downloaded and
 * passes `parlor verify`'s own code; its replay opens; the offline page passes axe-core.
 *
 * An offline game's seed (and id) come from the page's crypto.getRandomValues: the test's page gives
 * each new game known bytes instead (dealtOffline), so the two games are known deals, the same on
 * every run — any deal will do for what is checked here, as each game is played to its end.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../../cli/src/commands/verify.js';
import coach from '../../src/i18n/locales/en/coach.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/offline.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/offline.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, person, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';
import { cookBest, discardDown, endTurn, nextMoment as sfMoment, sf, trust } from './support/sf.js';

/**
 * The offline games' randomness, dealt: a new game's RANDOM_BYTES (40: its seed, then its id) are
 * taken from `games` in turn (sessionStorage keeps the count across reloads), as hex; any other
 * request for random values is the browser's own. Also counts the bot moves in the records the
 * offline worker (named parlor-offline, offline/channel.ts) pushes to this page (`window.workerBotMoves`).
 */
function dealtOffline(games: readonly string[]): (context: BrowserContext) => Promise<unknown> {
  return (context) => context.addInitScript((hexes: readonly string[]) => {
    const own = Crypto.prototype.getRandomValues;
    Crypto.prototype.getRandomValues = function <T extends ArrayBufferView | null>(this: Crypto, array: T): T {
      if (array instanceof Uint8Array && array.length === 40) {
        const n = Number(sessionStorage.getItem('e2e.offlineGames') ?? '0');
        const hex = hexes[n];
        if (hex !== undefined) {
          sessionStorage.setItem('e2e.offlineGames', String(n + 1));
          for (let i = 0; i < 40; i++) array[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
          return array;
        }
      }
      return own.call(this, array as ArrayBufferView) as T;
    };
    const w = window as unknown as { workerBotMoves: number };
    w.workerBotMoves = 0;
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (options?.name !== 'parlor-offline') return;
        // After each write the worker pushes the game's record as stored: the bots' moves are those
        // of its new actions made by a bot (each counted once, by game).
        const counted: Record<string, number> = {};
        this.addEventListener('message', (e: MessageEvent<{ push?: { type?: string; id?: string; record?: { actions: readonly { by?: string }[] } } }>) => {
          const p = e.data.push;
          if (p?.type !== 'record' || p.id === undefined || p.record === undefined) return;
          const from = counted[p.id] ?? 0;
          for (const a of p.record.actions.slice(from)) if (a.by === 'bot') w.workerBotMoves++;
          counted[p.id] = Math.max(from, p.record.actions.length);
        });
      }
    };
  }, games);
}

/** The 40 bytes of an offline game, in hex: the SHA-256 of `text` as its seed, then 8 bytes of another as its id. */
const offlineBytes = (text: string): string =>
  createHash('sha256').update(text).digest('hex') + createHash('sha256').update(`${text} id`).digest('hex').slice(0, 16);

const workerBotMoves = (page: Page) => page.evaluate(() => (window as unknown as { workerBotMoves: number }).workerBotMoves);

/**
 * The main thread's longest pause between 50 ms ticks from `startTicks` while the game is played
 * (the bots think elsewhere), printed as a figure; it stops once the game's end panel is there (the
 * post-game coach then runs on the page, which is not a bot thinking).
 */
const startTicks = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { maxGap: number; lastTick: number };
  w.maxGap = 0;
  w.lastTick = performance.now();
  const timer = setInterval(() => {
    if (document.querySelector('.offline-over') !== null) { clearInterval(timer); return; }
    const now = performance.now();
    w.maxGap = Math.max(w.maxGap, now - w.lastTick);
    w.lastTick = now;
  }, 50);
});
const maxGap = (page: Page) => page.evaluate(() => (window as unknown as { maxGap: number }).maxGap);

/** Plays Flip 7 as a simple person (hit below 15 points, give action cards to someone else) until the end screen. */
async function playF7(page: Page): Promise<number> {
  let decisions = 0;
  for (let guard = 0; guard < 2_000; guard++) {
    let found: 'over' | 'give' | 'move' | null = null;
    await waitUntil(async () => {
      if (await page.locator('.f7-end').count() > 0) found = 'over';
      else if (await page.locator('.f7-receivers button:enabled').count() > 0) found = 'give';
      else if (await page.locator('.f7-controls .f7-stay').count() > 0
        && (await page.locator('.f7-controls[aria-busy="true"]').count()) === 0
        && (await page.locator('.f7-controls .f7-hit:enabled, .f7-controls .f7-stay:enabled').count()) > 0) found = 'move';
      return found !== null;
    }, 120_000, 'a Flip 7 decision or the end screen');
    if (found === 'over') return decisions;
    if (found === 'give') {
      const buttons = page.locator('.f7-receivers button:enabled');
      const n = await buttons.count();
      await buttons.nth(n > 1 ? n - 1 : 0).click();
    } else {
      const stay = page.locator('.f7-controls .f7-stay');
      const hit = page.locator('.f7-controls .f7-hit');
      const points = Number(await stay.getAttribute('data-points') ?? '0');
      if ((points < 15 && await hit.isEnabled()) || !(await stay.isEnabled())) await hit.click();
      else await stay.click();
    }
    decisions++;
    // Counted, not read from an element: an element read (getAttribute) waits for one to exist, and
    // the controls go for good when the move ends the game.
    const busy = page.locator('.f7-controls[aria-busy="true"]');
    await waitUntil(async () => (await busy.count()) === 0, 30_000, 'the move to be taken');
  }
  throw new Error('Flip 7 did not end');
}

/** Plays Stir Fry Eighteen: cooks the best dish, trusts, discards down, else ends the turn; `midway` once after some turns. */
async function playSf(page: Page, midway: () => Promise<void>): Promise<{ turns: number; reloaded: boolean }> {
  let turns = 0;
  let resumed = false;
  for (let guard = 0; guard < 2_000; guard++) {
    const moment = await sfMoment(page, 120_000);
    if (moment === 'over') return { turns, reloaded: resumed };
    if (moment === 'taste') await trust(page);
    else if (moment === 'discard-down') await discardDown(page);
    else {
      if (await cookBest(page) === null) await endTurn(page);
      turns++;
      if (turns === 2 && !resumed) { resumed = true; await midway(); }
    }
  }
  throw new Error('Stir Fry Eighteen did not end');
}

/** Downloads the finished game from the offline page's end panel and runs `parlor verify`'s code on it. */
async function downloadAndVerify(page: Page): Promise<{ code: number; out: string[]; exp: { table: string; actions: unknown[]; game: string; seed: string } }> {
  const panel = page.locator('.offline-over');
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: en.download }).click()]);
  const file = join(mkdtempSync(join(tmpdir(), 'parlor-offline-e2e-')), download.suggestedFilename());
  await download.saveAs(file);
  const out: string[] = [];
  const code = await verifyCommand(file, (l) => out.push(l));
  const { readFileSync } = await import('node:fs');
  return { code, out, exp: JSON.parse(readFileSync(file, 'utf8')) };
}

async function newGame(page: Page, game: 'Flip 7' | 'Stir Fry Eighteen', players: number, target: string): Promise<string> {
  await page.getByRole('heading', { level: 1, name: en.title }).waitFor();
  await page.getByRole('radio', { name: new RegExp(`^${game}`) }).check();
  await page.getByRole('combobox', { name: en.players, exact: true }).selectOption(String(players));
  await page.getByRole('combobox', { name: en.level, exact: true }).selectOption('expert');
  await page.locator('.offline-options summary').click();
  await page.getByRole('combobox', { name: /^Target score/ }).selectOption(target);
  await page.getByRole('button', { name: en.start }).click();
  await page.waitForURL(/\/offline\/local-[0-9a-f]{16}$/);
  return /\/offline\/(local-[0-9a-f]{16})$/.exec(new URL(page.url()).pathname)![1]!;
}

describe.skipIf(shouldSkip('offline-play'))('Offline: after one visit, a game of each against bots with no network', () => {
  let h: Harness;
  let serverUp = true;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('offline-play'); });
  afterAll(async () => {
    await h?.browser.close().catch(() => undefined);
    if (serverUp) await h?.server.close().catch(() => undefined);
  });

  it('installs, goes offline, plays Flip 7 and Stir Fry Eighteen to the end, resumes after a reload, exports games parlor verify accepts', async () => {
    await withFailureShots('offline-play', () => pages, async () => {
      const page = await person(h, 'Ada', '/', {
        before: dealtOffline([offlineBytes('e2e offline-play flip-7'), offlineBytes('e2e offline-play stir-fry-eighteen')]),
      });
      pages.push(page);
      const url = h.server.url;
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(new URL(w.url()).pathname));

      // Installable: the manifest is linked and names the app and its icons; the service worker controls the page.
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json() as Promise<{ name: string; display: string; icons: { src: string; sizes: string }[] }>);
      expect(manifest.name).toBe('Parlor');
      expect(manifest.display).toBe('standalone');
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 30_000, 'the service worker to control the page');
      await page.evaluate(() => localStorage.setItem('parlor.settings', JSON.stringify({ pace: 'fast', muted: true })));

      // No network at all: the browser offline, and the server gone.
      await page.context().setOffline(true);
      await h.server.close();
      serverUp = false;
      expect(await page.evaluate(() => fetch('/healthz').then(() => 'answered', () => 'failed'))).toBe('failed');

      // The offline page from the service worker's copy, with nothing kept yet.
      await page.goto(`${url}/offline`);
      await page.getByRole('heading', { level: 1, name: en.title }).waitFor();
      await page.getByText(en.none).waitFor();
      expect(formatViolations(await axeViolations(page)), 'axe, /offline').toEqual([]);
      await screenshot(page, 'offline-page');

      // The browser's offer to install (Chromium's beforeinstallprompt, made here by the test, as a
      // headless browser makes none): an Install button, the browser's dialog on a press, and a line
      // saying Parlor is installed once the person accepts.
      expect(await page.getByRole('button', { name: en.installButton }).count()).toBe(0);
      await page.evaluate(() => {
        const e = new Event('beforeinstallprompt', { cancelable: true });
        const w = window as unknown as { prompted: number };
        w.prompted = 0;
        Object.assign(e, { prompt: async () => { w.prompted++; }, userChoice: Promise.resolve({ outcome: 'accepted' }) });
        window.dispatchEvent(e);
      });
      await page.getByRole('button', { name: en.installButton }).click();
      await page.getByText(en.installed).waitFor();
      expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);

      // Flip 7 against an expert bot, to the end screen.
      const f7Id = await newGame(page, 'Flip 7', 2, '100');
      await page.locator('.f7').first().waitFor();
      await startTicks(page);
      const f7Decisions = await playF7(page);
      await page.locator('.offline-over').waitFor();
      expect(workers.some((w) => /\/assets\/worker-[\w-]+\.js$/.test(w)), `a Web Worker runs the game (${workers.join(', ')})`).toBe(true);
      const f7Gap = await maxGap(page);
      const f7WorkerMoves = await workerBotMoves(page);
      // The post-game coach reads the offline game's export too.
      await page.locator('section.coach').getByRole('heading', { name: coach.title }).waitFor();
      expect(formatViolations(await axeViolations(page, { include: '.offline-over' })), 'axe, the end panel').toEqual([]);
      const f7 = await downloadAndVerify(page);
      expect(f7.out.at(-1)).toBe('OK: the shuffles, every action and the result check out');
      expect(f7.code).toBe(0);
      expect(f7.exp).toMatchObject({ game: 'flip-7', table: f7Id, seed: offlineBytes('e2e offline-play flip-7').slice(0, 64) });
      // Every bot move of the game came from the worker: the bots think there, not on the page. (Counted
      // in the Flip 7 game, which no reload interrupts: a move the worker makes as the page reloads
      // may reach the page before or after it goes.)
      const botMoves = (exp: { actions: unknown[] }) => exp.actions.filter((a) => (a as { by?: string }).by === 'bot').length;
      expect(f7WorkerMoves, 'the bot moves the worker made').toBe(botMoves(f7.exp));
      await screenshot(page, 'offline-f7-end');

      // Its replay, from the game screen's own "Replay this game" (/games/<id>/1, routed to the offline
      // replay): the replay page's viewer with every position of the export.
      await page.locator('.f7-end').getByRole('link', { name: 'Replay this game' }).click();
      await page.waitForURL(new RegExp(`/games/${f7Id}/1`));
      await page.getByRole('slider').waitFor();
      expect(Number(await page.getByRole('slider').getAttribute('max'))).toBe(f7.exp.actions.length);
      await page.getByRole('link', { name: en.back }).click();

      // Stir Fry Eighteen against two expert bots; reloaded (still offline) after a few turns: it resumes.
      const sfId = await newGame(page, 'Stir Fry Eighteen', 3, '50');
      await sf.status(page).waitFor();
      await startTicks(page);
      let gapBeforeReload = 0;
      const { turns, reloaded } = await playSf(page, async () => {
        gapBeforeReload = await maxGap(page);
        await page.reload();
        await sf.status(page).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/offline/${sfId}`);
        await startTicks(page);
      });
      expect(reloaded, 'the page was reloaded mid-game').toBe(true);
      await page.locator('.offline-over').waitFor();
      const sfGap = Math.max(gapBeforeReload, await maxGap(page));
      const sfGame = await downloadAndVerify(page);
      expect(sfGame.out.at(-1)).toBe('OK: the shuffles, every action and the result check out');
      expect(sfGame.code).toBe(0);
      expect(sfGame.exp).toMatchObject({ game: 'stir-fry-eighteen', table: sfId, seed: offlineBytes('e2e offline-play stir-fry-eighteen').slice(0, 64) });
      await screenshot(page, 'offline-sf-end');

      // Its replay, from the end panel.
      await page.locator('.offline-over').getByRole('link', { name: en.replay }).click();
      await page.waitForURL(new RegExp(`/offline/${sfId}/replay`));
      await page.getByRole('slider').waitFor();
      expect(Number(await page.getByRole('slider').getAttribute('max'))).toBe(sfGame.exp.actions.length);
      // Stepped back to the start and forward one move.
      await page.getByRole('button', { name: 'First position' }).click();
      expect(await page.getByRole('slider').inputValue()).toBe('0');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByRole('slider').inputValue()).toBe('1');
      await screenshot(page, 'offline-sf-replay');
      expect(formatViolations(await axeViolations(page)), 'axe, the offline replay').toEqual([]);

      // How long the main thread was ever held while the bots thought in the worker: a figure, not a
      // check (speed is the benchmarks' business); that the bots' moves came from the worker is checked above.
      console.log(`offline-play: Flip 7 ${f7Decisions} decisions, ${f7.exp.actions.length} moves; Stir Fry Eighteen ${turns} turns, `
        + `${sfGame.exp.actions.length} moves; longest main-thread pause ${Math.round(f7Gap)} ms (Flip 7), ${Math.round(sfGap)} ms (Stir Fry Eighteen)`);

      // Both kept in this browser, finished, with their replays.
      await page.getByRole('link', { name: en.back }).click();
      await page.getByRole('heading', { level: 1, name: en.title }).waitFor();
      await expect.poll(() => page.locator('.offline-game').count()).toBe(2);
      expect(await page.locator('.offline-game').getByRole('link', { name: new RegExp(`^${en.replay}`) }).count()).toBe(2);
      expect(formatViolations(await axeViolations(page)), 'axe, /offline with games').toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(formatViolations(await axeViolations(page)), 'axe, /offline at 390x844').toEqual([]);
      await screenshot(page, 'offline-page-games-390');

      // In Japanese, still offline (the language's strings come from the service worker's copy too).
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
      await page.getByRole('heading', { level: 1, name: ja.title }).waitFor();
      await page.getByRole('heading', { level: 2, name: ja.kept }).waitFor();
      expect(formatViolations(await axeViolations(page)), 'axe, /offline in Japanese at 390x844').toEqual([]);
      await screenshot(page, 'offline-page-ja-390');
    });
  }, 900_000);
});
