/**
 * Issue 10, points 2 and 4 in Chromium: on a table with a move timer (30 s, every clock scaled by
 * the server's timerScale so that it runs out in 6 s), Tom lets his time run out: the banner says a
 * bot plays for him because his time ran out, his card shows him away, and "I'm back" gives him the
 * seat back. Screenshots at 390×844 and 1440×900, in English and Japanese.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/common.json' with { type: 'json' };
import {
  type Harness, createTable, fillWithBots, person, shouldSkip, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { away, shotAt } from './support/away.js';
import { sf } from './support/sf.js';

describe.skipIf(shouldSkip('away-timeout'))('Issue 10: the move timer runs out', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('away-timeout', { timerScale: 0.2 }); });
  afterAll(async () => { await h?.close(); });

  it('a bot plays for Tom once his time runs out, until he is back', async () => {
    await withFailureShots('away-timeout', () => pages, async () => {
      const tom = await person(h, 'Tom');
      pages.push(tom);
      await createTable(tom, { game: 'Stir Fry Eighteen', seats: 2, target: '300', moveTimer: '30 s' });
      await fillWithBots(tom);
      await start(tom);

      // Tom does nothing: on his first turn his clock runs out.
      const banner = tom.locator('.away-banner');
      await banner.waitFor({ timeout: 60_000 });
      expect(await banner.getAttribute('role')).toBe('alert');
      expect(await banner.textContent()).toContain(en.presence.banner.timeout);
      await away.badge(tom, 'Tom (you)').waitFor();
      // The table has a move timer: nobody is offered "Replace with a bot".
      expect(await tom.getByRole('button', { name: en.presence.replace }).count()).toBe(0);
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

      // "I'm back": the banner and the badge go; the seat is Tom's again (the next time it is his
      // turn, the game asks him, with his clock running).
      await away.back(tom).click();
      await banner.waitFor({ state: 'detached' });
      await away.badge(tom, 'Tom (you)').waitFor({ state: 'detached' });
      // On a machine slow enough for that clock to run out again before the page shows Tom his turn,
      // the banner comes back: then so does Tom. What is checked is that coming back gives him his
      // turns; a server that never asked him again would still fail here.
      let backs = 1;
      await waitUntil(async () => {
        if (await sf.status(tom).filter({ hasText: 'Your turn' }).isVisible() && await sf.endTurn(tom).isVisible()) return true;
        if (await banner.isVisible() && await away.back(tom).isVisible()) {
          backs++;
          console.log(`away-timeout: the banner is back (${await banner.textContent()}); Tom comes back again (${backs})`);
          await away.back(tom).click();
        }
        return false;
      }, 60_000, 'Tom\'s turn to prompt him again');
    });
  }, 300_000);
});
