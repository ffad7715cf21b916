/**
 * Helpers of the Flip 7 table's browser tests (f7-*.test.ts): a player whose page records what it
 * sounds (Web Audio notes) and which cards it moves (Element.animate on a card), at a chosen pace;
 * the checks that nothing scrolls sideways and no card's text leaves its card; one decision of a
 * simple player.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Harness, WEB_DIST, screenshot, waitUntil } from './support/e2e.js';
import { type Lang, strings } from './support/learn.js';

export { strings, type Lang };

/** The built client the tests serve (support/e2e.ts WEB_DIST: dist, or PARLOR_E2E_WEB_DIST). */
export const webRoot = (): string => WEB_DIST;

/**
 * One moment of the game as the table showed it (F7Game's data-moment), recorded by the page when it
 * changed, in the frame it was drawn: the turn banner's words, and whether a flash (toast) covered
 * the action area.
 */
export interface ShownMoment {
  readonly key: string;
  readonly banner: string;
  readonly covered: string | null;
}

export interface F7Player {
  readonly page: Page;
  /** Uncaught errors of the page. */
  readonly errors: string[];
}

export type Pace = 'relaxed' | 'normal' | 'fast';

/**
 * Someone at a Flip 7 table: a fresh browser context (English, `viewport`) on the lobby after giving
 * `name`, with the pace setting `pace`. The page keeps `window.notes` (the frequencies of every
 * Web Audio note it plays, in order), `window.travels` (one entry per animation started on a
 * Flip 7 card or a travelling copy of one: its first transform), `window.cssMotion` (the name of
 * every CSS animation started on the Flip 7 screen) and `window.moments` (ShownMoment).
 * A touch device's context runs on Playwright's clock, so that a finger's long press lasts as long
 * as the test moves the page's time (f7-table.test.ts).
 */
export async function f7Player(h: Harness, name: string, viewport: { width: number; height: number }, pace: Pace = 'fast',
  extra: { hasTouch?: boolean; reducedMotion?: boolean } = {}): Promise<F7Player> {
  const context = await h.browser.newContext({
    locale: 'en-US', viewport, hasTouch: extra.hasTouch === true, reducedMotion: extra.reducedMotion === true ? 'reduce' : 'no-preference',
  });
  context.setDefaultTimeout(30_000);
  if (extra.hasTouch === true) await context.clock.install();
  await context.addInitScript((paceSetting) => {
    localStorage.setItem('parlor.settings', JSON.stringify({ pace: paceSetting, muted: false }));
    const w = window as unknown as { notes: number[]; travels: string[]; moments: unknown[]; cssMotion: string[]; AudioContext: unknown };
    w.notes = [];
    w.travels = [];
    w.moments = [];
    w.cssMotion = [];
    // Every CSS animation started on the Flip 7 screen, by name (a card turning, a bust fading…).
    document.addEventListener('animationstart', (e) => {
      if (e.target instanceof Element && e.target.closest('.f7') !== null) w.cssMotion.push(e.animationName);
    }, true);
    // Each moment the table shows: its key, the banner, and any flash over the action area.
    let last: string | null = null;
    new MutationObserver(() => {
      const el = document.querySelector<HTMLElement>('.f7[data-moment]');
      const key = el?.dataset.moment ?? null;
      if (key === null || key === last) return;
      last = key;
      requestAnimationFrame(() => {
        const dock = document.querySelector('.f7-dock')?.getBoundingClientRect();
        let covered: string | null = null;
        for (const t of Array.from(document.querySelectorAll('.f7-toast'))) {
          const r = t.getBoundingClientRect();
          if (dock !== undefined && r.width > 0 && r.left < dock.right && r.right > dock.left && r.top < dock.bottom && r.bottom > dock.top) {
            covered = t.textContent;
          }
        }
        w.moments.push({ key, banner: document.querySelector('.f7-banner-text')?.textContent ?? '', covered });
      });
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-moment'] });
    const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    class FakeAudio {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume() { return Promise.resolve(); }
      createGain() { return { gain: param(), connect: (x: unknown) => x }; }
      createOscillator() {
        const frequency = { ...param(), set value(v: number) { w.notes.push(v); }, get value() { return 0; } };
        return { type: 'sine', frequency, connect: (x: unknown) => x, start() {}, stop() {} };
      }
    }
    w.AudioContext = FakeAudio;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes: Keyframe[] | PropertyIndexedKeyframes | null, options?: number | KeyframeAnimationOptions) {
      if (this.matches('.f7-card, .travel-copy') && Array.isArray(keyframes)) {
        w.travels.push(`${this.className.toString().split(' ')[0]} ${String(keyframes[0]?.transform ?? '')}`);
      }
      return animate.call(this, keyframes, options);
    };
  }, pace);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const en = strings('en');
  await page.goto(h.server.url + '/');
  await page.getByLabel(en('name.label')).fill(name);
  await page.getByRole('button', { name: en('name.submit') }).click();
  await page.getByRole('status').filter({ hasText: en('app.connection.open') }).waitFor();
  return { page, errors };
}

export const notes = (page: Page): Promise<number[]> => page.evaluate(() => (window as unknown as { notes: number[] }).notes);
export const travels = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { travels: string[] }).travels);
export const moments = (page: Page): Promise<ShownMoment[]> => page.evaluate(() => (window as unknown as { moments: ShownMoment[] }).moments);
/** The names of the CSS animations started on the Flip 7 screen so far, in order (f7.css's `f7-…`, and any other). */
export const cssMotion = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { cssMotion: string[] }).cssMotion);

/** The page in `lang` (the header's language menu). */
export async function setLang(page: Page, lang: Lang): Promise<void> {
  await page.locator('.lang select').selectOption(lang);
  await waitUntil(async () => (await page.evaluate(() => document.documentElement.lang)) === lang, 10_000, `the page in ${lang}`);
  // The Flip 7 strings in that language are on screen.
  const s = strings(lang);
  await page.locator('#f7-title', { hasText: s('f7.title') }).waitFor({ state: 'attached' });
}

/** Waits for two frames, so that what was just changed is laid out and painted. */
export const settle = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/**
 * Nothing of the page scrolls sideways; no element of the Flip 7 screen reaches past the window's
 * right edge (but inside a box that scrolls or clips by design); no card's text leaves its card; the
 * move timer's pill is one line. Returns what is wrong (empty: nothing).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`the page is ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window`);
    const clipped = (el: Element): boolean => {
      for (let a = el.parentElement; a !== null && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return a.getBoundingClientRect().right <= doc.clientWidth + 1;
      }
      return false;
    };
    const describe = (el: Element) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    for (const el of Array.from(document.querySelectorAll('.f7 *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest('.visually-hidden')) continue;
      if ((r.right > doc.clientWidth + 1 || r.left < -1) && !clipped(el)) out.push(`${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)}px`);
    }
    // Card text: every text-holding element of a card lies inside the card and does not overflow itself.
    for (const card of Array.from(document.querySelectorAll('.f7-card'))) {
      const c = card.getBoundingClientRect();
      for (const el of Array.from(card.querySelectorAll<HTMLElement>('.f7-card-label, .f7-card-name, text'))) {
        if (el.closest('.visually-hidden')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        const outside = r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1;
        const spills = el instanceof HTMLElement && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
        if (outside || spills) out.push(`card text ${describe(el)} leaves its card ${describe(card)}`);
      }
    }
    for (const pill of Array.from(document.querySelectorAll<HTMLElement>('.f7-timer'))) {
      const lines = pill.getClientRects().length;
      const lh = parseFloat(getComputedStyle(pill).lineHeight) || 20;
      if (lines > 1 || pill.getBoundingClientRect().height > lh * 1.6 + 8) out.push(`the move timer "${pill.textContent}" wraps`);
    }
    return out.slice(0, 12);
  });
}

export async function expectTidy(page: Page, where: string): Promise<void> {
  await settle(page);
  expect(await layoutProblems(page), `layout: ${where}`).toEqual([]);
}

/** The window as the player sees it now (`artifacts/e2e/<name>.png`), and the whole page (`<name>-full.png`). */
export async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, 'window');
  await screenshot(page, `${name}-full`);
}

export type Moment = 'give' | 'move' | 'over';

/** Waits for a decision of mine (a card to give, hit or stay) or the end screen. */
export async function nextMoment(page: Page, timeoutMs = 180_000): Promise<Moment> {
  let found: Moment | null = null;
  await waitUntil(async () => {
    if (await page.locator('.f7-end').count() > 0) found = 'over';
    else if (await page.locator('.f7-receivers button').count() > 0) found = 'give';
    else if (await page.locator('.f7-controls .f7-stay').count() > 0) found = 'move';
    return found !== null;
  }, timeoutMs, 'a decision or the end screen');
  return found!;
}

/** One decision of a simple player: hit while the line is worth less than `stayAt`; give an action card to someone else. */
export async function decide(page: Page, moment: Exclude<Moment, 'over'>, stayAt = 15): Promise<void> {
  if (moment === 'give') {
    const buttons = page.locator('.f7-receivers button');
    const n = await buttons.count();
    // Someone else when there is anyone (a Freeze or Flip Three for the others); else oneself.
    await buttons.nth(n > 1 ? n - 1 : 0).click();
    return;
  }
  const stay = page.locator('.f7-controls .f7-stay');
  const hit = page.locator('.f7-controls .f7-hit');
  const points = Number(await stay.getAttribute('data-points'));
  if ((points < stayAt && await hit.isEnabled()) || !(await stay.isEnabled())) await hit.click();
  else await stay.click();
}

/**
 * Plays as a simple player (hitting below `stayAt`) until the moment `want` is this person's, and
 * returns it; fails if the game ends first. At every decision on the way, the cards set aside during a
 * Flip Three (F7-10) are counted: how many are shown and how many take the keyboard (a Tab stop each).
 */
export async function playUntil(page: Page, want: Exclude<Moment, 'over'>, stayAt: number): Promise<{ setAside: number; setAsideFocusable: number }> {
  const seen = { setAside: 0, setAsideFocusable: 0 };
  for (let step = 0; step < 1500; step++) {
    const m = await nextMoment(page);
    const aside = page.locator('.f7-f3 .f7-card');
    seen.setAside += await aside.count();
    seen.setAsideFocusable += await page.locator('.f7-f3 .f7-card[tabindex="0"]').count();
    if (m === want) return seen;
    if (m === 'over') throw new Error(`the game ended before a ${want} moment`);
    await decide(page, m, stayAt);
    await waitUntil(async () => (await page.locator('.f7-controls[aria-busy="true"]').count()) === 0, 30_000, 'the move to be taken');
  }
  throw new Error(`no ${want} moment in 1500 decisions`);
}

/** The text that describes an element (aria-describedby), '' when none. */
export const descriptionOf = (el: ReturnType<Page['locator']>): Promise<string> =>
  el.evaluate((e) => (e.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim());
