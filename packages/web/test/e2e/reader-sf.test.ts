/**
 * A whole game of Stir Fry Eighteen by screen reader and keyboard, in English and in Italian: a
 * person creates a table for two (one basic bot, target 50), turns on screen reader mode and plays
 * to the end using only roles, names and key presses — cooks the best dish in hand, else ends the
 * turn, trusts every taste test, discards down when asked. Every event the server sent (the bot's
 * declarations, taste tests, dishes, draws among them) is said by the polite live region, in order;
 * each question put to the person (a turn, a taste test with its seconds) by the assertive one;
 * the reading keys read the table; the keyboard is never left on the page's body.
 */
import { type SfCard, SF_CARDS, type SfEvent } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSfEvent, type LogContext, sfSaidEvents } from '../../src/ui/games/stir-fry-eighteen/format.js';
import { chooseSeed, playSf, sfCookOrEnd } from './support/deals.js';
import { type Harness, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';
import type { Lang } from './support/learn.js';
import {
  type Reader, type Strings, expectInOrder, expectSaidInOrder, focusLost, heard, loggedMoves, tableAnimations, readKey, readerPerson, readerTable, tabStops, typeInChat, urgent, use,
} from './support/reader.js';
import { bestDish, discardDownChoice } from './support/sf.js';

const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A string's words before its first {{variable}}: what every text of that string begins with. */
const head = (x: string) => x.split('{{')[0]!;
/** The texts of a counted string, any count: its plural forms as one pattern (whole, or within a text). */
const forms = (s: Strings, key: string) => ['one', 'few', 'many', 'other'].flatMap((f) => {
  try { return [esc(s(`${key}_${f}`)).replace(esc('{{count}}'), '\\d+')]; } catch { return []; }
}).join('|');
const counted = (s: Strings, key: string) => new RegExp(`^(${forms(s, key)})$`);
const countedIn = (s: Strings, key: string) => new RegExp(`(${forms(s, key)})`);

type Moment = 'over' | 'taste' | 'discard-down' | 'act';

describe.skipIf(shouldSkip('reader-sf'))('Stir Fry Eighteen by screen reader and keyboard', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('reader-sf'); });
  afterAll(async () => { await h?.close(); });

  for (const [lang, from] of [['en', 0], ['it', 0]] as const) {
    it(`plays a whole game in ${lang}, hearing every move`, async () => {
      await withFailureShots(`reader-sf-${lang}`, () => pages, () => playWhole(h, lang, from, pages));
    }, 300_000);
  }
});

/** The log's words in `lang`, as the table builds them (util.ts useLogContext). */
function logContext(s: Strings, lang: Lang, names: readonly string[]): LogContext {
  const list = new Intl.ListFormat(lang, { type: 'conjunction' });
  return {
    t: s as unknown as LogContext['t'],
    name: (seat) => names[seat] ?? `#${seat + 1}`,
    cards: (cards) => list.format(cards.map((c) => s(`sf.cards.${c}.name`))),
    claim: (c) => s(`sf.claims.${c}`),
  };
}

async function playWhole(h: Harness, lang: Lang, from: number, pages: Page[]): Promise<void> {
  // A short game in which I cook, and the bot declares (so that I am asked to taste-test).
  const play = (seed: string) => playSf(seed, 2, { target: 50 }, { 0: sfCookOrEnd() });
  const seed = await chooseSeed(`reader-sf ${lang}`, async (x) => {
    const played = await play(x);
    const mine = played.decisions.filter((d) => !d.bot);
    return played.ended && mine.length <= 24 && mine.some((d) => d.action.type === 'cook') && mine.some((d) => d.action.type === 'trust');
  }, from);
  const expected = (await play(seed)).decisions.filter((d) => !d.bot).map((d) => d.action.type);
  h.deal(seed);

  const me = lang === 'en' ? 'Ana' : 'Alba';
  const r = await readerPerson(h, me, lang);
  pages.push(r.page);
  const { page, s } = r;
  const names = [me, `${s('table.botLevel.basic')} 2`];
  const ctx = logContext(s, lang, names);
  await readerTable(r, 'stir-fry-eighteen', '50');

  const cardOf = new Map<string, SfCard>(SF_CARDS.map((c) => [s(`sf.cards.${c}.name`), c]));
  const handButtons = page.getByRole('group', { name: s('sf.hand.title'), exact: true }).getByRole('button');
  const readHand = async (): Promise<SfCard[]> => (await handButtons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')))
    .map((label) => cardOf.get(label.slice(0, label.lastIndexOf(lang === 'ja' ? '、' : ',')))!);
  const endTurn = page.getByRole('group', { name: s('sf.actions.title') }).getByRole('button', { name: s('sf.actions.endTurn'), exact: true });
  const prompt = page.getByRole('alertdialog', { name: s('sf.taste.title') });
  const downButton = page.getByRole('button', { name: counted(s, 'sf.actions.discardDownConfirm') });
  const over = page.getByRole('status').filter({ hasText: s('sf.status.over') });

  const nextMoment = async (): Promise<Moment> => {
    let found: Moment | null = null;
    await waitUntil(async () => {
      if (await over.count() > 0) found = 'over';
      else if (await prompt.isVisible()) found = 'taste';
      else if (await downButton.isVisible()) found = 'discard-down';
      else if (await endTurn.isVisible() && await endTurn.isEnabled()) found = 'act';
      return found !== null;
    }, 60_000, 'this seat to be asked something, or the end');
    return found!;
  };
  const lastSeq = () => loggedMoves(r.sent, 0).at(-1)?.seq ?? -1;
  const select = async (positions: readonly number[]) => {
    for (const i of positions) {
      const card = handButtons.nth(i);
      await use(card);
      await waitUntil(async () => (await card.getAttribute('aria-pressed')) === 'true', 5_000, `card ${i} selected`);
    }
  };

  const did: string[] = [];
  let urgentSeen = 0;
  let turnsSaid = 0;
  let read = false;
  for (let step = 0; step < 300; step++) {
    const moment = await nextMoment();
    if (moment === 'over') break;
    const seq = lastSeq();
    if (moment === 'taste') {
      // The window was said at once: its question and its seconds.
      let asked = '';
      await waitUntil(async () => {
        const said = await urgent(page);
        asked = said.slice(urgentSeen).find((x) => x.startsWith(s('sf.taste.title'))) ?? '';
        if (asked !== '') urgentSeen = said.length;
        return asked !== '';
      }, 10_000, 'the taste test to be said');
      expect(asked).toMatch(countedIn(s, 'reader.secondsLeft'));
      await use(prompt.getByRole('button', { name: s('sf.taste.trust'), exact: true }));
      await prompt.waitFor({ state: 'detached' });
      did.push('trust');
      continue;
    }
    if (moment === 'discard-down') {
      const hand = await readHand();
      await select(discardDownChoice(hand));
      await use(downButton);
      did.push('discard-down');
    } else {
      // My turn was said at once (once a turn: a move within it says nothing new).
      if (turnsSaid === 0) {
        await waitUntil(async () => (await urgent(page)).some((x) => x.startsWith(s('sf.status.yourTurn'))), 10_000, 'my turn to be said');
      }
      turnsSaid++;
      if (!read) {
        await endTurn.focus();
        await readTheTable(page, r);
        await typeInChat(page, s, 'hello all');
        read = true;
      }
      const hand = await readHand();
      const dish = bestDish(hand);
      if (dish !== null) {
        await select(dish.positions);
        const cook = page.getByRole('button', { name: s('sf.actions.cook', { count: dish.points }), exact: true });
        await waitUntil(() => cook.isEnabled(), 5_000, 'the Cook button');
        await use(cook);
        did.push('cook');
      } else {
        await use(endTurn);
        did.push('end-turn');
      }
    }
    await waitUntil(async () => lastSeq() > seq, 15_000, 'the move to be taken');
    await waitUntil(async () => !(await focusLost(page)), 5_000, 'the keyboard to stay on the table');
    // Screen reader mode keeps the table still: no card travels, no CSS animation plays on it.
    expect(await tableAnimations(page), 'animations at the table').toEqual([]);
  }
  await over.first().waitFor();
  // The game of the deal, move for move (a taste test the window closed on counts as trusted in the game as well).
  expect(did.filter((x) => x !== 'trust')).toEqual(expected.filter((x) => x !== 'trust'));

  // Every event the server sent, in the log's words (one line each, as the log says them), was said in order.
  const moves = loggedMoves(r.sent, 0);
  expect(moves.filter((m) => m.history !== null).map((m) => m.seq)).toEqual([0]);
  const log: { event: SfEvent; bot: boolean }[] = [];
  for (const m of moves) {
    if (m.history !== null) log.splice(0, log.length, ...m.history.map((e) => ({ event: e as SfEvent, bot: false })));
    else log.push(...m.events.map((e) => ({ event: e as SfEvent, bot: m.by === 'bot' })));
  }
  const saidMask = sfSaidEvents(log.map((l) => l.event));
  const lineOf = (i: number) => (saidMask[i] ? formatSfEvent(log[i]!.event, ctx) : null);
  const lines = log.flatMap((_, i) => { const x = lineOf(i); return x === null ? [] : [x]; });
  const botLines = log.flatMap((l, i) => { const x = l.bot ? lineOf(i) : null; return x === null ? [] : [x]; });
  expect(botLines.length).toBeGreaterThan(5);
  // The bot's declarations are among them: what was declared, never what was put down.
  expect(log.some((l) => l.bot && l.event.type === 'declare')).toBe(true);
  const all = await heard(page);
  expectSaidInOrder(all, botLines, 'the bot\'s moves');
  expectSaidInOrder(all, lines, 'the game\'s events');
  for (const line of new Set(lines)) expect(all.filter((x) => x === line).length, `"${line}"`).toBe(lines.filter((x) => x === line).length);
  // Each taste test I was asked was said once, with its seconds (the countdown's marks say only the seconds).
  const asked = await urgent(page);
  const tests = asked.filter((x) => x.startsWith(s('sf.taste.title')));
  expect(tests.length).toBe(did.filter((x) => x === 'trust').length);
  expect(r.errors).toEqual([]);
  console.log(`reader-sf ${lang}: ${did.length} moves (${did.join(' ')}), ${lines.length} lines of the game said (${botLines.length} of the bot's moves), ${all.length} polite lines in all`);
  await screenshot(page, `reader-sf-${lang}`, 'window');
}

/** At my first turn: every reading key reads its part of the table, in the page's language. */
async function readTheTable(page: Page, r: Reader): Promise<void> {
  const { s } = r;
  expect(await readKey(page, 'h')).toMatch(new RegExp(`^${esc(s('sf.hand.title'))} `));
  expect(await readKey(page, 's')).toContain(s('sf.target', { target: 50 }));
  const table = await readKey(page, 't');
  expect(table).toContain(head(s('sf.drawPile')));
  expect(table).toContain(s('sf.table.title'));
  expect((await readKey(page, 'l')).length).toBeGreaterThan(0);
  const odds = await readKey(page, 'o');
  expect(odds.startsWith(s('sf.reader.bestDish')) || odds === s('sf.reader.noDish'), odds).toBe(true);
  expect(await readKey(page, 'Shift+?')).toContain(`O: ${s('reader.key.odds')}`);
  // Tab from "End turn": the keys, the log, the chat — in this order.
  await page.getByRole('group', { name: s('sf.actions.title') }).getByRole('button', { name: s('sf.actions.endTurn'), exact: true }).focus();
  const stops = await tabStops(page, 8);
  expectInOrder(stops, [s('reader.keys'), s('sf.log.title'), s('table.chatPlaceholder')], 'Tab from End turn');
  // Nothing on the way drops the keyboard onto the page's body.
  expect(stops.slice(0, stops.findIndex((x) => x.includes(s('table.chatPlaceholder'))))).not.toContain('(body)');
  await page.getByRole('group', { name: s('sf.actions.title') }).getByRole('button', { name: s('sf.actions.endTurn'), exact: true }).focus();
}
