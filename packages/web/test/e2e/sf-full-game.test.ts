/**
 * Issue 6, item 9 (a): one person plays a whole Stir Fry Eighteen game (target 50) against two
 * basic bots, through the page only, to the end screen.
 *
 * The deal is a short game in which Ana does each of her moves at least once (cooks, declares a
 * real pair, trusts, discards down); the test checks that the page played that very game.
 */
import { sfDishPoints } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness, createTable, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { chooseSeed, playSf, sfCookOrEnd } from './support/deals.js';
import { cookBest, discardDown, endTurn, nextMoment, press, readHand, realPair, select, sf, trust } from './support/sf.js';

describe.skipIf(shouldSkip('sf-full-game'))('Stir Fry Eighteen: a whole game against two bots', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('sf-full-game'); });
  afterAll(async () => { await h?.close(); });

  it('plays to the end screen: cooks the best dish offered, trusts, discards down', async () => {
    await withFailureShots('sf-full-game', () => pages, async () => {
      const ana = await person(h, 'Ana');
      pages.push(ana);
      await createTable(ana, { game: 'Stir Fry Eighteen', seats: 3, target: '50' });
      await fillWithBots(ana);
      const play = (seed: string) => playSf(seed, 3, { target: 50 }, { 0: sfCookOrEnd({ pairs: true }) });
      const seed = await chooseSeed('sf-full-game ana', async (s) => {
        const played = await play(s);
        const did = new Set(played.decisions.filter((d) => !d.bot).map((d) => d.action.type));
        return played.ended && played.decisions.filter((d) => !d.bot).length <= 18 && (['cook', 'discard-pair', 'trust', 'discard-down'] as const).every((t) => did.has(t));
      }, 2);
      const dealt = (await play(seed)).decisions.filter((d) => !d.bot).map((d) => d.action);
      h.deal(seed);
      await start(ana);
      await sf.status(ana).waitFor();

      const did = { cooked: 0, points: 0, pairs: 0, trusted: 0, discardDowns: 0, turns: 0 };
      for (let step = 0; step < 600; step++) {
        const moment = await nextMoment(ana, 60_000);
        if (moment === 'over') break;
        if (moment === 'taste') {
          await trust(ana);
          did.trusted++;
        } else if (moment === 'discard-down') {
          await discardDown(ana);
          did.discardDowns++;
        } else {
          const points = await cookBest(ana);
          if (points !== null) { did.cooked++; did.points += points; continue; }
          // No dish: an honest pair draws three more cards (the bots may taste-test it).
          const hand = await readHand(ana);
          const pair = realPair(hand);
          if (pair !== null && (await sf.pairButton(ana).getAttribute('title')) === null) {
            await select(ana, pair);
            await press(sf.pairButton(ana));
            // The two cards leave the hand when the server takes the discard.
            await waitUntil(async () => (await readHand(ana)).length !== hand.length || await sf.endHeading(ana).isVisible(),
              15_000, 'the pair to leave the hand');
            did.pairs++;
            continue;
          }
          if (await endTurn(ana)) did.discardDowns++;
          did.turns++;
        }
      }

      const heading = sf.endHeading(ana);
      await expect.poll(() => heading.isVisible(), { timeout: 60_000 }).toBe(true);
      expect(await heading.textContent()).toMatch(/won!$/);
      // Ranking with the three chefs, one of them at or past the target.
      const rows = ana.locator('table.sf-ranking tbody tr');
      expect(await rows.count()).toBe(3);
      const scores = (await ana.locator('table.sf-ranking tbody td.num').allTextContents()).map(Number);
      expect(Math.max(...scores)).toBeGreaterThanOrEqual(50);
      await expect.poll(() => ana.getByRole('heading', { name: 'Statistics' }).isVisible()).toBe(true);
      expect(await ana.getByRole('button', { name: 'Play again' }).first().isVisible()).toBe(true);
      // Under the end screen the seats stay folded in the table's bar: nothing pushes the end screen down.
      expect(await ana.locator('section.seats:visible').count(), 'the seats list shown in full').toBe(0);
      expect(await ana.locator('details.seats-folded').count()).toBe(1);
      console.log(`sf-full-game: Ana ${JSON.stringify(did)}; final scores ${scores.join(', ')}`);
      // The game of the deal, move for move. (A taste test silence answered counts as trusted all
      // the same in the game, so the trusts are not counted here.)
      const count = (type: string) => dealt.filter((a) => a.type === type).length;
      const points = dealt.reduce((n, a) => n + (a.type === 'cook' ? sfDishPoints(a.cards) : 0), 0);
      expect({ cooked: did.cooked, points: did.points, pairs: did.pairs, discardDowns: did.discardDowns, turns: did.turns }, 'Ana\'s moves in the game of the deal')
        .toEqual({ cooked: count('cook'), points, pairs: count('discard-pair'), discardDowns: count('discard-down'), turns: count('end-turn') });
      await screenshot(ana, 'sf-full-game');
    });
  }, 600_000);
});
