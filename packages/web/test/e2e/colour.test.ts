/**
 * Colour is never the only signal, and a table keeps still when asked to (Chromium):
 *  - every card kind of both games, in the rules pages' galleries and in a hand or line at the
 *    table, has an accessible name and a visible label of its own (two kinds never share either:
 *    a colour is never all that tells them apart, whatever the colours look like to a person with
 *    protanopia or deuteranopia);
 *  - in forced colours (a high-contrast theme) every card and badge keeps its edge;
 *  - with prefers-reduced-motion: reduce, after moves at both tables no animation moves anything
 *    (no card travels, nothing shakes or flies), while without it the same tables do move (so the
 *    check can fail);
 *  - screenshots of the galleries and both tables under simulated protanopia, deuteranopia and in
 *    forced colours: artifacts/e2e/colour/.
 * The games are against basic bots on the file's own deals (`e2e colour 1` and `2`): any deal
 * does, the cards and moves are read from the page.
 */
import { F7_DECK_COUNTS, SF_CARDS } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import { cardFaces, colourShots, edgeless, faceProblems, recordMotion, runningMotion, takeMoving } from './support/colour.js';
import { type Harness, person, settled, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';
import { decide, nextMoment as f7Moment } from './f7-support.js';
import { cookBest, endTurn, untilMyTurn } from './support/sf.js';

/** How many moves of mine each table plays with reduced motion before the check. */
const STILL_MOVES = 3;

describe.skipIf(shouldSkip('colour'))('Colour never the only signal; still tables for reduced motion', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness('colour'); });
  afterAll(async () => { await h?.close(); });

  /** A person of their own for each table (a game left running would be played on by a stand-in), at the fast pace, muted. */
  async function player(name: string): Promise<Page> {
    const page = await person(h, name);
    await page.evaluate(() => localStorage.setItem('parlor.settings', JSON.stringify({ pace: 'fast', muted: true })));
    return page;
  }

  it('every card kind has its own name and label in the galleries; cards keep their edge in forced colours', async () => {
    const page = await player('Iris');
    await withFailureShots('colour-galleries', () => [page], async () => {
      await page.goto(`${h.server.url}/learn/stir-fry-eighteen`);
      await recordMotion(page);
      const sfCards = page.locator('.learn-cards.sf .sf-slot');
      await waitUntil(async () => (await sfCards.count()) === SF_CARDS.length, 15_000, 'the Stir Fry Eighteen gallery');
      await settled(page);
      const sfFaces = await cardFaces(page, '.learn-cards.sf .sf-slot', 'sf-ing-');
      expect(sfFaces.map((f) => f.kind).sort()).toEqual([...SF_CARDS].sort());
      expect(faceProblems(sfFaces), 'Stir Fry Eighteen gallery').toEqual([]);
      expect(await edgeless(page, '.learn-cards.sf .sf-card'), 'SF cards in forced colours').toEqual([]);
      await colourShots(page, 'sf-gallery');

      await page.goto(`${h.server.url}/learn/flip-7`);
      await recordMotion(page);
      const kinds = Object.keys(F7_DECK_COUNTS).length;
      const f7Cards = page.locator('.learn-f7-cards .f7-card');
      await waitUntil(async () => (await f7Cards.count()) === kinds, 15_000, 'the Flip 7 gallery');
      await settled(page);
      const f7Faces = await cardFaces(page, '.learn-f7-cards .f7-card', 'f7-c-');
      expect(new Set(f7Faces.map((f) => f.kind)).size).toBe(kinds);
      expect(faceProblems(f7Faces), 'Flip 7 gallery').toEqual([]);
      expect(await edgeless(page, '.learn-f7-cards .f7-card'), 'F7 cards in forced colours').toEqual([]);
      await colourShots(page, 'f7-gallery');
    });
  }, 120_000);

  it('Flip 7 against bots: cards told apart at the table; with reduced motion nothing moves', async () => {
    const page = await player('Juno');
    await withFailureShots('colour-f7', () => [page], async () => {
      await page.goto(h.server.url);
      await recordMotion(page);
      await page.getByRole('button', { name: `${en.home.playBots}: Flip 7` }).click();
      await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      await page.locator('.f7-players').waitFor();
      // Without reduced motion the table moves (cards travel from the deck): the record sees it.
      await takeMoving(page);
      await playF7Until(page, async () => (await takeMoving(page)).length > 0, 'a card to travel');

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await settled(page);
      await takeMoving(page);
      const log = page.locator('.f7-log-box li');
      const before = await log.count();
      let moves = 0;
      await playF7Until(page, async () => ++moves > STILL_MOVES, `${STILL_MOVES} moves`);
      // Cards were flipped meanwhile: there was something to move.
      expect(await log.count(), 'the game went on').toBeGreaterThan(before);
      expect(await takeMoving(page), 'animations that moved with reduced motion (Flip 7)').toEqual([]);
      expect(await runningMotion(page), 'moving animations running with reduced motion (Flip 7)').toEqual([]);

      const faces = await cardFaces(page, '.f7-players .f7-card:not(.is-repeated)', 'f7-c-');
      expect(faces.length).toBeGreaterThan(0);
      expect(faceProblems(faces), 'Flip 7 table').toEqual([]);
      expect(await edgeless(page, '.f7-players .f7-card, .f7-players .badge'), 'F7 table in forced colours').toEqual([]);
      await colourShots(page, 'f7-table', 'window');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    });
  }, 240_000);

  it('Stir Fry Eighteen against bots: cards told apart in the hand; with reduced motion nothing moves', async () => {
    const page = await player('Kit');
    await withFailureShots('colour-sf', () => [page], async () => {
      await page.goto(h.server.url);
      await recordMotion(page);
      await page.getByRole('button', { name: `${en.home.playBots}: Stir Fry Eighteen` }).click();
      await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      await page.locator('.sf-hand').waitFor();
      await takeMoving(page);
      expect(await playSfUntil(page, async () => (await takeMoving(page)).length > 0), 'a card travelled before the game ended').toBe('done');
      // My turn: a full hand to read.
      const faces = await cardFaces(page, '.sf-hand .sf-slot', 'sf-ing-');
      expect(faces.length).toBeGreaterThan(0);
      expect(faceProblems(faces), 'Stir Fry Eighteen hand').toEqual([]);

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await settled(page);
      await takeMoving(page);
      const log = page.locator('.sf-log li');
      const before = await log.count();
      let moves = 0;
      // My next turns, or the end of the game if it comes first.
      await playSfUntil(page, async () => ++moves > STILL_MOVES);
      expect(await log.count(), 'the game went on').toBeGreaterThan(before);
      expect(await takeMoving(page), 'animations that moved with reduced motion (Stir Fry Eighteen)').toEqual([]);
      expect(await runningMotion(page), 'moving animations running with reduced motion (Stir Fry Eighteen)').toEqual([]);

      expect(await edgeless(page, '.sf .sf-card:not(.back), .sf .badge'), 'SF table in forced colours').toEqual([]);
      await colourShots(page, 'sf-table', 'window');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    });
  }, 240_000);
});

/** Plays Flip 7 as a simple player (hit below 15) until `done` says so, checked before each of my decisions. */
async function playF7Until(page: Page, done: () => Promise<boolean>, what: string): Promise<void> {
  for (let step = 0; step < 200; step++) {
    const m = await f7Moment(page, 60_000);
    if (await done()) return;
    if (m === 'over') throw new Error(`the game ended before ${what}`);
    await decide(page, m);
    await waitUntil(async () => (await page.locator('.f7-controls[aria-busy="true"]').count()) === 0, 30_000, 'the move to be taken');
  }
  throw new Error(`no ${what} in 200 decisions`);
}

/**
 * Plays Stir Fry Eighteen (trusting every taste test, cooking the best dish, else ending the turn)
 * until `done` says so, checked at the start of each of my turns ('done'), or the game ends ('over').
 */
async function playSfUntil(page: Page, done: () => Promise<boolean>): Promise<'done' | 'over'> {
  for (let step = 0; step < 100; step++) {
    if ((await untilMyTurn(page, 60_000)) === 'over') return 'over';
    if (await done()) return 'done';
    if ((await cookBest(page)) === null) await endTurn(page);
    else if ((await untilMyTurn(page, 60_000)) === 'act') await endTurn(page);
  }
  throw new Error('no end in 100 turns');
}
