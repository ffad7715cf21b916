/**
 * What a link opens for someone who has never visited, in Chromium: a finished game's replay, a
 * player's profile and a leaderboard open at once, with no name asked (reading needs no identity),
 * and every word on them is translated — the replay's coach too, whose words no end screen loaded
 * first — in two languages online and two more for an offline game's replay; the replay's last
 * position shows the last round's lines. And "Play now" with no server says so at once and offers
 * offline play, with the server unreachable and with the browser offline.
 *
 * The finished game: Rita (an account, claimed through the HTTP API) starts a two-seat Flip 7 game
 * against a basic bot and leaves it at once, so the stand-in and the bot play it to its end — a
 * known deal (the harness's seed), the same game on every run. Its export, turned into an offline
 * record, is also put in a fresh browser's IndexedDB for the offline replay.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GameExport } from '@parlor/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import { type Harness, createTable, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const LOCALES = resolve(import.meta.dirname, '../../src/i18n/locales');
type Tree = { [k: string]: string | Tree };
const words = (lang: string, file: string): Tree => JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')) as Tree;
const word = (lang: string, file: string, key: string): string => {
  let at: string | Tree | undefined = words(lang, file);
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`${lang}/${file}: no ${key}`);
  return at;
};

/**
 * The first part of every translation key (`coach.title`, `replay.move`, `home.title`): the name of
 * each on-demand file and the top-level groups of common.json. A visible word made of one of them,
 * a dot and more is a key shown where its text should be (i18next shows the key of a string it
 * does not have).
 */
const KEY_ROOTS = [
  ...readdirSync(join(LOCALES, 'en')).filter((f) => f.endsWith('.json') && f !== 'common.json').map((f) => f.slice(0, -'.json'.length)),
  ...Object.keys(en),
];
const KEY_LIKE = new RegExp(`(?<![\\w.\\-/])(?:${KEY_ROOTS.join('|')})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*`, 'g');

/** Every word the page shows or names: its text, the options of its lists, and its labels and titles. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => [
    document.body.innerText,
    ...[...document.querySelectorAll('option')].map((o) => o.textContent ?? ''),
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [aria-valuetext]')]
      .flatMap((e) => ['aria-label', 'title', 'placeholder', 'aria-valuetext'].map((a) => e.getAttribute(a) ?? '')),
  ].join('\n'));
}

/** What looks like a translation key, or a {{variable}} left unfilled, anywhere the page shows words. */
async function untranslated(page: Page): Promise<string[]> {
  const text = await shownText(page);
  return [...text.matchAll(KEY_LIKE)].map((m) => m[0]).concat([...text.matchAll(/\{\{\s*\w+\s*\}\}/g)].map((m) => m[0]));
}

/** A browser context as a first-time visitor's: nothing stored, the browser's language `locale`. */
async function visitor(browser: Browser, locale: string, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.warn(`[${locale}] page error: ${e.message}`));
  return { context, page };
}

/** The name form of a first visit is nowhere on the page. */
async function noNameAsked(page: Page): Promise<void> {
  expect(await page.locator('.name-form, input#name').count()).toBe(0);
}

/**
 * Chooses the first seat in the replay's coach and waits for its words on the position shown; then
 * shows the first move it flags (if any) and the opening position, where no seat decided anything.
 */
async function useCoach(page: Page): Promise<void> {
  const coach = page.locator('.replay-coach');
  await coach.locator('select').selectOption({ index: 1 });
  await coach.locator('.coach-list, .hint').first().waitFor();
  const jumps = coach.locator('.coach-jump');
  if (await jumps.count() > 0) await jumps.first().click();
  // The opening position ("first" in the controls): nobody has decided anything there yet.
  await page.locator('.replay-buttons button').first().click();
  await coach.locator('.hint').first().waitFor();
}

/** An offline game's record (src/offline/record.ts) holding a finished server game's export. */
function offlineRecord(exp: GameExport, id: string): Record<string, unknown> {
  return {
    id, game: exp.game, players: exp.players, options: exp.options,
    seats: exp.seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', name: s.name, level: s.level ?? 'basic' } : { kind: 'player', name: s.name })),
    seed: exp.seed, commitment: exp.commitment, windowSeconds: null,
    actions: exp.actions.map((a) => ({ seq: a.seq, seat: a.seat, action: a.action, by: a.by })),
    startedAt: exp.startedAt, finishedAt: exp.finishedAt, outcome: exp.outcome, stats: exp.stats,
  };
}

/** Puts `record` in this origin's offline games (IndexedDB `parlor-offline`, store `games`, as src/offline/storage.ts opens it). */
async function keepOffline(page: Page, record: Record<string, unknown>): Promise<void> {
  await page.evaluate((r) => new Promise<void>((done, fail) => {
    const open = indexedDB.open('parlor-offline', 1);
    open.onupgradeneeded = () => {
      const games = open.result.createObjectStore('games', { keyPath: 'id' });
      games.createIndex('startedAt', 'startedAt');
    };
    open.onerror = () => fail(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('games', 'readwrite');
      tx.objectStore('games').put(r);
      tx.oncomplete = () => { open.result.close(); done(); };
      tx.onerror = () => fail(tx.error);
    };
  }), record);
}

describe.skipIf(shouldSkip('shared-links'))('links that open at once, in words, for a first-time visitor', () => {
  let h: Harness;
  let exp: GameExport;
  let tableId = '';
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('shared-links'); });
  afterAll(async () => { await h?.close(); });

  it('plays a game to its end: Rita, an account, leaves it to the stand-in and the bot', async () => {
    await withFailureShots('shared-links-game', () => pages, async () => {
      const rita = await person(h, 'Rita');
      pages.push(rita);
      const token = await rita.evaluate(() => localStorage.getItem('parlor.token'));
      const claimed = await fetch(`${h.server.url}/api/accounts`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Rita', password: 'correct horse battery' }),
      });
      expect(claimed.status).toBe(201);
      tableId = await createTable(rita, { game: 'Flip 7', seats: 2, target: '100' });
      await fillWithBots(rita);
      await start(rita);
      await rita.getByRole('button', { name: en.presence.leave }).click();
      await rita.getByRole('button', { name: en.presence.leaveYes }).click();
      await waitUntil(async () => (await fetch(`${h.server.url}/api/games/${tableId}/1`)).status === 200, 120_000, 'the game to finish');
      exp = await (await fetch(`${h.server.url}/api/games/${tableId}/1`)).json() as GameExport;
      expect(exp.outcome.winners.length).toBeGreaterThan(0);
    });
  });

  for (const lang of ['ja', 'pl'] as const) {
    it(`${lang}: the replay's link opens at once, the coach in words, the last position with the last round's lines`, async () => {
      const { context, page } = await visitor(h.browser, lang);
      pages.push(page);
      try {
        await withFailureShots(`shared-links-replay-${lang}`, () => [page], async () => {
          await page.goto(`${h.server.url}/games/${tableId}/1`);
          await page.locator('.replay-controls').waitFor();
          await noNameAsked(page);
          await page.getByRole('heading', { name: word(lang, 'coach.json', 'title'), exact: true }).waitFor();
          // The last position (where the link opens): every line as the last round ended, none "No cards yet".
          await page.locator('.replay-seat').first().waitFor();
          expect(await page.locator('.replay-seat .f7-line-empty').count()).toBe(0);
          expect(await page.locator('.replay-seat li.f7-card').count()).toBeGreaterThan(0);
          expect(await untranslated(page)).toEqual([]);
          await useCoach(page);
          expect(await page.locator('.replay-coach').innerText()).toContain(word(lang, 'coach.json', 'replay.seat'));
          expect(await untranslated(page)).toEqual([]);
          if (lang === 'ja') {
            // Back to the last position ("last" in the controls) for the record: the last round's lines.
            await page.locator('.replay-buttons button').last().click();
            await page.locator('.replay-seat li.f7-card').first().waitFor();
            expect(await page.locator('.replay-seat .f7-line-empty').count()).toBe(0);
            for (const [w, hgt] of [[1440, 900], [390, 844]] as const) {
              await page.setViewportSize({ width: w, height: hgt });
              await screenshot(page, `words-replay-${lang}-${w}`);
            }
          }
        });
      } finally {
        await context.close();
      }
    });
  }

  it('pl: the profile, its games and the leaderboard open at once, with no name asked', async () => {
    const { context, page } = await visitor(h.browser, 'pl-PL', { width: 390, height: 844 });
    pages.push(page);
    try {
      await withFailureShots('shared-links-profile', () => [page], async () => {
        await page.goto(`${h.server.url}/players/Rita`);
        await page.getByRole('heading', { level: 1, name: /Rita/ }).waitFor();
        await noNameAsked(page);
        expect(await untranslated(page)).toEqual([]);
        await screenshot(page, 'words-profile-pl-390');
        await page.goto(`${h.server.url}/players/Rita/games`);
        await page.locator(`a[href^="/games/${tableId}/1"]`).first().waitFor();
        await noNameAsked(page);
        await page.goto(`${h.server.url}/leaderboard/flip-7`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await noNameAsked(page);
        expect(await untranslated(page)).toEqual([]);
        await page.setViewportSize({ width: 1440, height: 900 });
        await screenshot(page, 'words-leaderboard-pl-1440');
        // "Your games" is this browser's own: that one asks who you are.
        await page.goto(`${h.server.url}/me/games`);
        await page.locator('input#name').waitFor();
      });
    } finally {
      await context.close();
    }
  });

  for (const lang of ['ko', 'it'] as const) {
    it(`${lang}: an offline game's replay opens in words, its coach too`, async () => {
      const { context, page } = await visitor(h.browser, lang);
      pages.push(page);
      const id = lang === 'ko' ? 'local-00000000000000a1' : 'local-00000000000000a2';
      try {
        await withFailureShots(`shared-links-offline-${lang}`, () => [page], async () => {
          await page.goto(`${h.server.url}/offline`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await keepOffline(page, offlineRecord(exp, id));
          await page.goto(`${h.server.url}/offline/${id}/replay`);
          await page.locator('.replay-controls').waitFor();
          await page.getByRole('heading', { name: word(lang, 'coach.json', 'title'), exact: true }).waitFor();
          expect(await page.locator('.replay-seat .f7-line-empty').count()).toBe(0);
          await useCoach(page);
          expect(await untranslated(page)).toEqual([]);
          if (lang === 'ko') {
            for (const [w, hgt] of [[1440, 900], [390, 844]] as const) {
              await page.setViewportSize({ width: w, height: hgt });
              await screenshot(page, `words-offline-replay-${lang}-${w}`);
            }
          }
        });
      } finally {
        await context.close();
      }
    });
  }

  for (const [lang, game] of [['it', 'flip-7'], ['ko', 'stir-fry-eighteen']] as const) {
    it(`${lang}: an offline game started without a name shows the player's "${word(lang, 'offline.json', 'you')}" once, with no "(…)" repeating it`, async () => {
      const { context, page } = await visitor(h.browser, lang, { width: 390, height: 844 });
      pages.push(page);
      const you = word(lang, 'offline.json', 'you');
      try {
        await withFailureShots(`shared-links-offline-name-${lang}`, () => [page], async () => {
          await page.goto(`${h.server.url}/offline`);
          await page.locator(`input[name="offline-game"][value="${game}"]`).check();
          await page.locator('#offline-name').fill('');
          await page.locator('.offline-new button[type="submit"]').click();
          const mine = game === 'flip-7' ? page.locator('.f7-player.is-me .f7-player-name') : page.locator('.sf-player.me .sf-player-name');
          await mine.waitFor();
          await waitUntil(async () => (await mine.innerText()).includes(you), 30_000, 'the player\'s seat to name them');
          expect((await mine.innerText()).replace(/[▶★]/g, '').trim()).toBe(you);
          await screenshot(page, `words-offline-name-${lang}-390`, 'window');
        });
      } finally {
        await context.close();
      }
    });
  }

  it('"Play now" with the server out of reach, or the browser offline, says so at once and offers offline play', async () => {
    // ko: the server unreachable (its WebSocket closes at once, as a server that is down would).
    const ko = await visitor(h.browser, 'ko', { width: 390, height: 844 });
    pages.push(ko.page);
    try {
      await withFailureShots('shared-links-play-now', () => [ko.page], async () => {
        await ko.context.routeWebSocket(/\/ws$/, (ws) => { void ws.close(); });
        await ko.page.goto(h.server.url);
        await ko.page.locator('input#name').fill('지민');
        // The welcome title breaks between words, never before its last syllable.
        expect(await ko.page.locator('h1').first().evaluate((e) => getComputedStyle(e).wordBreak)).toBe('keep-all');
        await ko.page.locator('.game-card button').first().click();
        const status = ko.page.locator('.play-status');
        // Well before the 20 s a start waits for a connection that neither opens nor fails.
        await status.filter({ hasText: word('ko', 'common.json', 'home.unreachable') }).waitFor({ timeout: 10_000 });
        const offline = status.getByRole('link', { name: word('ko', 'common.json', 'home.playOffline') });
        await offline.waitFor();
        // Nothing spins any more: the buttons can be pressed again.
        expect(await ko.page.locator('.game-card button').first().isEnabled()).toBe(true);
        expect(await ko.page.locator('.game-card button').first().innerText()).toBe(word('ko', 'common.json', 'home.playBots'));
        await screenshot(ko.page, 'words-play-now-unreachable-ko-390');
        await offline.click();
        await ko.page.waitForURL(/\/offline$/);
        await ko.page.locator('.offline-page h1, h1').first().waitFor();
      });
    } finally {
      await ko.context.close();
    }

    // en: the browser offline after the page loaded.
    const off = await visitor(h.browser, 'en-US');
    pages.push(off.page);
    try {
      await withFailureShots('shared-links-play-now-offline', () => [off.page], async () => {
        await off.page.goto(h.server.url);
        await off.page.locator('input#name').fill('Noor');
        await off.context.setOffline(true);
        await off.page.getByRole('button', { name: en.home.playBotsFor.replace('{{game}}', en.games['flip-7'].name) }).click();
        await off.page.locator('.play-status').filter({ hasText: en.home.unreachable }).waitFor({ timeout: 10_000 });
        await off.page.locator('.play-status').getByRole('link', { name: en.home.playOffline }).waitFor();
        await screenshot(off.page, 'words-play-now-offline-en-1440');
      });
    } finally {
      await off.context.close();
    }
  });
});
