/**
 * Every page in each of the ten languages, at 390x844 and 1440x900: axe-core (WCAG 2.2 AA) finds
 * nothing (on the wide screen in three of them: AXE_WIDE), nothing is wider than the screen, no translation key is shown raw, and no English is
 * left: a text (or an accessible name: aria-label, title, alt, placeholder) that the same page shows
 * in English is a fault in another language, unless it is a name (a player's, the product's, a
 * game's), has no word in it (numbers, symbols), or is what that language's own files say (a term
 * kept as its published edition has it, "Second Chance" in Italian). A first visit takes the
 * browser's language (Accept-Language / navigator.languages).
 *
 * The pages: the first screen, the lobby (a table waiting and a game being played listed, and
 * "Your games"), the create form, the settings, a table waiting for players, a Flip 7 game being
 * played and a Stir Fry Eighteen one, a finished game's end screen, both "How to play" pages and
 * both guided games, both leaderboards (one empty), a profile, the games lists, a replay with its
 * coach, the account page and its forms (sign in, password, delete), the offline page and a game
 * played offline, the tournaments and a tournament's page (two days ahead: its start a date). Each
 * page is loaded once per size and its language switched with the picker, as a person would; screenshots of each page in German and in Chinese at each size go to
 * artifacts/e2e/languages/. Before a name, the header shows no connection state; Escape closes the
 * settings.
 *
 * The games are dealt so that the account's person plays first and leaves at once: the stand-in and
 * the bots then play them through (any deal of that kind will do: only the pages are looked at).
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import offline from '../../src/i18n/locales/en/offline.json' with { type: 'json' };
import { LANGUAGES } from '../../src/i18n/index.js';
import { LANGS, load } from '../locale-files.js';
import { axeViolations, formatViolations } from './support/axe.js';
import { chooseSeed, f7Opening, sfOpening } from './support/deals.js';
import { type Harness, createTable, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const SIZES = [[390, 844], [1440, 900]] as const;
/** The languages each page is photographed in (artifacts/e2e/languages/): the longest words, and a Chinese script. */
const SHOTS: ReadonlySet<string> = new Set(['de', 'zh-Hans']);
const PASSWORD = 'correct horse battery';
/**
 * The languages axe looks at on the wide screen too: English, the longest words and a Chinese
 * script. A page's structure, names and colours are the same in every language, so on the wide
 * screen the others add nothing axe would find that the phone's look at every language has not
 * (the width, raw keys and English left are still checked in every language at both sizes).
 */
const AXE_WIDE: ReadonlySet<string> = new Set(['en', 'de', 'zh-Hans']);
/** The people of this test: their names may show on any page in any language. */
const PEOPLE = ['Hostess', 'Rita'];

const LOCALES = resolve(import.meta.dirname, '../../src/i18n/locales');
const FILES = readdirSync(join(LOCALES, 'en')).filter((f) => f.endsWith('.json'));

/** Every text of a language's files, whole and with each {{variable}} as a wildcard. */
function ownTexts(lang: string): { exact: Set<string>; patterns: RegExp[] } {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const file of FILES) {
    for (const raw of load(lang, file).values()) {
      // Spaced as the page's texts are read (a no-break space, as French puts before a colon, is a space).
      const v = raw.replace(/\s+/g, ' ').trim();
      exact.add(v);
      // A text with variables, as a pattern: only where its own words say something (a pattern of
      // variables and punctuation alone, "{{name}}: {{score}}", would let any English through).
      const parts = v.split(/\{\{\s*\w+\s*\}\}/);
      if (parts.length > 1 && /\p{L}{2,}/u.test(parts.join(''))) {
        patterns.push(new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 's'));
      }
    }
  }
  return { exact, patterns };
}

const OWN = new Map(LANGS.map((l) => [l, ownTexts(l)]));
/** The languages' own names, as the picker shows them in every language. */
const LANGUAGE_NAMES: ReadonlySet<string> = new Set(LANGUAGES.map((l) => l.name));
const NAMES = /^(Parlor|Flip 7|Stir Fry Eighteen)$/;

/** Whether a text shown in `lang` may rightly read as the English page does. */
function mayStay(lang: string, text: string): boolean {
  if (!/[A-Za-z]{3,}/.test(text)) return true;
  if (NAMES.test(text) || LANGUAGE_NAMES.has(text)) return true;
  if (PEOPLE.some((p) => text === p || text.startsWith(`${p} `) || text.startsWith(`${p}:`))) return true;
  // A seed, a hash, a table's address.
  if (/^[0-9a-f]{16,}$/i.test(text) || /^https?:\/\//.test(text) || /^\/[\w/-]+$/.test(text)) return true;
  const own = OWN.get(lang as (typeof LANGS)[number])!;
  return own.exact.has(text) || own.patterns.some((p) => p.test(text));
}

/** Every text of the page and every accessible name given in an attribute, once each. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const add = (s: string | null | undefined) => {
      const t = (s ?? '').replace(/\s+/g, ' ').trim();
      if (t !== '') out.add(t);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      if (n.parentElement?.closest('script, style, noscript, template') == null) add(n.textContent);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [alt], [placeholder], [aria-valuetext], [aria-roledescription]')) {
      for (const a of ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext', 'aria-roledescription']) add(el.getAttribute(a));
    }
    // The tab's title, "<page> — Parlor": each part on its own.
    for (const part of document.title.split(' — ')) add(part);
    return [...out];
  });
}

/**
 * Waits until the page shows `lang` and holds still: the document's language, nothing busy, the
 * fonts in, and the same texts in three looks a frame or more apart (an on-demand file's strings
 * arrive a moment after the language).
 */
async function shown(page: Page, lang: string): Promise<string[]> {
  let last = '';
  let same = 0;
  let texts: string[] = [];
  await waitUntil(async () => {
    const ready = await page.evaluate(async (l) => {
      await document.fonts.ready;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))));
      return document.documentElement.lang === l && document.querySelector('[aria-busy="true"]') === null;
    }, lang);
    if (!ready) { same = 0; return false; }
    texts = await pageTexts(page);
    const now = texts.join('\n');
    same = now === last ? same + 1 : 0;
    last = now;
    return same >= 2;
  }, 20_000, `the page in ${lang}`);
  return texts;
}

/** The language each page shows now (the picker's name is in it). */
const showing = new WeakMap<Page, string>();

/** Chooses `lang` in the header's picker, found by its name in the language shown. */
async function pickLanguage(page: Page, lang: string): Promise<void> {
  const now = showing.get(page) ?? 'en';
  await page.getByRole('combobox', { name: load(now, 'common.json').get('app.language')!, exact: true }).selectOption(lang);
  showing.set(page, lang);
}

interface Place {
  /** The artifact's name and what a failure names. */
  readonly name: string;
  /** Brings the page there (in English), from wherever it is. */
  readonly open: (page: Page) => Promise<void>;
  /** After each change of language, what must be opened again (a menu the picker closed). */
  readonly reopen?: (page: Page, lang: string) => Promise<void>;
}

describe.skipIf(shouldSkip('languages'))('Every page in ten languages: axe, no English left, nothing too wide', () => {
  let h: Harness;
  const pages: Page[] = [];
  let rita: Page;
  const at = { waiting: '', f7: '', sf: '', finished: '', tournament: '' };

  beforeAll(async () => {
    h = await startHarness('languages');
    h.server.hub.onlineEveryMs = 100;
    // The lobby lists a table waiting for players (a target not the default) and a game being played.
    const host = await person(h, 'Hostess');
    pages.push(host);
    at.waiting = await createTable(host, { game: 'Stir Fry Eighteen', seats: 4, target: '100' });
    await host.getByRole('link', { name: /Back to the lobby/ }).click();
    at.f7 = await createTable(host, { game: 'Flip 7', seats: 3 });
    await fillWithBots(host);
    await start(host);

    // An account, whose finished game gives the profile, the games list, the leaderboard and a replay.
    rita = await person(h, 'Rita');
    pages.push(rita);
    await rita.goto(`${h.server.url}/account/claim`);
    await rita.getByLabel(account.fields.newPassword, { exact: true }).fill(PASSWORD);
    await rita.getByLabel(account.fields.repeatPassword, { exact: true }).fill(PASSWORD);
    await rita.getByRole('button', { name: account.claim.submit }).click();
    await rita.getByRole('heading', { name: account.claim.done.replace('{{name}}', 'Rita') }).waitFor();
    await rita.goto(h.server.url);
    h.deal(await chooseSeed('languages rita f7', (s) => f7Opening(s, 2, 200).toAct.join() === '0', 1));
    at.finished = await createTable(rita, { game: 'Flip 7', seats: 2 });
    await fillWithBots(rita);
    await start(rita);
    await rita.getByRole('button', { name: en.presence.leave }).click();
    await rita.getByRole('button', { name: en.presence.leaveYes }).click();
    await waitUntil(async () => {
      const r = await fetch(`${h.server.url}/api/games/${at.finished}/1`);
      return r.status === 200;
    }, 240_000, "Rita's game to finish");
    // A Stir Fry Eighteen game against bots, being played: Rita's move first, so it waits for her.
    h.deal(await chooseSeed('languages rita sf', (s) => sfOpening(s, 3, {}).first === 0, 1));
    await rita.goto(h.server.url);
    await rita.getByRole('button', { name: `${en.home.playBots}: Stir Fry Eighteen` }).click();
    await rita.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    at.sf = /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(rita.url()).pathname)![1]!;
    // A tournament Rita made and joined, two days ahead (its start a date, not a countdown): the list and its page.
    const token = await rita.evaluate(() => localStorage.getItem('parlor.token'));
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const made = await fetch(`${h.server.url}/api/tournaments`, {
      method: 'POST', headers,
      body: JSON.stringify({ game: 'flip-7', format: 'arena', name: 'Rita Arena', minutes: 30, startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), seats: 4, rated: false }),
    });
    at.tournament = ((await made.json()) as { id: string }).id;
    expect((await fetch(`${h.server.url}/api/tournaments/${at.tournament}/join`, { method: 'POST', headers, body: '{}' })).status).toBe(204);
  }, 300_000);
  afterAll(async () => { await h?.close(); });

  const go = (path: string) => async (page: Page) => { await page.goto(h.server.url + path); };
  const PLACES: Place[] = [
    { name: 'lobby', open: go('/') },
    { name: 'create', open: async (page) => { await page.goto(h.server.url); await page.getByRole('button', { name: en.lobby.create }).click(); } },
    {
      name: 'settings',
      open: async (page) => {
        // Escape closes the settings; the crawl then opens them again.
        await page.goto(h.server.url);
        await page.getByRole('button', { name: en.settings.title }).click();
        await page.getByRole('radio', { name: en.settings.paces.normal }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('radio', { name: en.settings.paces.normal }).waitFor({ state: 'detached' });
      },
      reopen: async (page, lang) => {
        const common = load(lang, 'common.json');
        const normal = page.getByRole('radio', { name: common.get('settings.paces.normal')! });
        const toggle = page.locator('.settings-toggle');
        // Opened again whenever it is found closed (picking a language moves the focus away from it).
        await waitUntil(async () => {
          if (await normal.isVisible()) return true;
          if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
          return normal.isVisible();
        }, 30_000, 'the settings to be open');
      },
    },
    { name: 'table-waiting', open: async (page) => { await page.goto(`${h.server.url}/t/${at.waiting}`); } },
    { name: 'table-f7', open: async (page) => { await page.goto(`${h.server.url}/t/${at.f7}`); } },
    { name: 'table-sf', open: async (page) => { await page.goto(`${h.server.url}/t/${at.sf}`); } },
    { name: 'table-finished', open: async (page) => { await page.goto(`${h.server.url}/t/${at.finished}`); } },
    { name: 'learn-sf', open: go('/learn/stir-fry-eighteen') },
    { name: 'learn-f7', open: go('/learn/flip-7') },
    { name: 'guided-sf', open: go('/learn/stir-fry-eighteen/guided') },
    { name: 'guided-f7', open: go('/learn/flip-7/guided') },
    { name: 'leaderboard', open: go('/leaderboard/flip-7') },
    { name: 'profile', open: go('/players/Rita') },
    { name: 'games', open: go('/me/games') },
    { name: 'replay', open: async (page) => { await page.goto(`${h.server.url}/games/${at.finished}/1`); } },
    { name: 'leaderboard-empty', open: go('/leaderboard/stir-fry-eighteen') },
    { name: 'player-games', open: go('/players/Rita/games') },
    { name: 'account', open: go('/account') },
    { name: 'account-sign-in', open: go('/account/sign-in') },
    { name: 'account-password', open: go('/account/password') },
    { name: 'account-delete', open: go('/account/delete') },
    { name: 'offline', open: go('/offline') },
    { name: 'tournaments', open: go('/tournaments') },
    { name: 'tournament', open: async (page) => { await page.goto(`${h.server.url}/tournaments/${at.tournament}`); } },
    {
      // A game against bots played in the browser (its bots play on in a Web Worker as the crawl looks).
      name: 'offline-game',
      open: async (page) => {
        await page.goto(`${h.server.url}/offline`);
        await page.getByRole('radio', { name: /^Stir Fry Eighteen/ }).check();
        await page.getByRole('button', { name: offline.start }).click();
        await page.waitForURL(/\/offline\/local-[0-9a-f]{16}$/);
      },
    },
  ];

  /** Looks at the page in every language: axe, width, raw keys, English left. */
  async function everyLanguage(page: Page, name: string, width: number, reopen?: Place['reopen']): Promise<string[]> {
    const faults: string[] = [];
    let english = new Set<string>();
    for (const lang of LANGS) {
      await pickLanguage(page, lang);
      await reopen?.(page, lang);
      const texts = await shown(page, lang);
      const where = `${name} ${width} ${lang}`;
      if (width < 1000 || AXE_WIDE.has(lang)) faults.push(...formatViolations(await axeViolations(page)).map((v) => `${where}: axe ${v}`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) faults.push(`${where}: wider than the screen by ${overflow}px`);
      for (const t of texts) if (/^[a-z][\w-]*(\.[\w-]+){2,}$/.test(t)) faults.push(`${where}: a key shown raw: ${t}`);
      if (lang === 'en') english = new Set(texts);
      else for (const t of texts) if (english.has(t) && !mayStay(lang, t)) faults.push(`${where}: English left: "${t}"`);
      if (SHOTS.has(lang)) await screenshot(page, `languages/${name}-${width}-${lang}`, 'window');
    }
    // Back to English, which the next page opens in (the choice is kept in the browser).
    await pickLanguage(page, 'en');
    return faults;
  }

  for (const [width, height] of SIZES) {
    it(`${width}x${height}: every page, in each language`, async () => {
      await withFailureShots(`languages-${width}`, () => pages.filter((p) => !p.isClosed()), async () => {
        const faults: string[] = [];
        // A first visit in each language: the browser's language is the page's.
        for (const lang of LANGS) {
          const context = await h.browser.newContext({ locale: lang, viewport: { width, height } });
          const first = await context.newPage();
          await first.goto(h.server.url);
          const common = load(lang, 'common.json');
          await first.getByRole('heading', { name: common.get('name.title')! }).waitFor();
          expect(await first.evaluate(() => document.documentElement.lang)).toBe(lang);
          await context.close();
        }
        // The first screen, in each language by the picker.
        const context = await h.browser.newContext({ locale: 'en-US', viewport: { width, height } });
        const fresh = await context.newPage();
        pages.push(fresh);
        await fresh.goto(h.server.url);
        await fresh.getByLabel(en.name.label).waitFor();
        expect(await fresh.getByRole('status').filter({ hasText: en.app.connection.open }).count()).toBe(0);
        faults.push(...await everyLanguage(fresh, 'first-screen', width));
        await context.close();

        await rita.setViewportSize({ width, height });
        for (const place of PLACES) {
          await place.open(rita);
          faults.push(...await everyLanguage(rita, place.name, width, place.reopen));
        }
        expect(faults).toEqual([]);
      });
    }, 900_000);
  }
});
