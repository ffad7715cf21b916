/**
 * Going through "How to play" and the guided first games by clicking, in any language: the strings
 * come from the locale files, each step's values from playing the lesson with the rules package,
 * exactly as the page does.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Lesson, act, currentStep, finished, next, offered, playAllQueued, startRun } from '../../../src/ui/learn/lesson.js';
import { type Harness, screenshot, waitUntil } from './e2e.js';

export type Lang = 'en' | 'it' | 'ja' | 'pl' | 'ko';
type Tree = { [k: string]: string | Tree };

const LOCALES = resolve(import.meta.dirname, '../../../src/i18n/locales');

/** `from` added into `into`, subtree by subtree (as i18next adds a locale file to the ones loaded). */
function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const at = into[k];
    into[k] = typeof v === 'object' && typeof at === 'object' ? merge(at, v) : v;
  }
  return into;
}

/**
 * One language's strings: `s('learn.guided.next')`, `s('sf.actions.pair')`, `s('games.flip-7.name')`
 * (common.json at the top; it also holds the few `learn.…` words the lobby and tables show); with a
 * numeric `count`, a set of plural forms gives the form for it.
 */
export function strings(lang: Lang): (key: string, values?: Record<string, string | number>) => string {
  const files = ['common', 'learn', 'sf', 'f7'];
  const tree: Tree = {};
  for (const f of files) {
    const data = JSON.parse(readFileSync(resolve(LOCALES, lang, `${f}.json`), 'utf8')) as Tree;
    merge(tree, f === 'common' ? data : { [f]: data });
  }
  const find = (key: string): string | Tree | undefined => {
    let at: string | Tree | undefined = tree;
    for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
    return at;
  };
  return (key, values = {}) => {
    let at = find(key);
    // A counted string is a set of plural forms: the one the language's rules pick for `count`, as i18next does.
    if (at === undefined && typeof values.count === 'number') at = find(`${key}_${new Intl.PluralRules(lang).select(values.count)}`);
    if (typeof at !== 'string') throw new Error(`no string ${lang} ${key}`);
    return at.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? `{{${k}}}`));
  };
}

/** Each step's values, by step id, as the page computes them (cards still as ids). */
export function lessonValues<S, A>(lesson: Lesson<S, A>): Record<string, Record<string, unknown>> {
  let run = startRun(lesson);
  const out: Record<string, Record<string, unknown>> = {};
  while (!finished(run)) {
    run = playAllQueued(run);
    const step = currentStep(run)!;
    out[step.id] = step.values?.(run.state) ?? {};
    if (step.accept === undefined) {
      if (run.step === lesson.steps.length - 1) break;
      run = next(run);
    } else run = act(run, offered(run)[0]!)!;
  }
  return out;
}

/** A step's values in words, as GuidedPage's `words` makes them: card ids named, lists joined the language's way. */
export function inWords(values: Record<string, unknown>, lang: Lang, cardName: (id: string) => string): Record<string, string | number> {
  const list = new Intl.ListFormat(lang, { type: 'conjunction' });
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    else if (typeof v === 'object' && v !== null && 'card' in v) out[k] = cardName((v as { card: string }).card);
    else out[k] = list.format((v as { cards: string[] }).cards.map(cardName));
  }
  return out;
}

/** Waits for the lesson panel to show this step, and checks its text is the one given. */
export async function step(page: Page, title: string, text: string): Promise<void> {
  await page.locator('.learn-lesson h2', { hasText: title }).waitFor();
  const shown = (await page.locator('.learn-lesson .learn-step-text').innerText()).replace(/\s+/g, ' ');
  expect(shown.startsWith(text.replace(/\s+/g, ' ')), `step "${title}": ${shown}`).toBe(true);
}

/** Clicks a locator once it is enabled. */
export async function clickWhenEnabled(page: Page, selector: ReturnType<Page['locator']>): Promise<void> {
  await selector.waitFor();
  await waitUntil(() => selector.isEnabled(), 15_000, `${String(selector)} to be enabled`);
  await selector.click();
}

/**
 * Nothing wider than the window (no sideways scrolling of the page), and no element of the learn
 * pages reaching past its right edge — except inside a box that scrolls or clips by design (the
 * round summary's table scrolls sideways on a phone).
 */
export async function checkNoOverflow(page: Page, where: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page is ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window`);
    const clipped = (el: HTMLElement): boolean => {
      for (let a = el.parentElement; a !== null && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return a.getBoundingClientRect().right <= doc.clientWidth + 1;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.learn-page *, .learn-guided-page *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest('.visually-hidden, .sf-card-text, [role="tooltip"]')) continue;
      if (r.right > doc.clientWidth + 1 && !clipped(el)) out.push(`${el.tagName.toLowerCase()}.${String(el.className)} ends at ${Math.round(r.right)}px`);
    }
    return out.slice(0, 5);
  });
  expect(problems, `overflow (${where})`).toEqual([]);
}

/**
 * Pictures at 390×844 and 1440×900: the whole page from its top (`<name>-390.png`, `<name>-1440.png`),
 * each checked for overflow; and, when `control` is given (the move the step asks for), the window as
 * the player sees it with that control scrolled into view (`<name>-390-view.png`, …), checked that
 * nothing — the pinned lesson panel, the game's own bars — covers it. The size is put back.
 */
export async function shots(page: Page, name: string, control?: Locator): Promise<void> {
  const before = page.viewportSize();
  const scroll = await page.evaluate(() => window.scrollY);
  for (const [w, h] of [[390, 844], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
    // A card still travelling (ui/table/motion.ts) is drawn on its way from where it was, possibly
    // from the other window size's layout: the check waits until every finite animation has ended.
    await page.evaluate(() => Promise.all(document.getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
      .map((a) => a.finished.catch(() => undefined))));
    await checkNoOverflow(page, `${name} at ${w}`);
    await screenshot(page, `${name}-${w}`);
    if (control !== undefined) {
      await control.scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      await checkNotCovered(control, `${name} at ${w}`);
      await viewShot(page, `${name}-${w}-view`);
    }
  }
  if (before) await page.setViewportSize(before);
  await page.evaluate((y) => window.scrollTo(0, y), scroll);
}

/** The window's picture, as the player sees it now (`artifacts/e2e/<name>.png`). */
async function viewShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, 'window');
}

/** The control's middle is the control itself on screen (not the lesson panel or a bar over it). */
export async function checkNotCovered(control: Locator, where: string): Promise<void> {
  const hit = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top === null ? 'nothing' : el.contains(top) ? 'ok' : `${top.tagName.toLowerCase()}.${String(top.className)}`;
  });
  expect(hit, `${String(control)} covered (${where})`).toBe('ok');
}

/**
 * axe-core's violations inside `selector` (every rule on), one line each; injected through the
 * DevTools protocol, which the page's Content-Security-Policy does not block.
 */
export async function axeProblems(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
  return page.evaluate(async (include) => {
    const a = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await a.run(include, { resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.map(String).join(' ')} — ${n.html.slice(0, 160)}`));
  }, selector);
}

export interface Newcomer {
  readonly page: Page;
  /** Game actions the page has sent on its WebSocket (a guided game sends none). */
  actionsSent(): number;
  /** Uncaught errors of the page. */
  readonly errors: string[];
}

/**
 * Someone new: a fresh browser context whose WebSocket frames and errors are watched from the
 * start, on the lobby after giving a name (the app asks every first visitor for one), in `lang`.
 */
export async function newcomer(h: Harness, name: string, lang: Lang, viewport = { width: 1440, height: 900 }): Promise<Newcomer> {
  const context = await h.browser.newContext({ locale: 'en-US', viewport });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  let actions = 0;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('websocket', (ws) => ws.on('framesent', (f) => {
    const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
    if (/"type"\s*:\s*"action"/.test(text)) actions++;
  }));
  const en = strings('en');
  await page.goto(h.server.url + '/');
  await page.getByLabel(en('name.label')).fill(name);
  await page.getByRole('button', { name: en('name.submit') }).click();
  await page.getByRole('status').filter({ hasText: en('app.connection.open') }).waitFor();
  if (lang !== 'en') {
    await page.getByRole('combobox', { name: 'Language' }).selectOption(lang);
    await waitUntil(async () => (await page.evaluate(() => document.documentElement.lang)) === lang, 10_000, `the page in ${lang}`);
  }
  return { page, actionsSent: () => actions, errors };
}
