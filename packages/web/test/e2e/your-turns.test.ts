/**
 * "Your turns" in a browser, against the real server: Ann makes a turn-based Flip 7 table with a
 * bot, plays until the bot has moved since her own move and it is her move again; then
 *  - the header's link counts the table waiting for her ("Your turns, 1 waiting for you"), and the
 *    tab's title says "(1) …";
 *  - /me/turns lists it under "Waiting for your move": the game, "Your move", the players, the time
 *    left, and the last move in the game log's words; axe-core finds nothing there, on a desktop
 *    and on a 390 px phone;
 *  - opening it, the game log marks "Since your last move" and a line says how many moves came since,
 *    said once in the table's polite live region.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';
import { decide, nextMoment } from './f7-support.js';

const FILE = 'your-turns.test.ts';

/** Makes a turn-based Flip 7 table of two from the lobby's form (the creator seated); its id. */
async function createTurnBased(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Tables' }).waitFor();
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.getByRole('radio', { name: /^Flip 7/ }).check();
  await page.getByRole('combobox', { name: /^Seats/ }).selectOption('2');
  await page.getByRole('radio', { name: /^Turn-based A move at a time/ }).check();
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  await page.locator('.seat-name', { hasText: '(you)' }).first().waitFor();
  return /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname)![1]!;
}

describe.skipIf(shouldSkip(FILE))('your turn-based tables', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(FILE); }, 60_000);
  afterAll(async () => { await h?.close(); });

  it('are counted in the header and the title, listed your move first, and a table opened says what came since your move', async () => {
    let ann: Page | null = null;
    await withFailureShots('your-turns', () => (ann === null ? [] : [ann]), async () => { await body((p) => { ann = p; }); });
  }, 240_000);

  async function body(opened: (p: Page) => void): Promise<void> {
    const ann = await person(h, 'Ann');
    opened(ann);
    const tableId = await createTurnBased(ann);
    await fillWithBots(ann);
    await start(ann);

    // Ann plays until the bot has moved since her own move and she is asked again.
    const sinceLine = ann.locator('.since-line');
    for (let step = 0; step < 40; step++) {
      const m = await nextMoment(ann);
      if (m === 'over') throw new Error('the game ended before the bot moved after Ann');
      if (step > 0 && (await sinceLine.count()) > 0) break;
      await decide(ann, m, 30);
      await waitUntil(async () => (await ann.locator('.f7-controls[aria-busy="true"]').count()) === 0, 30_000, 'the move to be taken');
    }
    await expect.poll(() => sinceLine.textContent()).toMatch(/^Since your move: \d+ moves?$/);

    // The header counts the table waiting for her, and the tab's title says so.
    const link = ann.getByRole('banner').getByRole('link', { name: 'Your turns, 1 waiting for you' });
    await link.waitFor();
    await expect.poll(() => ann.title()).toMatch(/^\(1\) /);

    // The page: the table under "Waiting for your move", with whose move, the time left, the last move.
    await link.click();
    await ann.waitForURL(/\/me\/turns$/);
    await ann.getByRole('heading', { level: 1, name: 'Your turn-based games' }).waitFor();
    await expect.poll(() => ann.title()).toBe('(1) Your turn-based games — Parlor');
    const yours = ann.getByRole('region', { name: 'Waiting for your move' });
    const row = yours.getByRole('listitem').filter({ hasText: 'Flip 7' });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    await expect.poll(() => row.locator('.turns-words').textContent()).not.toBe('');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Your move');
    expect(text).toContain('Players: Ann, Basic bot 2');
    expect(text).toMatch(/\d+ (days?|hr|min)[^]* left/);
    expect(text).toContain('Last move by Basic bot 2');
    expect(await row.locator('.turns-yours').textContent()).toBe('Your move');
    expect(await ann.getByRole('region', { name: 'Waiting for the others' }).count()).toBe(0);
    // The menu of the player pages links it too, with the count.
    expect(await ann.getByRole('navigation', { name: 'Player pages' }).getByRole('link', { name: 'Your turns, 1 waiting for you' }).count()).toBe(1);

    expect(formatViolations(await axeViolations(ann)), 'axe, /me/turns 1280x900').toEqual([]);
    await screenshot(ann, 'your-turns-desktop');
    await ann.setViewportSize({ width: 390, height: 844 });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1), 'no sideways scroll at 390 px').toBe(true);
    expect(formatViolations(await axeViolations(ann)), 'axe, /me/turns 390x844').toEqual([]);
    await screenshot(ann, 'your-turns-phone');
    await ann.setViewportSize({ width: 1280, height: 900 });

    // Opening it: the log marks where her last move was, and a line (said once, politely) counts the moves since.
    await row.getByRole('link', { name: 'Open' }).click();
    await ann.waitForURL(new RegExp(`/t/${tableId}$`));
    const marker = ann.locator('.f7-log-box li.since-marker');
    await marker.waitFor();
    expect(await marker.textContent()).toBe('Since your last move');
    // It stands between her move's lines and the bot's: a line after it.
    expect(await ann.locator('.f7-log-box li.since-marker + li').count()).toBe(1);
    const line = (await sinceLine.textContent()) ?? '';
    expect(line).toMatch(/^Since your move: \d+ moves?$/);
    await screenshot(ann, 'your-turns-table');
    const polite = ann.locator('[role="log"][aria-live="polite"]');
    await expect.poll(async () => (await polite.textContent())?.split(line).length).toBe(2);
  }
});
