/**
 * The name form counts a name as the server does, in characters as they appear on screen (24 emoji
 * fit, 25 do not), and the create form offers Stir Fry Eighteen's first player as "Random" or one of
 * the table's seats, resetting a seat that a smaller table no longer has.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import { type Harness, screenshot, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';

describe.skipIf(shouldSkip('forms'))('The name and create forms', () => {
  let h: Harness;
  const pages: Page[] = [];
  // No game is started here (the deals of the server's games would be `e2e forms <n>`).
  beforeAll(async () => { h = await startHarness('forms'); });
  afterAll(async () => { await h?.close(); });

  it('a name of 24 emoji is taken whole; the create form offers the table\'s seats as first player', async () => {
    await withFailureShots('forms', () => pages, async () => {
      const context = await h.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      pages.push(page);
      await page.goto(h.server.url);
      const input = page.getByLabel(en.name.label);
      const enter = page.getByRole('button', { name: en.name.submit });
      const name = '🦊'.repeat(24);
      // Typed in full: no maxLength cuts it at 24 UTF-16 units (12 emoji).
      await input.fill(`${name}🦊`);
      expect(await input.inputValue()).toBe(`${name}🦊`);
      await page.getByText('25/24').waitFor();
      await page.getByRole('alert').filter({ hasText: 'Too long' }).waitFor();
      expect(await enter.isDisabled()).toBe(true);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'name-too-long-390');
      await input.fill(name);
      await page.getByText('24/24').waitFor();
      expect(await enter.isEnabled()).toBe(true);
      await enter.click();
      await page.getByRole('status').filter({ hasText: 'Online' }).waitFor();
      // The server kept the name whole.
      expect(await page.locator('.top .who').textContent()).toBe(name);

      await page.getByRole('button', { name: en.lobby.create }).click();
      await page.getByRole('radio', { name: /^Stir Fry Eighteen/ }).check();
      const seats = page.getByRole('combobox', { name: /^Seats/ });
      const first = page.getByRole('combobox', { name: /^First player/ });
      const labels = () => first.locator('option').allTextContents();
      await seats.selectOption('5');
      expect(await labels()).toEqual(['Random', 'Seat 1', 'Seat 2', 'Seat 3', 'Seat 4', 'Seat 5']);
      await first.selectOption({ label: 'Seat 5' });
      await seats.selectOption('3');
      expect(await labels()).toEqual(['Random', 'Seat 1', 'Seat 2', 'Seat 3']);
      expect(await first.inputValue()).toBe('random');
      await first.selectOption({ label: 'Seat 2' });
      await screenshot(page, 'create-first-player-390');
      await page.getByRole('button', { name: en.create.submit }).click();
      await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      // The table was created with seat 2 (index 1) to play first.
      await page.locator('.seat-name', { hasText: '(you)' }).waitFor();
      await page.getByRole('link', { name: /Back to the lobby/ }).click();
      await page.locator('.table-row', { hasText: 'First player: Seat 2' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Showing 1 of 1 table' }).waitFor();
      expect(await page.getByRole('button', { name: en.lobby.more }).count()).toBe(0);
    });
  }, 120_000);
});
