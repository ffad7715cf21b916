/**
 * Issue 10: a table that has closed says so (the server shortens the open table's wait and the
 * idle time to about a second). An open table nobody starts closes under its watcher's eyes; a table
 * whose game finished and whose people left is refused as TABLE_CLOSED when opened again, and the
 * page still offers its finished game for download.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import {
  type Harness, createTable, fillWithBots, person, shouldSkip, start, startHarness, withFailureShots,
} from './support/e2e.js';
import { away } from './support/away.js';

describe.skipIf(shouldSkip('table-closed'))('Issue 10: a closed table', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('table-closed', { openTableMinutes: 0.02, idleMinutes: 0.02, sweepSeconds: 0.2 }); });
  afterAll(async () => { await h?.close(); });

  it('an open table nobody starts closes, and its page says so (no game to download)', async () => {
    await withFailureShots('table-closed-open', () => pages, async () => {
      const kim = await person(h, 'Kim');
      pages.push(kim);
      await createTable(kim, { game: 'Flip 7', seats: 2 });
      await kim.getByRole('heading', { name: en.table.closed.title }).waitFor();
      expect(await kim.getByRole('alert').filter({ hasText: en.table.closed.text }).count()).toBe(1);
      expect(await kim.getByRole('link', { name: en.table.closed.download }).count()).toBe(0);
      expect(await kim.getByRole('button', { name: en.table.sit }).count()).toBe(0);
    });
  }, 60_000);

  it('a finished table everyone left is refused as closed; its game can still be downloaded', async () => {
    await withFailureShots('table-closed-finished', () => pages, async () => {
      let lea = await person(h, 'Lea');
      pages.push(lea);
      const id = await createTable(lea, { game: 'Stir Fry Eighteen', seats: 2, target: '50' });
      await fillWithBots(lea);
      await start(lea);
      // Lea leaves the game: with no person left, the bots finish it at once.
      await away.leave(lea).click();
      await away.leaveYes(lea).click();
      await lea.locator('#sf-end-h').waitFor({ timeout: 60_000 });
      const context = lea.context();
      await lea.close();
      // Max watches: once Lea has been gone a while, the table closes before his eyes.
      const max = await person(h, 'Max', `/t/${id}`);
      pages.push(max);
      await max.getByRole('heading', { name: en.table.closed.title }).waitFor({ timeout: 30_000 });

      // Later Lea opens the table again: the server refuses to watch it, as closed.
      lea = await context.newPage();
      pages.push(lea);
      await lea.goto(`${h.server.url}/t/${id}`);
      await lea.getByRole('heading', { name: en.table.closed.title }).waitFor({ timeout: 30_000 });
      const link = lea.getByRole('link', { name: en.table.closed.download });
      await link.waitFor();
      const href = (await link.getAttribute('href'))!;
      expect(href).toBe(`/tables/${id}/export`);
      const exported = await lea.evaluate(async (url) => (await fetch(url)).json(), href) as { format: string; table: string; gameNo: number };
      expect(exported).toMatchObject({ format: 'parlor-game', table: id, gameNo: 1 });
    });
  }, 120_000);
});
