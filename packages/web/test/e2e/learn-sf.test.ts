/**
 * Issue 11, item 1, in Chromium: Stir Fry Eighteen's "How to play" is reachable from the lobby and
 * from a table, shows every card with its text and the options; its guided first game, played by
 * clicking as a newcomer would, in English and in Japanese (on a phone-sized window): each step's
 * text appears, a move the step does not teach is explained and not played, the game ends with the
 * newcomer's win, and no game action ever goes to the server. Screenshots at 390×844 and
 * 1440×900 (artifacts/e2e/learn-sf-*.png), each checked for sideways overflow.
 */
import { SF_CARDS, type SfCard } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SF_LESSON } from '../../src/ui/games/stir-fry-eighteen/lesson.js';
import { type Harness, createTable, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';
import { type Lang, axeProblems, clickWhenEnabled, inWords, lessonValues, newcomer, shots, step, strings } from './support/learn.js';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(shouldSkip('learn-sf'))('Stir Fry Eighteen: how to play and the guided first game', () => {
  let h: Harness;
  const pages: Page[] = [];
  const values = lessonValues(SF_LESSON);
  // The guided game is the lesson's own, played in the page; the server starts no game here
  // (the table opened for its "How to play" panel waits for players).
  beforeAll(async () => { h = await startHarness('learn-sf'); });
  afterAll(async () => { await h?.close(); });

  const runs = [['en', { width: 1440, height: 900 }], ['ja', { width: 390, height: 844 }], ['pl', { width: 1440, height: 900 }]] as const satisfies readonly (readonly [Lang, { width: number; height: number }])[];
  for (const [lang, viewport] of runs) {
    it(`the guided first game, clicked through in ${lang} at ${viewport.width}×${viewport.height}`, async () => {
      await withFailureShots(`learn-sf-${lang}`, () => pages, async () => {
        const s = strings(lang);
        const who = await newcomer(h, lang === 'ja' ? 'Kenji' : 'Nova', lang, viewport);
        const page = who.page;
        pages.push(page);
        const game = s('games.stir-fry-eighteen.name');
        // From the lobby: the game's "How to play", then its guided game.
        await page.getByRole('link', { name: s('learn.page.title', { game }), exact: true }).click();
        await page.getByRole('heading', { level: 1, name: s('learn.page.title', { game }) }).waitFor();
        await page.getByRole('link', { name: s('learn.page.guided') }).first().click();
        await page.getByRole('heading', { level: 1, name: s('learn.guided.title', { game }) }).waitFor();

        const card = (c: string) => s(`sf.cards.${c}.name`);
        const text = (id: string) => s(`learn.sf.guided.${id}.text`, inWords(values[id] ?? {}, lang, card));
        const title = (id: string) => s(`learn.sf.guided.${id}.title`, inWords(values[id] ?? {}, lang, card));
        const hand = (c: SfCard) => page.locator(`.sf-hand .sf-card-${c}`);
        const pick = async (cards: readonly SfCard[]) => {
          const seen = new Map<SfCard, number>();
          for (const c of cards) {
            const k = seen.get(c) ?? 0;
            seen.set(c, k + 1);
            const b = hand(c).nth(k);
            await b.click();
            await expect.poll(() => b.getAttribute('aria-pressed')).toBe('true');
          }
        };
        const nextStep = () => clickWhenEnabled(page, page.getByRole('button', { name: s('learn.guided.next'), exact: true }));
        const button = (name: string) => page.getByRole('button', { name: new RegExp(`^${esc(name)}`) });

        await step(page, title('welcome'), text('welcome'));
        expect(await axeProblems(page, '.learn-lesson'), 'axe: the lesson panel').toEqual([]);
        await shots(page, `learn-sf-${lang}-welcome`);
        await nextStep();

        await step(page, title('pair'), text('pair'));
        await pick(['soy-sauce', 'soy-sauce']);
        const pair = page.getByRole('button', { name: s('sf.actions.pair'), exact: true });
        await shots(page, `learn-sf-${lang}-pair`, pair);
        await clickWhenEnabled(page, pair);

        await step(page, title('protein'), text('protein'));
        await pick(['pork']);
        await clickWhenEnabled(page, button(s('sf.actions.protein')));

        await step(page, title('cook'), text('cook'));
        // The reveal of Mia's taste test is on the table: honest.
        await page.locator('.sf-reveal.honest').waitFor();
        await pick(['noodles', 'chicken', 'green-onion', 'ginger', 'mushroom']);
        await clickWhenEnabled(page, button(s('sf.actions.cookPlain')));

        await step(page, title('cooked'), text('cooked'));
        await nextStep();

        await step(page, title('test'), text('test'));
        // Trusting is a move of the game, not of this step: explained, and the prompt stays.
        await clickWhenEnabled(page, page.getByRole('button', { name: s('sf.taste.trust'), exact: true }));
        await page.locator('.learn-off', { hasText: s('learn.guided.offScript', { step: title('test') }) }).waitFor();
        const taste = page.getByRole('button', { name: s('sf.taste.test'), exact: true });
        await shots(page, `learn-sf-${lang}-taste-test`, taste);
        await clickWhenEnabled(page, taste);

        await step(page, title('caught'), text('caught'));
        await page.locator('.sf-reveal.bluff').waitFor();
        await nextStep();

        await step(page, title('bluff'), text('bluff'));
        const bluff = values.bluff as { a: { card: SfCard }; b: { card: SfCard } };
        await pick([bluff.a.card, bluff.b.card]);
        await clickWhenEnabled(page, page.getByRole('button', { name: s('sf.actions.pair'), exact: true }));

        await step(page, title('win'), text('win'));
        await pick(['noodles', 'shrimp', 'ginger', 'soy-sauce', 'green-onion']);
        await shots(page, `learn-sf-${lang}-dish`, button(s('sf.actions.cookPlain')));
        await clickWhenEnabled(page, button(s('sf.actions.cookPlain')));

        await step(page, title('end'), text('end'));
        await page.locator('#sf-end-h', { hasText: s('sf.end.youWon') }).waitFor();
        // The chart follows the real scores: from 25, 30 and 34 where the lesson begins (SF_LESSON's
        // setup), one row a turn, to 63, 30, 34.
        const chart = page.locator('.sf-chart-table');
        await chart.locator('summary').click();
        const rows = await chart.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
        expect(rows).toEqual([[25, 30, 34], [41, 30, 34], [41, 30, 34], [41, 30, 34], [63, 30, 34]]);
        expect(await chart.locator('tbody th').evaluateAll((ths) => ths.slice(1).map((th) => Number.parseInt(th.textContent ?? '', 10)))).toEqual([1, 2, 3, 4]);
        await shots(page, `learn-sf-${lang}-end`, page.getByRole('button', { name: s('learn.guided.restart') }));
        // It all ran in the browser: not one game action went to the server, and nothing broke.
        expect(who.actionsSent()).toBe(0);
        expect(who.errors).toEqual([]);
        // "Play the lesson again" starts it over.
        await page.getByRole('button', { name: s('learn.guided.restart') }).click();
        await step(page, title('welcome'), text('welcome'));
        await page.context().close();
      });
    }, 180_000);
  }

  it('how to play: from the lobby, every card and its text, the options (in English and Korean); and from a table, a panel', async () => {
    await withFailureShots('learn-sf-rules', () => pages, async () => {
      const s = strings('en');
      const who = await newcomer(h, 'Rules', 'en');
      const page = who.page;
      pages.push(page);
      const links = page.locator('.learn-links');
      await links.waitFor();
      expect(await axeProblems(page, '.learn-links'), 'axe: the lobby links').toEqual([]);
      await shots(page, 'learn-lobby-links', links.getByRole('link', { name: 'How to play Stir Fry Eighteen', exact: true }));
      await page.getByRole('link', { name: 'How to play Stir Fry Eighteen', exact: true }).click();
      await page.waitForURL(/\/learn\/stir-fry-eighteen$/);
      await page.getByRole('heading', { level: 1, name: 'How to play Stir Fry Eighteen' }).waitFor();
      const cards = page.getByRole('list', { name: s('learn.page.cardsLabel') }).getByRole('listitem');
      expect(await cards.count()).toBe(SF_CARDS.length);
      for (const c of SF_CARDS) await expect.poll(() => page.locator('.learn-cards').innerText()).toContain(s(`sf.cards.${c}.text`));
      for (const key of ['target', 'closingTime', 'meticulousChef', 'emptyPantry', 'tofu', 'firstPlayer', 'responseWindow']) {
        await page.locator('.learn-options dt', { hasText: s(`options.stir-fry-eighteen.${key}.label`) }).first().waitFor();
      }
      // Rule numbers are cited: the taste-test's own among them.
      expect(await page.locator('.rule-cite', { hasText: 'SF-17' }).count()).toBeGreaterThan(0);
      expect(await axeProblems(page, '.learn-page'), 'axe: how to play').toEqual([]);
      await shots(page, 'learn-sf-rules-en');
      // The same page in Korean: the language picker changes it in place.
      const ko = strings('ko');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ko');
      await page.getByRole('heading', { level: 1, name: ko('learn.page.title', { game: ko('games.stir-fry-eighteen.name') }) }).waitFor();
      await expect.poll(() => page.locator('.learn-cards').innerText()).toContain(ko('sf.cards.tofu.text'));
      expect(await axeProblems(page, '.learn-page'), 'axe: how to play, Korean').toEqual([]);
      await shots(page, 'learn-sf-rules-ko');
      await page.getByRole('combobox', { name: ko('app.language') }).selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'How to play Stir Fry Eighteen' }).waitFor();

      // From a table: the panel, folded, opens on the rules and links to the whole page.
      await page.getByRole('link', { name: s('table.back') }).first().click();
      await createTable(page, { game: 'Stir Fry Eighteen', seats: 2 });
      const help = page.locator('details.learn-table-help');
      await help.locator('summary', { hasText: 'How to play Stir Fry Eighteen' }).click();
      await help.getByRole('heading', { name: s('learn.sf.rules.taste.title') }).waitFor();
      expect(await axeProblems(page, '.learn-table-help'), 'axe: the table panel').toEqual([]);
      await shots(page, 'learn-sf-table-panel');
      await help.getByRole('link', { name: s('learn.links.fullPage') }).click();
      await page.waitForURL(/\/learn\/stir-fry-eighteen$/);
      expect(who.errors).toEqual([]);
      await page.context().close();
    });
  }, 120_000);
});
