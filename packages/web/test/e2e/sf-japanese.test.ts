/**
 * Issue 6, item 9 (e): switching the language picker to Japanese shows the Stir Fry Eighteen table
 * in Japanese — card names included (麺 for Noodles).
 */
import { type SfCard, SF_CARDS } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../../src/i18n/locales/ja/sf.json' with { type: 'json' };
import {
  type Harness, createTable, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { chooseSeed, sfOpening } from './support/deals.js';
import { readHand, sf, untilMyTurn } from './support/sf.js';

describe.skipIf(shouldSkip('sf-japanese'))('Stir Fry Eighteen in Japanese', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('sf-japanese'); });
  afterAll(async () => { await h?.close(); });

  it('the language picker switches the table, card names included, to Japanese', async () => {
    await withFailureShots('sf-japanese', () => pages, async () => {
      const kenji = await person(h, 'Kenji');
      pages.push(kenji);
      await createTable(kenji, { game: 'Stir Fry Eighteen', seats: 2, target: '300' });
      await fillWithBots(kenji);
      // The deal: Kenji plays first (SF-5) with Noodles in his hand, so that 麺 has a card to show on.
      h.deal(await chooseSeed('sf-japanese kenji', (s) => {
        const opening = sfOpening(s, 2, { target: 300 });
        return opening.first === 0 && opening.hands[0]!.includes('noodles');
      }, 3));
      await start(kenji);

      expect(await untilMyTurn(kenji)).toBe('act');
      const hand: SfCard[] = await readHand(kenji);
      expect(hand).toContain('noodles');

      await kenji.getByRole('combobox', { name: 'Language' }).selectOption({ label: '日本語' });
      // The picker is now named in Japanese; the page says it is Japanese.
      await kenji.getByRole('combobox', { name: '言語' }).waitFor();
      expect(await kenji.evaluate(() => document.documentElement.lang)).toBe('ja');
      const cards = kenji.getByRole('group', { name: ja.hand.title }).getByRole('button');
      await waitUntil(async () => (await cards.count()) === hand.length, 10_000, 'the hand under its Japanese title');
      const labels = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(labels).toEqual(hand.map((c) => `${ja.cards[c].name}、${cardPoints(c)}点`));
      const noodles = cards.nth(hand.indexOf('noodles'));
      expect(await noodles.getAttribute('aria-label')).toBe('麺、1点');
      expect(await noodles.locator('.sf-card-name').textContent()).toBe('麺');
      await sf.status(kenji).filter({ hasText: ja.status.yourTurn }).waitFor();
      await kenji.getByRole('button', { name: ja.actions.endTurn, exact: true }).waitFor();
      // No English card name is left on the table.
      const text = await kenji.locator('.sf').innerText();
      for (const c of SF_CARDS) expect(text).not.toContain(EN_NAMES[c]);
      await screenshot(kenji, 'sf-japanese');
    });
  }, 180_000);
});

const EN_NAMES: Record<SfCard, string> = {
  shrimp: 'Shrimp', pork: 'Pork', chicken: 'Chicken', ginger: 'Ginger', 'green-onion': 'Green Onion',
  'soy-sauce': 'Soy Sauce', mushroom: 'Mushroom', noodles: 'Noodles', tofu: 'Tofu',
};
const cardPoints = (c: SfCard): number => ({ shrimp: 6, pork: 5, chicken: 3, ginger: 2, 'green-onion': 3, 'soy-sauce': 1, mushroom: 2, noodles: 1, tofu: 7 })[c];
