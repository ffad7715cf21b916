/**
 * A whole game of Flip 7 by screen reader and keyboard, in English and in Italian: a person creates
 * a table for two (one basic bot, target 100), turns on screen reader mode, and plays to the end
 * using only roles, names and key presses. Every event of the game the server sent — each of the
 * bot's moves among them — is said by the table's polite live region, in order; each decision of
 * the person's is said by the assertive one before it is taken; the reading keys read the table;
 * letters typed in the chat read nothing; the keyboard is never left on the page's body.
 */
import type { F7Event } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatF7Event, type Translate } from '../../src/ui/games/flip-7/text.js';
import { chooseSeed, f7Simple, playF7 } from './support/deals.js';
import { type Harness, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';
import type { Lang } from './support/learn.js';
import {
  type Reader, expectInOrder, expectSaidInOrder, focusLost, heard, logOf, loggedMoves, tableAnimations, readKey, readerPerson, readerTable, tabStops, typeInChat, urgent, use,
} from './support/reader.js';

const STAY_AT = 15;
const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A string's words before its first {{variable}}: what every text of that string begins with. */
const head = (x: string) => x.split('{{')[0]!;

type Moment = 'give' | 'move' | 'over';

describe.skipIf(shouldSkip('reader-f7'))('Flip 7 by screen reader and keyboard', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('reader-f7'); });
  afterAll(async () => { await h?.close(); });

  for (const [lang, from] of [['en', 0], ['it', 0]] as const) {
    it(`plays a whole game in ${lang}, hearing every move`, async () => {
      await withFailureShots(`reader-f7-${lang}`, () => pages, () => playWhole(h, lang, from, pages));
    }, 240_000);
  }
});

async function playWhole(h: Harness, lang: Lang, from: number, pages: Page[]): Promise<void> {
  // A short game (few decisions of mine) with an action card for me to give.
  const play = (seed: string) => playF7(seed, 2, 100, { 0: f7Simple(STAY_AT) });
  const seed = await chooseSeed(`reader-f7 ${lang}`, async (x) => {
    const played = await play(x);
    return played.ended && played.decisions.length <= 30 && played.decisions.some((d) => d.kind === 'give');
  }, from);
  const expected = await play(seed);
  h.deal(seed);

  const r = await readerPerson(h, lang === 'en' ? 'Ana' : 'Alba', lang);
  pages.push(r.page);
  const { page, s } = r;
  const t = s as unknown as Translate;
  const names = [lang === 'en' ? 'Ana' : 'Alba', `${s('table.botLevel.basic')} 2`];
  await readerTable(r, 'flip-7', '100');

  const hitName = new RegExp(`^(${esc(s('f7.action.hit'))}|${esc(s('f7.action.take'))})`);
  const stayName = new RegExp(`^${esc(s('f7.action.stay'))}`);
  const receivers = page.getByRole('group', { name: new RegExp(`^${esc(head(s('f7.action.receivers')))}`) });
  const over = page.getByRole('heading', { name: s('f7.end.title'), exact: true });
  const asks = { move: [head(s('f7.turn.yourTurn')), head(s('f7.turn.yourDeal'))], give: [head(s('f7.turn.yourGive')), head(s('f7.turn.yourGiveSetAside'))] };

  const nextMoment = async (): Promise<Moment> => {
    let found: Moment | null = null;
    await waitUntil(async () => {
      if (await over.isVisible()) found = 'over';
      else if (await receivers.getByRole('button').count() > 0) found = 'give';
      else if (await page.getByRole('button', { name: stayName }).count() > 0) found = 'move';
      return found !== null;
    }, 60_000, 'a decision or the end');
    return found!;
  };
  const lastSeq = () => loggedMoves(r.sent, 0).at(-1)?.seq ?? -1;

  let decisions = 0;
  let gives = 0;
  let urgentSeen = 0;
  let read = false;
  for (let step = 0; step < 200; step++) {
    const moment = await nextMoment();
    if (moment === 'over') break;
    // The decision was said at once, with its question, before anything is pressed.
    await waitUntil(async () => (await urgent(page)).length > urgentSeen, 10_000, 'the decision to be said');
    const said = await urgent(page);
    urgentSeen = said.length;
    expect(asks[moment].some((q) => said.at(-1)!.startsWith(q)), `"${said.at(-1)}" asks a ${moment}`).toBe(true);
    const seq = lastSeq();
    if (moment === 'give') {
      const buttons = receivers.getByRole('button');
      const n = await buttons.count();
      await use(buttons.nth(n > 1 ? n - 1 : 0));
      gives++;
    } else {
      const stay = page.getByRole('button', { name: stayName });
      const hit = page.getByRole('button', { name: hitName });
      if (!read) {
        await readTheTable(page, r, names);
        await typeInChat(page, s, 'hello all');
        read = true;
      }
      const points = Number(/(\d+)/.exec((await stay.textContent()) ?? '')?.[1] ?? NaN);
      expect(Number.isNaN(points)).toBe(false);
      if ((points < STAY_AT && await hit.isEnabled()) || !(await stay.isEnabled())) await use(hit);
      else await use(stay);
    }
    decisions++;
    await waitUntil(async () => lastSeq() > seq, 15_000, 'the move to be taken');
    await waitUntil(async () => !(await focusLost(page)), 5_000, 'the keyboard to stay on the table');
    // Screen reader mode keeps the table still: no card travels, no CSS animation plays on it.
    expect(await tableAnimations(page), 'animations at the table').toEqual([]);
  }
  await over.waitFor();
  expect({ decisions, gives }).toEqual({ decisions: expected.decisions.length, gives: expected.decisions.filter((d) => d.kind === 'give').length });

  // Every event the server sent, in the words of the log, was said in order: the bot's moves, mine, the deals and the round ends.
  const moves = loggedMoves(r.sent, 0);
  // Only the game's first message carries its history (the opening deal): no reconnection here.
  expect(moves.filter((m) => m.history !== null).map((m) => m.seq)).toEqual([0]);
  const say = (events: readonly { type: string }[]) => events.flatMap((e) => { const x = formatF7Event(e as F7Event, names, t); return x === null ? [] : [x]; });
  const lines = say(logOf(moves));
  const botLines = say(moves.filter((m) => m.by === 'bot').flatMap((m) => m.events));
  expect(botLines.length).toBeGreaterThan(5);
  const all = await heard(page);
  expectSaidInOrder(all, botLines, 'the bot\'s moves');
  expectSaidInOrder(all, lines, 'the game\'s events');
  // Said once each: no line of the game is said more often than the game has it.
  for (const line of new Set(lines)) expect(all.filter((x) => x === line).length, `"${line}"`).toBe(lines.filter((x) => x === line).length);
  expect(all.at(-1)).toBe(lines.at(-1));
  expect(r.errors).toEqual([]);
  console.log(`reader-f7 ${lang}: ${decisions} decisions (${gives} gives), ${lines.length} lines of the game said (${botLines.length} of the bot's moves), ${all.length} polite lines in all`);
  await screenshot(page, `reader-f7-${lang}`, 'window');
}

/** At the first hit-or-stay: every reading key reads its part of the table, in the page's language. */
async function readTheTable(page: Page, r: Reader, names: readonly string[]): Promise<void> {
  const { s } = r;
  expect(await readKey(page, 'h')).toMatch(new RegExp(`^${esc(s('f7.line.cards', { name: names[0]! }))}: `));
  const scores = await readKey(page, 's');
  expect(scores).toContain(s('f7.line.progress', { name: names[1]!, total: 0, target: 100 }).split(':')[0]!);
  const table = await readKey(page, 't');
  expect(table).toContain(s('f7.info.round', { round: 1 }));
  expect(table).toContain(s('f7.line.cards', { name: names[1]! }));
  expect((await readKey(page, 'l')).length).toBeGreaterThan(0);
  expect(await readKey(page, 'o')).toMatch(new RegExp(`^${esc(head(s('f7.hint.bust')))}`));
  expect(await readKey(page, 'Shift+?')).toContain(`H: ${s('reader.key.hand')}`);
  // The list of keys is on the page, opened by "?".
  await page.getByText(s('reader.keysIntro')).waitFor();
  // Tab from the decision: the other choice, the hint, the keys, the log, the chat — in this order.
  await page.getByRole('button', { name: new RegExp(`^(${esc(s('f7.action.hit'))}|${esc(s('f7.action.take'))})`) }).focus();
  const stops = await tabStops(page, 10);
  expectInOrder(stops, [s('f7.action.stay'), s('f7.hint.show'), s('reader.keys'), s('f7.log.title'), s('table.chatPlaceholder')], 'Tab from Hit');
  // Nothing on the way drops the keyboard onto the page's body.
  expect(stops.slice(0, stops.findIndex((x) => x.includes(s('table.chatPlaceholder'))))).not.toContain('(body)');
  // Back to the decision.
  await page.getByRole('button', { name: new RegExp(`^${esc(s('f7.action.stay'))}`) }).focus();
}
