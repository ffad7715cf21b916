/**
 * Issue 6, item 9 (d): a reload in the middle of a game puts the player back in their seat (the
 * token is kept in localStorage) with the same hand and view, and they can keep playing.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness, createTable, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { chooseSeed, sfOpening } from './support/deals.js';
import { cookBest, endTurn, readHand, sf, turnNumber, untilMyTurn } from './support/sf.js';

describe.skipIf(shouldSkip('sf-reload'))('Stir Fry Eighteen: a reload mid-game', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('sf-reload'); });
  afterAll(async () => { await h?.close(); });

  it('puts the player back in their seat with the same hand, and play goes on', async () => {
    await withFailureShots('sf-reload', () => pages, async () => {
      const dana = await person(h, 'Dana');
      pages.push(dana);
      const id = await createTable(dana, { game: 'Stir Fry Eighteen', seats: 2, target: '300' });
      await fillWithBots(dana);
      // The deal: Dana plays first (SF-5); her two turns and the bot's between them are the same on
      // every run (she cooks her best dish or ends her turn; the bot is a basic bot).
      h.deal(await chooseSeed('sf-reload dana', (s) => sfOpening(s, 2, { target: 300 }).first === 0));
      await start(dana);

      // Play a couple of turns first, so that the reload comes mid-game.
      for (let i = 0; i < 2; i++) {
        expect(await untilMyTurn(dana)).toBe('act');
        if (await cookBest(dana) === null) await endTurn(dana);
      }
      expect(await untilMyTurn(dana)).toBe('act');
      const token = await dana.evaluate(() => localStorage.getItem('parlor.token'));
      const before = {
        hand: await readHand(dana),
        turn: await turnNumber(dana),
        status: await sf.status(dana).textContent(),
        scores: await dana.locator('.sf-player-score').allTextContents(),
        pile: await dana.locator('.sf-pile').getAttribute('aria-label'),
        log: await dana.locator('.sf-log li').allTextContents(),
      };
      expect(before.hand.length).toBeGreaterThan(0);

      await dana.reload();
      expect(new URL(dana.url()).pathname).toBe(`/t/${id}`);
      await dana.getByRole('status').filter({ hasText: 'Online' }).waitFor();
      // No name form: the same player, in the same seat, with the same view.
      expect(await dana.getByLabel('Your name').count()).toBe(0);
      expect(await dana.evaluate(() => localStorage.getItem('parlor.token'))).toBe(token);
      await dana.locator('.seat-name', { hasText: 'Dana (you)' }).waitFor({ state: 'attached' }); // in the folded seats panel
      await dana.locator('.sf-player.me', { hasText: 'Dana (you)' }).waitFor();
      await sf.status(dana).filter({ hasText: 'Your turn' }).waitFor();
      await waitUntil(async () => (await sf.hand(dana).count()) === before.hand.length, 15_000, 'the hand to come back');
      expect(await readHand(dana)).toEqual(before.hand);
      expect(await turnNumber(dana)).toBe(before.turn);
      expect(await sf.status(dana).textContent()).toBe(before.status);
      expect(await dana.locator('.sf-player-score').allTextContents()).toEqual(before.scores);
      expect(await dana.locator('.sf-pile').getAttribute('aria-label')).toBe(before.pile);
      // The log comes back with the last action's lines only (a snapshot carries the last action's
      // events, not the history): they must be the tail of what was shown before.
      await waitUntil(async () => (await dana.locator('.sf-log li').count()) > 0, 15_000, 'the log to come back');
      const after = await dana.locator('.sf-log li').allTextContents();
      expect(after).toEqual(before.log.slice(-after.length));
      await screenshot(dana, 'sf-reload');

      // And the game goes on from the page: this turn, the bot's, and back to Dana.
      if (await cookBest(dana) === null) await endTurn(dana);
      expect(await untilMyTurn(dana)).toBe('act');
      expect(await turnNumber(dana)).toBeGreaterThan(before.turn!);
      expect(await sf.hand(dana).count()).toBeGreaterThan(0);
    });
  }, 180_000);
});
