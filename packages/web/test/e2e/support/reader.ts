/**
 * A person who plays by screen reader and keyboard (reader-*.test.ts): every step found by its
 * accessible role and name (getByRole, getByLabel) in the person's language, every control used by
 * key presses (no CSS selector, no mouse). The page keeps what its two live regions said (found by
 * role and name, read with a MutationObserver) and what the server sent it (the `game` messages on
 * its WebSocket), so that a test can check that each move of a bot was said.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Harness, waitUntil } from './e2e.js';
import { type Lang, strings } from './learn.js';

export type Strings = ReturnType<typeof strings>;

/** One `game` message the server sent this page: the move it reports and its events. */
export interface SentMove {
  readonly seat: number | null;
  readonly gameNo: number;
  readonly seq: number;
  readonly by: string | null;
  readonly moveSeat: number | null;
  readonly events: readonly { type: string }[];
  /** Every event of the game so far, when the message carries it (the first of a game, a reconnection's). */
  readonly history: readonly { type: string }[] | null;
}

export interface Reader {
  readonly page: Page;
  readonly s: Strings;
  readonly lang: Lang;
  /** What the server sent, in order. */
  readonly sent: SentMove[];
  /** Uncaught errors of the page. */
  readonly errors: string[];
}

/** A fresh browser context in `lang` (the browser's language picks the page's), on the lobby after giving `name` by keyboard. */
export async function readerPerson(h: Harness, name: string, lang: Lang): Promise<Reader> {
  const context = await h.browser.newContext({ locale: lang === 'en' ? 'en-US' : lang, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(30_000);
  // Sounds off: nothing here listens to them.
  await context.addInitScript(() => { localStorage.setItem('parlor.settings', JSON.stringify({ muted: true })); });
  const page = await context.newPage();
  const sent: SentMove[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    if (typeof payload !== 'string') return;
    const m = JSON.parse(payload) as Record<string, unknown>;
    if (m.type !== 'game') return;
    sent.push({
      seat: m.seat as number | null, gameNo: m.gameNo as number, seq: m.seq as number, by: (m.by as string | undefined) ?? null,
      moveSeat: (m.moveSeat as number | undefined) ?? null, events: m.events as { type: string }[], history: (m.history as { type: string }[] | undefined) ?? null,
    });
  }));
  const s = strings(lang);
  await page.goto(h.server.url + '/');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  const field = page.getByLabel(s('name.label'));
  await field.fill(name);
  await field.press('Enter');
  await page.getByRole('heading', { name: s('lobby.title') }).waitFor();
  return { page, s, lang, sent, errors };
}

/** Presses Enter on a control (a button, a link): the keyboard's way of using it. */
export const use = (control: Locator): Promise<void> => control.press('Enter');

/**
 * Creates a table of `game` for two (the person and one basic bot) with the target score `target`
 * by keyboard, turns on screen reader mode in the settings, installs the regions' recorders, and
 * starts the game.
 */
export async function readerTable(r: Reader, game: 'flip-7' | 'stir-fry-eighteen', target: string): Promise<void> {
  const { page, s } = r;
  await use(page.getByRole('button', { name: s('lobby.create') }));
  const radio = page.getByRole('radio', { name: new RegExp(`^${s(`games.${game}.name`)}`) });
  await radio.focus();
  await page.keyboard.press('Space');
  expect(await radio.isChecked()).toBe(true);
  await page.getByRole('combobox', { name: new RegExp(`^${s('create.seats')}`) }).selectOption('2');
  await page.getByRole('combobox', { name: new RegExp(`^${s(`options.${game}.target.label`)}`) }).selectOption(target);
  await use(page.getByRole('button', { name: s('create.submit') }));
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  const bot = page.getByRole('button', { name: `+ ${s('table.botLevel.basic')}` });
  await use(bot.first());
  await waitUntil(async () => (await bot.count()) === 0, 10_000, 'the bot to take the seat');

  // Screen reader mode, by keyboard: the settings' switch.
  const settings = page.getByRole('button', { name: s('settings.title') });
  await use(settings);
  const mode = page.getByRole('switch', { name: s('reader.mode') });
  await mode.focus();
  await page.keyboard.press('Space');
  await waitUntil(() => mode.isChecked(), 5_000, 'screen reader mode on');
  await page.keyboard.press('Escape');
  await waitUntil(async () => (await settings.getAttribute('aria-expanded')) === 'false', 5_000, 'the settings to close');

  // What the two regions say from now on, line by line.
  for (const [role, name, key] of [['log', s('reader.events'), 'polite'], ['alert', s('reader.urgent'), 'urgent']] as const) {
    await page.getByRole(role, { name }).evaluate((el, k) => {
      const w = window as unknown as Record<string, string[]>;
      w[k] = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of Array.from(r.addedNodes)) w[k]!.push(n.textContent ?? '');
      }).observe(el, { childList: true });
    }, key);
  }
  await use(page.getByRole('button', { name: s('table.start') }));
}

/** What the polite region has said since the table was set up, line by line. */
export const heard = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { polite: string[] }).polite.slice());
/** What the assertive region has said, line by line. */
export const urgent = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { urgent: string[] }).urgent.slice());

/** The moves the page took into its log: its own seat's messages, each newer than the last, from the game's start. */
export function loggedMoves(sent: readonly SentMove[], seat: number): SentMove[] {
  const out: SentMove[] = [];
  for (const m of sent) {
    if (m.seat !== seat) continue;
    const last = out[out.length - 1];
    if (last !== undefined && last.gameNo === m.gameNo && m.seq <= last.seq) continue;
    out.push(m);
  }
  return out;
}

/** The game's log as the page keeps it (state/store.ts): a message's history replaces it, a newer move's events add to it. */
export function logOf(moves: readonly SentMove[]): { type: string }[] {
  let log: { type: string }[] = [];
  for (const m of moves) log = m.history !== null ? [...m.history] : [...log, ...m.events];
  return log;
}

/**
 * Checks that `expected` was said, in order, among `said` (other lines may come between: whose
 * turn it is, a reading asked for); names the first line missing.
 */
export function expectSaidInOrder(said: readonly string[], expected: readonly string[], what: string): void {
  let at = 0;
  for (const [i, line] of expected.entries()) {
    const found = said.indexOf(line, at);
    expect(found, `${what}: line ${i + 1} of ${expected.length} never said after line ${at}: "${line}"`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

/** Whether the keyboard is on the page's body (lost) rather than on a control or a region. */
export const focusLost = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/**
 * The animations playing on the table page now (CSS animations and transitions by name, the cards'
 * travels by their kind): none while the table keeps still.
 */
export const tableAnimations = (page: Page): Promise<string[]> =>
  page.evaluate(() => document.getAnimations()
    .filter((a) => a.playState === 'running' && (a.effect as KeyframeEffect | null)?.target?.closest('.table-page') != null)
    .map((a) => (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.constructor.name));

/**
 * Presses a reading key where the keyboard is and returns what the polite region said for it
 * (the first line said after the press).
 */
export async function readKey(page: Page, key: string): Promise<string> {
  const before = (await heard(page)).length;
  await page.keyboard.press(key);
  let line = '';
  await waitUntil(async () => {
    const now = await heard(page);
    if (now.length <= before) return false;
    line = now[before]!;
    return true;
  }, 5_000, `the reading of ${key}`);
  return line;
}

/**
 * Types into the chat's field (found by its label) and checks that no reading key fired meanwhile:
 * the game waits for this person, so nothing else is said either.
 */
export async function typeInChat(page: Page, s: Strings, text: string): Promise<void> {
  const before = (await heard(page)).length;
  const field = page.getByRole('textbox', { name: s('table.chatPlaceholder') });
  await field.focus();
  await page.keyboard.type(text);
  expect(await field.inputValue()).toBe(text);
  expect((await heard(page)).length, 'a letter typed in the chat read something').toBe(before);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
}

/**
 * What Tab reaches from where the keyboard is, `steps` presses: each stop's name as its label gives
 * it (aria-label, aria-labelledby, a field's placeholder), else its text.
 */
export async function tabStops(page: Page, steps: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Tab');
    out.push(await page.evaluate(() => {
      const el = document.activeElement;
      if (el === null || el === document.body) return '(body)';
      const by = el.getAttribute('aria-labelledby');
      const labelled = by === null ? '' : by.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      return (el.getAttribute('aria-label') ?? (labelled || el.getAttribute('placeholder') || el.textContent || '')).trim().slice(0, 80);
    }));
  }
  return out;
}

/** Checks that each of `names` is reached, in this order, among the stops (other stops may come between). */
export function expectInOrder(stops: readonly string[], names: readonly string[], what: string): void {
  let at = 0;
  for (const name of names) {
    const found = stops.findIndex((s, i) => i >= at && s.includes(name));
    expect(found, `${what}: "${name}" not reached after stop ${at} in ${JSON.stringify(stops)}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}
