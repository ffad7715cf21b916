/**
 * Issue 10, points 2 and 4 in Chromium: on a table with a move timer (30 s), Tom lets his time run
 * out: the banner says a bot plays for him because his time ran out, his card shows him away, a
 * stand-in's move is marked as made for him, and "I'm back" gives him the seat back. Screenshots at
 * 390×844 and 1440×900, in English and Japanese.
 *
 * The server's time is the test's to move: Tom's 30 s run out when the test moves the server's time
 * past them (not when a shortened timer fires against a page that may be slow), the game stands
 * still while the screenshots are taken, and from the moment the game asks Tom again his time
 * stands still too, so that his clock cannot run out again before his page shows him his turn.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/common.json' with { type: 'json' };
import {
  type Harness, createTable, fillWithBots, person, shouldSkip, start, startHarness, withFailureShots,
} from './support/e2e.js';
import { away, holdWhenAsked, shotAt } from './support/away.js';
import { chooseSeed, sfOpening } from './support/deals.js';
import { sf } from './support/sf.js';

describe.skipIf(shouldSkip('away-timeout'))('Issue 10: the move timer runs out', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('away-timeout'); });
  afterAll(async () => { await h?.close(); });

  it('a bot plays for Tom once his time runs out, until he is back', async () => {
    await withFailureShots('away-timeout', () => pages, async () => {
      const asked = holdWhenAsked(h);
      const tom = await person(h, 'Tom', '/', { before: asked.watch });
      pages.push(tom);
      await createTable(tom, { game: 'Stir Fry Eighteen', seats: 2, target: '300', moveTimer: '30 s' });
      await fillWithBots(tom);
      // The deal: Tom plays first (SF-5), so his first turn is the game's first moment.
      h.deal(await chooseSeed('away-timeout tom', (s) => sfOpening(s, 2, { target: 300 }).first === 0));
      await start(tom);

      // Tom does nothing on his first turn; then his 30 s run out.
      await sf.status(tom).filter({ hasText: 'Your turn' }).waitFor();
      await sf.endTurn(tom).waitFor();
      h.time.advance(30_000);
      const banner = tom.locator('.away-banner');
      await banner.waitFor();
      expect(await banner.getAttribute('role')).toBe('alert');
      expect(await banner.textContent()).toContain(en.presence.banner.timeout);
      await away.badge(tom, 'Tom (you)').waitFor();
      // A stand-in plays his seat: its moves are marked as made for him.
      await away.standInLines(tom, 'Tom').first().waitFor();
      // The table has a move timer: nobody is offered "Replace with a bot".
      expect(await tom.getByRole('button', { name: en.presence.replace }).count()).toBe(0);

      // The game stands still while the pictures are taken (the bots would play on meanwhile).
      h.time.hold();
      await shotAt(tom, 'away-timeout-en-1440', 1440, 900);
      await shotAt(tom, 'away-timeout-en-390', 390, 844);
      await tom.locator('.lang select').selectOption('ja');
      await tom.getByRole('alert').filter({ hasText: ja.presence.banner.timeout }).waitFor();
      await tom.getByRole('button', { name: ja.presence.back }).waitFor();
      await tom.locator('.badge-away', { hasText: ja.table.away }).waitFor();
      await shotAt(tom, 'away-timeout-ja-390', 390, 844);
      await shotAt(tom, 'away-timeout-ja-1440', 1440, 900);
      await tom.locator('.lang select').selectOption('en');
      await tom.setViewportSize({ width: 1280, height: 900 });

      // "I'm back": the banner and the badge go; the seat is Tom's again. The game goes on to his next
      // turn, which asks him (with his clock, which stands still from that moment on).
      asked.arm();
      await away.back(tom).click();
      await banner.waitFor({ state: 'detached' });
      await away.badge(tom, 'Tom (you)').waitFor({ state: 'detached' });
      h.time.release();
      await asked.held;
      await sf.status(tom).filter({ hasText: 'Your turn' }).waitFor();
      await sf.endTurn(tom).waitFor();
      expect(await banner.count()).toBe(0);
    });
  }, 300_000);
});
