/**
 * End-to-end harness (issue 6, item 9): the real server in-process (temp database, quick bots)
 * serving the built client from packages/web/dist, driven by Debian's Chromium through
 * playwright-core. Every person gets their own browser context (their own localStorage, so their
 * own token), as two people on two machines would. Every game plays a known deal (support/deals.ts
 * chooses them), and the server's time is the test's to move on or hold (support/time.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';
import type { ServerConfig, StartOptions } from '@parlor/server';
import { type E2eServer, e2eServer } from './server.js';
import { ServerTime } from './time.js';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '../../../../..');
/**
 * The built client the tests serve: packages/web/dist, or PARLOR_E2E_WEB_DIST (a build made with
 * `vite build --outDir <dir>`, so that two people working in one checkout can test their own builds).
 */
export const WEB_DIST = resolve(REPO_ROOT, process.env.PARLOR_E2E_WEB_DIST ?? 'packages/web/dist');
export const CHROMIUM = '/usr/bin/chromium';
export const ARTIFACTS = join(REPO_ROOT, 'artifacts/e2e');

/**
 * Why these tests cannot run here (null: they can). Under CI=true nothing is skipped: a missing
 * browser or build must fail the run, not hide it.
 */
export function skipReason(): string | null {
  if (process.env.CI === 'true') return null;
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} not found (apt-get install chromium)`;
  if (!existsSync(join(WEB_DIST, 'index.html'))) return `${WEB_DIST}/index.html missing (npm run build -w @parlor/web)`;
  return null;
}

/** Prints the one-line reason once per file and returns whether to skip. */
export function shouldSkip(file: string): boolean {
  const reason = skipReason();
  if (reason !== null) console.warn(`e2e ${file} skipped: ${reason}`);
  return reason !== null;
}

export type Server = E2eServer;

export interface Harness {
  readonly server: Server;
  readonly browser: Browser;
  /** The server's clock: real time, which the test may move ahead or hold still (support/time.ts). */
  readonly time: ServerTime;
  /** The seed the next game started on this server plays (else the file's own `e2e <file> <n>`). */
  deal(seed: string): void;
  close(): Promise<void>;
}

/**
 * The server (quick bots; `overrides` for a test's own settings, e.g. a short replaceAfterSeconds)
 * and Chromium. Every game the server starts plays a known deal: the seed a test chose for it with
 * `deal(seed)` before starting it, else `e2e <file> <n>` for the file's n-th game. The server runs
 * on a ServerTime (`h.time`). `options` go to the server's factory as they are (a test's own seed
 * function or clock replaces the harness's).
 */
export async function startHarness(file: string, overrides: Partial<ServerConfig> = {}, options: Omit<StartOptions, 'logger'> = {}): Promise<Harness> {
  const time = new ServerTime();
  const chosen: string[] = [];
  let games = 0;
  const seed = options.seed ?? (() => {
    games++;
    return chosen.shift() ?? `e2e ${file} ${games}`;
  });
  const server = await e2eServer({ botDelayMs: [50, 150], webRoot: WEB_DIST, ...overrides }, { clock: time.clock, ...options, seed });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  } catch (e) {
    await server.close();
    time.close();
    throw e;
  }
  return {
    server, browser, time,
    deal: (s) => { chosen.push(s); },
    close: async () => {
      await browser.close().catch(() => undefined);
      await server.close();
      time.close();
    },
  };
}

export interface PersonOptions {
  /**
   * Installs Playwright's clock in the person's browser context (before the page loads), so that
   * the test can move the page's time too (`page.clock.runFor`, `page.clock.fastForward`): the
   * page's own timers (a long press, a countdown) then run when the test says.
   */
  readonly pageClock?: boolean;
  /** Anything to set on the person's browser context before their page opens (a route, say). */
  readonly before?: (context: BrowserContext) => Promise<unknown>;
}

/** A person: a fresh browser context (own localStorage) with a page on the app, signed in by name. */
export async function person(h: Harness, name: string, path = '/', options: PersonOptions = {}): Promise<Page> {
  const context = await h.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(30_000);
  if (options.pageClock === true) await context.clock.install();
  await options.before?.(context);
  // Every Content-Security-Policy violation the page reports (none expected: see src/zod-jitless.ts).
  await context.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => { w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`); });
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.warn(`[${name}] page error: ${e.message}`));
  await page.goto(h.server.url + path);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Enter' }).click();
  await page.getByRole('status').filter({ hasText: 'Online' }).waitFor();
  return page;
}

export interface TableSetup {
  readonly game: 'Stir Fry Eighteen' | 'Flip 7';
  readonly seats: number;
  readonly target?: string;
  readonly tasteWindow?: number;
  /** The move timer's option label ("30 s"); off when absent. */
  readonly moveTimer?: string;
  /** The grace period's option label ("15 s"): how long a disconnected player keeps their seat. */
  readonly grace?: string;
}

/** Opens the create form in the lobby, fills it and lands on the new table's page, seated (the creator
 * takes the first seat); returns the table's id. */
export async function createTable(page: Page, setup: TableSetup): Promise<string> {
  await page.getByRole('heading', { name: 'Tables' }).waitFor();
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.getByRole('radio', { name: new RegExp(`^${setup.game}`) }).check();
  await page.getByRole('combobox', { name: /^Seats/ }).selectOption(String(setup.seats));
  if (setup.target !== undefined) await page.getByRole('combobox', { name: /^Target score/ }).selectOption(setup.target);
  if (setup.tasteWindow !== undefined) await page.getByRole('spinbutton', { name: /^Taste-test window/ }).fill(String(setup.tasteWindow));
  if (setup.moveTimer !== undefined) await page.getByRole('combobox', { name: /^Move timer/ }).selectOption({ label: setup.moveTimer });
  if (setup.grace !== undefined) await page.getByRole('combobox', { name: /^If someone is disconnected/ }).selectOption({ label: setup.grace });
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  const id = /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname)![1]!;
  await page.locator('.seat-name', { hasText: '(you)' }).first().waitFor();
  return id;
}

/** Takes the first empty seat ("Sit here") and waits until the seat list shows "(you)". */
export async function sit(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sit here' }).first().click();
  await page.locator('.seat-name', { hasText: '(you)' }).first().waitFor();
}

/** Fills every empty seat with a basic bot (creator only). */
export async function fillWithBots(page: Page): Promise<void> {
  const add = page.getByRole('button', { name: '+ Basic bot' });
  for (let guard = 0; guard < 12 && (await add.count()) > 0; guard++) {
    const before = await add.count();
    await add.first().click();
    await waitUntil(async () => (await add.count()) < before, 10_000, 'a bot to take the seat');
  }
}

export async function start(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start the game' }).click();
}

/** How long one poll of waitUntil may take: beyond it, the poll counts as false and the next one starts. */
const POLL_MS = 5_000;

/**
 * Polls `check` every 100 ms until it returns true: a wait on a state, never a fixed sleep (the
 * pause between two polls only spaces the questions). A poll that throws, or takes longer than
 * POLL_MS, counts as false: a locator call such as getAttribute waits up to the context's 30 s for
 * an element that has just gone, which must not use up the whole wait.
 */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((r) => { timer = setTimeout(() => r(false), POLL_MS); });
    const ok = await Promise.race([check().catch(() => false), late]);
    clearTimeout(timer);
    if (ok) return;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until what the page just changed is drawn: two frames, the fonts, and every card still
 * travelling landed (each finite animation finished; ui/table/motion.ts).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))));
    await Promise.all(document.getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
      .map((a) => a.finished.catch(() => undefined)));
  });
}

/** Waits until one of the named locators is visible; returns its name. */
export async function firstVisible<K extends string>(choices: Record<K, Locator>, timeoutMs: number, what: string): Promise<K> {
  let found: K | null = null;
  await waitUntil(async () => {
    for (const [k, loc] of Object.entries(choices) as [K, Locator][]) {
      if (await loc.first().isVisible()) { found = k; return true; }
    }
    return false;
  }, timeoutMs, what);
  return found!;
}

/** The Content-Security-Policy violations the page has reported so far. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

/**
 * Saves `artifacts/e2e/<name>.png`: the full page, or what the window shows. Screenshots are for
 * people to look at, not checks: a full page that a loaded Chromium does not take in time is tried
 * again as the window alone, and if a screenshot still fails the test goes on with a warning.
 */
export async function screenshot(page: Page, name: string, what: 'page' | 'window' = 'page'): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  const line = (e: unknown) => String(e).split('\n')[0];
  if (what === 'page') {
    try {
      await page.screenshot({ path, fullPage: true, timeout: 45_000 });
      return path;
    } catch (e) {
      console.warn(`screenshot ${name}: the full page failed (${line(e)}); saving the window alone`);
    }
  }
  try {
    await page.screenshot({ path, timeout: 45_000 });
  } catch (e) {
    console.warn(`screenshot ${name} not saved: ${line(e)}`);
  }
  return path;
}

/**
 * Runs a test body; on failure saves `<name>-failure-<n>.png` of every page given and prints what
 * each page says (its visible text: CI keeps the log, not the screenshots), then rethrows.
 */
export async function withFailureShots(name: string, pages: () => readonly Page[], body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    for (const [i, p] of pages().entries()) {
      await screenshot(p, `${name}-failure-${i + 1}`);
      const text = await p.evaluate(() => document.body.innerText).catch((err: unknown) => `(no text: ${String(err)})`);
      console.error(`${name}: page ${i + 1} (${p.url()}) showed:\n${text.replace(/\n{2,}/g, '\n').slice(0, 3000)}`);
    }
    throw e;
  }
}
