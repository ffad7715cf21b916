/**
 * Issue 11, item 1, in Chromium: Flip 7's "How to play" is reachable from the lobby and from a
 * table, shows every card with its text and the option; its guided first game, played by clicking as
 * a newcomer would, in English and in Polish (on a phone-sized window): each step's text appears, a
 * move the step does not teach is explained and not played, the game ends with the newcomer's win,
 * and no game action ever goes to the server. Screenshots at 390×844 and 1440×900
 * (artifacts/e2e/learn-f7-*.png), each checked for sideways overflow.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { F7_LESSON } from '../../src/ui/games/flip-7/lesson.js';
import { type Harness, createTable, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';
import { type Lang, axeProblems, clickWhenEnabled, inWords, lessonValues, newcomer, shots, step, strings } from './support/learn.js';

describe.skipIf(shouldSkip('learn-f7'))('Flip 7: how to play and the guided first game', () => {
  let h: Harness;
  const pages: Page[] = [];
  const values = lessonValues(F7_LESSON);
  // The guided game is the lesson's own, played in the page; the server starts no game here
  // (the table opened for its "How to play" panel waits for players).
  beforeAll(async () => { h = await startHarness('learn-f7'); });
  afterAll(async () => { await h?.close(); });

  const runs = [['en', { width: 1440, height: 900 }], ['pl', { width: 390, height: 844 }]] as const satisfies readonly (readonly [Lang, { width: number; height: number }])[];
  for (const [lang, viewport] of runs) {
    it(`the guided first game, clicked through in ${lang} at ${viewport.width}×${viewport.height}`, async () => {
      await withFailureShots(`learn-f7-${lang}`, () => pages, async () => {
        const s = strings(lang);
        const who = await newcomer(h, lang === 'pl' ? 'Ola' : 'Nova', lang, viewport);
        const page = who.page;
        pages.push(page);
        const game = s('games.flip-7.name');
        // From the lobby straight to the guided game.
        await page.getByRole('link', { name: s('learn.guided.title', { game }), exact: true }).click();
        await page.getByRole('heading', { level: 1, name: s('learn.guided.title', { game }) }).waitFor();

        const card = (c: string) => c;
        const text = (id: string) => s(`learn.f7.guided.${id}.text`, inWords(values[id] ?? {}, lang, card));
        const title = (id: string) => s(`learn.f7.guided.${id}.title`, inWords(values[id] ?? {}, lang, card));
        const hit = () => clickWhenEnabled(page, page.locator('.f7-dock button.f7-hit'));
        const nextStep = () => clickWhenEnabled(page, page.getByRole('button', { name: s('learn.guided.next'), exact: true }));
        const line = (seat: number) => page.locator('.f7-players > li').nth(seat).locator('.f7-line');

        await step(page, title('welcome'), text('welcome'));
        expect(await axeProblems(page, '.learn-lesson'), 'axe: the lesson panel').toEqual([]);
        await shots(page, `learn-f7-${lang}-welcome`);
        await nextStep();

        await step(page, title('hit'), text('hit'));
        // Stay is a move of the game, not of this step: explained, and nothing happens.
        await clickWhenEnabled(page, page.locator('.f7-dock button.f7-stay'));
        await page.locator('.learn-off', { hasText: s('learn.guided.offScript', { step: title('hit') }) }).waitFor();
        await shots(page, `learn-f7-${lang}-off-script`, page.locator('.f7-dock button.f7-hit'));
        expect(await line(0).locator('li').count()).toBe(1);
        await hit();

        await step(page, title('again'), text('again'));
        await hit();

        await step(page, title('keep'), text('keep'));
        await clickWhenEnabled(page, page.getByRole('button', { name: s('f7.action.giveSelf', { card: s('f7.card.second-chance') }) }));

        await step(page, title('risk'), text('risk'));
        await hit();

        await step(page, title('push'), text('push'));
        await hit();

        await step(page, title('busted'), text('busted'));
        await page.locator('.f7-summary').waitFor();
        await shots(page, `learn-f7-${lang}-busted`, page.getByRole('button', { name: s('learn.guided.next'), exact: true }));
        await nextStep();

        await step(page, title('freeze'), text('freeze'));
        await hit();

        await step(page, title('give'), text('give'));
        const toLeo = page.getByRole('button', { name: s('f7.action.giveTo', { card: s('f7.card.freeze'), name: s('learn.guided.bots.leo') }) });
        await shots(page, `learn-f7-${lang}-give`, toLeo);
        await clickWhenEnabled(page, toLeo);

        await step(page, title('double'), text('double'));
        await hit();

        await step(page, title('stay'), text('stay'));
        await clickWhenEnabled(page, page.locator('.f7-dock button.f7-stay'));

        await step(page, title('end'), text('end'));
        await page.locator('.f7-end .f7-winner', { hasText: s('f7.end.youWon') }).waitFor();
        await shots(page, `learn-f7-${lang}-end`);
        expect(who.actionsSent()).toBe(0);
        expect(who.errors).toEqual([]);
        await page.context().close();
      });
    }, 180_000);
  }

  it('how to play: from the lobby, every card and its text, the option (in English and Italian); and from a table, a panel', async () => {
    await withFailureShots('learn-f7-rules', () => pages, async () => {
      const s = strings('en');
      const who = await newcomer(h, 'Rules', 'en');
      const page = who.page;
      pages.push(page);
      await page.getByRole('link', { name: 'How to play Flip 7', exact: true }).click();
      await page.waitForURL(/\/learn\/flip-7$/);
      await page.getByRole('heading', { level: 1, name: 'How to play Flip 7' }).waitFor();
      expect(await page.getByRole('list', { name: s('learn.f7.cards.numbersTitle') }).locator(':scope > li').count()).toBe(13);
      const body = await page.locator('.learn-rules').innerText();
      for (const key of ['freeze', 'flip-three', 'second-chance', 'x2']) expect(body).toContain(s(`learn.f7.cards.${key}`));
      for (const count of [2, 4, 6, 8, 10]) expect(body).toContain(s('learn.f7.cards.plus', { count }));
      await page.locator('.learn-options dt', { hasText: s('options.flip-7.target.label') }).waitFor();
      expect(await page.locator('.rule-cite', { hasText: 'F7-11a' }).count()).toBeGreaterThan(0);
      expect(await axeProblems(page, '.learn-page'), 'axe: how to play').toEqual([]);
      await shots(page, 'learn-f7-rules-en');
      // The same page in Italian.
      const it = strings('it');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('it');
      await page.getByRole('heading', { level: 1, name: it('learn.page.title', { game: 'Flip 7' }) }).waitFor();
      expect(await page.locator('.learn-rules').innerText()).toContain(it('learn.f7.cards.second-chance'));
      expect(await axeProblems(page, '.learn-page'), 'axe: how to play, Italian').toEqual([]);
      await shots(page, 'learn-f7-rules-it');
      await page.getByRole('combobox', { name: it('app.language') }).selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'How to play Flip 7' }).waitFor();

      await page.getByRole('link', { name: s('table.back') }).first().click();
      await createTable(page, { game: 'Flip 7', seats: 2 });
      const help = page.locator('details.learn-table-help');
      await help.locator('summary', { hasText: 'How to play Flip 7' }).click();
      await help.getByRole('heading', { name: s('learn.f7.rules.scoring.title') }).waitFor();
      await help.getByRole('link', { name: s('learn.guided.title', { game: 'Flip 7' }) }).click();
      await page.waitForURL(/\/learn\/flip-7\/guided$/);
      await page.locator('.learn-lesson h2', { hasText: s('learn.f7.guided.welcome.title') }).waitFor();
      expect(who.errors).toEqual([]);
      await page.context().close();
    });
  }, 120_000);
});
