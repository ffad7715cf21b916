/**
 * Issue 11 (items 3, 4, 5, 6, 7) for the Flip 7 table: a whole game on a phone (390x844, touch,
 * seven players: compact rows) and on a desktop (1440x900, three players), each played to the end
 * screen by a simple player. At every decision: nothing scrolls sideways and no card's text leaves
 * its card (f7-support layoutProblems), the move timer's pill is one line, the control asked for is
 * on screen and not covered; axe-core reports nothing with a decision open (hit/stay and the give
 * picker), with a round summary on screen and on the end screen; the round summary's Round and Total
 * columns are inside the window; the round's end is said in the action bar and no flash covers it;
 * a card's tooltip opens on a long press or keyboard focus, never on a plain tap, inside the window
 * (the leftmost and the rightmost card of the lines; the card to give, a Tab stop of its own, by
 * keyboard on the desktop); each round's end is shown as a moment of its own and then gives way to
 * the next; cards travel from the deck and turn over as they land, and nothing moves under
 * prefers-reduced-motion (no travel, no CSS animation of the table's but a flash's fade). Then a phone
 * played until an action card is the player's to give: the card to give and the card set aside during
 * a Flip Three on the way show their text on a long press and on keyboard focus, as its description,
 * never on a tap, inside the window. Screenshots in artifacts/e2e/f7-table-*.png.
 *
 * Each game plays a deal chosen for what its test looks at (below): the rules package plays it first
 * with the test's way of choosing (support/deals.ts; the bots are basic bots, which choose by what
 * they see), so that the moments to look at (a card to give, a round's summary, a Flip Three's
 * set-aside card) come in every run, soon. The phones' pages run on Playwright's clock: a finger rests
 * on a card while the page's time moves on, and a plain tap is followed by as much of the page's time
 * as a long press takes before "no tooltip" is checked.
 */
import type { F7Action } from '@parlor/rules';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations } from './support/axe.js';
import { type F7Policy, chooseSeed, enough, f7SetAsideShown, f7Simple, playF7 } from './support/deals.js';
import { type Harness, createTable, fillWithBots, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';
import type { ServerTime } from './support/time.js';
import {
  type Moment, type Pace, cssMotion, decide, descriptionOf, expectTidy, f7Player, moments, nextMoment, notes, playUntil, setLang, settle, shoot, strings, travels, webRoot,
} from './f7-support.js';

const en = strings('en');

/** Whether the centre of `loc` is on screen and the element drawn there is it (or inside it): nothing covers it. */
async function reachable(page: Page, loc: Locator): Promise<string | null> {
  return loc.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.width === 0 || x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return `off screen at ${Math.round(x)},${Math.round(y)}`;
    const top = document.elementFromPoint(x, y);
    return top !== null && (el === top || el.contains(top)) ? null : `covered by ${top?.tagName.toLowerCase()}.${String(top?.className)}`;
  });
}

/** axe-core on the Flip 7 screen (the page's header and shell are other tests' business). */
async function axeClean(page: Page, where: string): Promise<void> {
  expect(formatViolations(await axeViolations(page, { include: '.f7' })), `axe: ${where}`).toEqual([]);
}

/** The tooltip on screen, if any: its text and whether it lies inside the window. */
async function tooltip(page: Page): Promise<{ text: string; inside: boolean } | null> {
  return page.evaluate(() => {
    const tip = document.querySelector<HTMLElement>('[role="tooltip"]');
    if (tip === null || tip.style.visibility === 'hidden') return null;
    const r = tip.getBoundingClientRect();
    return { text: tip.textContent ?? '', inside: r.left >= 0 && r.top >= 0 && r.right <= document.documentElement.clientWidth && r.bottom <= window.innerHeight };
  });
}

/** How much of a page's time a finger rests on a card for a long press: past CardTip's 450 ms. */
const PRESS_MS = 700;

/**
 * A finger resting on `loc` (touch events through the DevTools protocol) while the page's clock
 * moves PRESS_MS on, then lifted.
 */
async function press(cdp: CDPSession, page: Page, loc: Locator): Promise<void> {
  const r = (await loc.boundingBox())!;
  const point = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.clock.runFor(PRESS_MS);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A plain tap, then as much of the page's time as a long press takes (whatever a tap would open is open by then). */
async function tapAlone(page: Page, loc: Locator): Promise<void> {
  await loc.tap();
  await page.clock.runFor(PRESS_MS);
}

/** The tooltip once one is on screen (a long press's opens as the page draws it). */
async function openTooltip(page: Page, what: string): Promise<{ text: string; inside: boolean }> {
  await waitUntil(async () => (await tooltip(page)) !== null, 5_000, what);
  return (await tooltip(page))!;
}

/**
 * Scrolls the window until `loc` lies in its upper part (above the docked action area) and returns
 * what covers its centre, if anything (reachable).
 */
async function bringUp(page: Page, loc: Locator): Promise<string | null> {
  await loc.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight * .3));
  await settle(page);
  return reachable(page, loc);
}

/** The card to give lies in the middle of the table, over its own "To give" label, beside the two piles. */
async function expectCardToGive(page: Page): Promise<void> {
  // Once it has landed (it travels from the deck).
  await waitUntil(() => page.locator('.f7-to-give .f7-card').evaluate((el) => el.getAnimations().every((a) => a.playState === 'finished')),
    10_000, 'the card to give to land');
  const boxes = await page.evaluate(() => {
    const box = (sel: string) => { const r = document.querySelector(sel)?.getBoundingClientRect(); return r === undefined ? null : { x: r.x + r.width / 2, w: r.width, top: r.top }; };
    return {
      card: box('.f7-to-give .f7-card'), label: box('.f7-to-give .f7-pile-label'),
      discard: box('.f7-discard'), discardLabel: box('.f7-discard + .f7-pile-label'),
    };
  });
  expect(boxes.card, 'the card to give').not.toBeNull();
  expect(Math.abs(boxes.card!.x - boxes.label!.x), 'the card to give over its label').toBeLessThan(4);
  expect(Math.abs(boxes.discard!.x - boxes.discardLabel!.x), 'the discard pile over its label').toBeLessThan(4);
}

interface Seen { move: number; give: number; summary: boolean; timer: boolean }

/**
 * Plays to the end screen, checking the layout at every decision and calling `once` the first time
 * each kind of moment comes (`summary`: a decision with a round summary on screen); `once` says
 * 'moved' when it made the move itself (the desktop's Hit by keyboard), and play goes on to the next
 * moment. With `time`, the server's time is held while a decision is looked at (a move timer runs:
 * it must not run out under the checks), and runs again for the move.
 */
async function playChecked(page: Page, where: string, once: (m: Moment | 'summary') => Promise<'moved' | void>, time?: ServerTime): Promise<Seen> {
  const seen: Seen = { move: 0, give: 0, summary: false, timer: false };
  for (let step = 0; step < 1500; step++) {
    const m = await nextMoment(page);
    if (m === 'over') {
      await expectTidy(page, `${where}, ${m} #${step}`);
      await once('over');
      return seen;
    }
    time?.hold();
    let moved = false;
    try {
      await expectTidy(page, `${where}, ${m} #${step}`);
      // The control asked for is on screen, not covered (by a flash, the summary, the dock's own content).
      const control = page.locator(m === 'give' ? '.f7-receivers button' : '.f7-controls .f7-stay').first();
      expect(await reachable(page, control), `${where}: the ${m} control`).toBeNull();
      if (seen[m] === 0) moved = await once(m) === 'moved';
      seen[m]++;
      if (!moved && !seen.summary && await page.locator('.f7-summary').count() > 0) { seen.summary = true; await once('summary'); }
      if (await page.locator('.f7-timer').count() > 0) seen.timer = true;
    } finally {
      time?.release();
    }
    if (moved) continue;
    await decide(page, m);
    await waitUntil(async () => (await page.locator('.f7-controls[aria-busy="true"]').count()) === 0, 30_000, 'the move to be taken');
  }
  throw new Error('the game did not end in 1500 decisions');
}

/**
 * Each round's end was shown as a moment of its own, then gave way to a later moment of the game (the
 * next deal, or a later one when the table hurries, or the end screen): frames.ts shows a round's end
 * first, then the snapshot it ended in (keys `<game>:<seq>:end`, then `<game>:<seq>`).
 */
function roundEndsShownThenGone(shown: readonly { key: string }[]): string[] {
  const at = (key: string) => key.split(':').map(Number) as [number, number];
  return shown.flatMap((m, i) => {
    if (!m.key.endsWith(':end')) return [];
    const next = shown[i + 1];
    const [game, seq] = at(m.key);
    const later = next !== undefined && !next.key.endsWith(':end') && at(next.key)[0] === game && at(next.key)[1] >= seq;
    return later ? [] : [`round end ${m.key} followed by ${next?.key ?? 'nothing'}`];
  });
}

/** The game of a deal for one person at seat 0 choosing by `policy` (the basic bots at the other seats). */
const decisionsOf = async (seed: string, players: number, target: 100 | 200, policy: F7Policy) =>
  (await playF7(seed, players, target, { 0: policy })).decisions;

describe.skipIf(shouldSkip('f7-table'))('Flip 7 table on a phone and a desktop', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('f7-table', { webRoot: webRoot() }); });
  afterAll(async () => { await h?.close(); });

  it('a phone, seven players, the fast pace: compact rows, in reach, tooltips on a long press, axe clean, a summary that fits', async () => {
    await withFailureShots('f7-table-phone', () => pages, async () => {
      const pace: Pace = 'fast';
      const { page, errors } = await f7Player(h, 'Ada', { width: 390, height: 844 }, pace, { hasTouch: true });
      pages.push(page);
      await createTable(page, { game: 'Flip 7', seats: 7, target: '100', moveTimer: en('create.seconds', { count: 60 }) });
      await fillWithBots(page);
      // The deal: a short game in which Ada hits or stays, gives an action card, and decides again
      // after the first round ended (with its summary on screen).
      h.deal(await chooseSeed('f7-table phone', async (s) => {
        const ds = await decisionsOf(s, 7, 100, f7Simple());
        return ds.length <= 10 && ds.some((d) => d.kind === 'move') && ds.some((d) => d.kind === 'give') && ds.some((d) => d.round > 1);
      }, 8));
      await start(page);
      await page.locator('.f7-players').waitFor();
      // Six or more players: the compact rows.
      expect(await page.locator('.f7-players.f7-many > li').count()).toBe(7);
      const cdp = await page.context().newCDPSession(page);

      const seen = await playChecked(page, 'phone', async (m) => {
        if (m === 'move') {
          await shoot(page, 'f7-table-phone-move');
          await axeClean(page, 'phone, hit or stay');
          // The move timer's pill, one line (layoutProblems checks it) and saying what it counts.
          expect(await page.locator('.f7-timer').textContent()).toMatch(/^\d+ s left$/);
          // A plain tap on a card opens nothing; a long press opens its tooltip, inside the window.
          const card = page.locator('.f7-player.is-me .f7-card').first();
          await tapAlone(page, card);
          expect(await tooltip(page), 'a tooltip after a plain tap').toBeNull();
          const leftmost = page.locator('.f7-players .f7-card').first();
          await press(cdp, page, leftmost);
          const tip = await openTooltip(page, 'the long-pressed card\'s tooltip');
          expect(tip?.text, 'the tooltip of a long-pressed card').toMatch(/card|bust|Freeze|Flip Three|Second Chance|round/);
          expect(tip?.inside, 'the tooltip inside the window').toBe(true);
          await shoot(page, 'f7-table-phone-tooltip');
          // It closes at the next touch elsewhere.
          await page.touchscreen.tap(200, 60);
          await waitUntil(async () => (await tooltip(page)) === null, 5_000, 'the tooltip to close');
          // The rightmost card's tooltip is inside the window too.
          const rights = await page.locator('.f7-players .f7-card').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
          const rightmost = page.locator('.f7-players .f7-card').nth(rights.indexOf(Math.max(...rights)));
          expect(await bringUp(page, rightmost), 'the rightmost card uncovered').toBeNull();
          await press(cdp, page, rightmost);
          await waitUntil(async () => (await tooltip(page))?.inside === true, 5_000, 'the rightmost card\'s tooltip inside the window');
          await page.locator('.f7-info').tap();
          await waitUntil(async () => (await tooltip(page)) === null, 5_000, 'the tooltip to close');
          await page.evaluate(() => window.scrollTo(0, 0));
        } else if (m === 'give') {
          await shoot(page, 'f7-table-phone-give');
          await expectCardToGive(page);
          await axeClean(page, 'phone, the give picker');
          // Each receiver's name begins with the words it shows (label-content-name-mismatch).
          const b = page.locator('.f7-receivers button').first();
          const shown = (await b.locator('.f7-receiver-name').textContent())!;
          expect(await b.evaluate((el) => el.getAttribute('aria-label'))).toBeNull();
          expect((await b.textContent())!.startsWith(shown)).toBe(true);
        } else if (m === 'summary') {
          await shoot(page, 'f7-table-phone-summary');
          await page.locator('.f7-summary').scrollIntoViewIfNeeded();
          await settle(page);
          // Round and Total on screen (not cut off to the right), and the summary one landmark.
          for (const name of [en('f7.summary.round'), en('f7.summary.total')]) {
            const th = page.locator('.f7-summary thead th', { hasText: name });
            const r = (await th.boundingBox())!;
            expect(r.x + r.width, `the ${name} column inside the window`).toBeLessThanOrEqual(390);
          }
          const wide = await page.locator('.f7-summary').evaluate((el) => el.scrollWidth > el.clientWidth + 1);
          expect(wide, 'the round summary wider than its box').toBe(false);
          await shoot(page, 'f7-table-phone-summary-scrolled');
          await axeClean(page, 'phone, with the round summary');
          // The same table in the other languages: nothing sideways, no card text out of its card, the
          // timer's pill on one line, Round and Total on screen.
          for (const lang of ['pl', 'ja', 'ko', 'it'] as const) {
            await setLang(page, lang);
            await expectTidy(page, `phone in ${lang}`);
            const s = strings(lang);
            for (const name of [s('f7.summary.round'), s('f7.summary.total')]) {
              const r = (await page.locator('.f7-summary thead th', { hasText: name }).first().boundingBox())!;
              expect(r.x + r.width, `${lang}: the ${name} column inside the window`).toBeLessThanOrEqual(390);
            }
            await page.evaluate(() => window.scrollTo(0, 0));
            await shoot(page, `f7-table-phone-${lang}`);
          }
          await setLang(page, 'en');
        } else {
          await settle(page);
          await shoot(page, 'f7-table-phone-end');
          await axeClean(page, 'phone, the end screen');
        }
      }, h.time);
      expect(seen.move).toBeGreaterThan(0);
      expect(seen.give, 'a card to give, as dealt').toBeGreaterThan(0);
      expect(seen.summary, 'a round summary was seen at a decision').toBe(true);
      expect(seen.timer, 'the move timer was shown').toBe(true);

      // The rounds' ends were said in the action bar, and no flash ever covered it.
      const shown = await moments(page);
      const ends = shown.filter((m) => m.key.endsWith(':end'));
      expect(ends.length, 'rounds ended with a moment of their own').toBeGreaterThan(0);
      for (const e of ends) expect(e.banner).toMatch(/^Round \d+ is over\./);
      expect(shown.filter((m) => m.covered !== null).map((m) => `${m.key}: ${m.covered}`)).toEqual([]);
      // Each round's end was on screen as a moment of its own, then gave way to the next deal.
      expect(roundEndsShownThenGone(shown)).toEqual([]);
      // Cards travelled from the deck (motion allowed here), and turned over as they landed.
      expect((await travels(page)).filter((x) => x.startsWith('f7-card translate(')).length).toBeGreaterThan(5);
      expect(await cssMotion(page)).toContain('f7-turn');
      expect(errors).toEqual([]);
      // The bust and Flip 7 cues are the game's own; the turn cue is the page's: something sounded.
      expect((await notes(page)).length).toBeGreaterThan(0);
    });
  }, 900_000);

  it('a desktop, three players, the normal pace, reduced motion: tooltips by keyboard, focus kept, axe clean, nothing moves', async () => {
    await withFailureShots('f7-table-desktop', () => pages, async () => {
      const pace: Pace = 'normal';
      const { page, errors } = await f7Player(h, 'Bea', { width: 1440, height: 900 }, pace, { reducedMotion: true });
      pages.push(page);
      await createTable(page, { game: 'Flip 7', seats: 3, target: '100' });
      await fillWithBots(page);
      // The deal: a short game in which Bea hits or stays (her first hit by keyboard, below), gives an
      // action card, and decides again after the first round ended (with its summary on screen).
      h.deal(await chooseSeed('f7-table desktop', async (s) => {
        let keyboardHit = true;
        const ds = await decisionsOf(s, 3, 100, (view, legal) => {
          if (keyboardHit && view.pending?.kind === 'hit-or-stay') { keyboardHit = false; return legal.find((a) => a.type === 'hit')!; }
          return f7Simple()(view, legal);
        });
        return ds.length <= 10 && ds.some((d) => d.kind === 'move') && ds.some((d) => d.kind === 'give') && ds.some((d) => d.round > 1);
      }));
      await start(page);
      await page.locator('.f7-players').waitFor();
      expect(await page.locator('.f7-players.f7-many').count(), 'three players: the roomy rows').toBe(0);

      const seen = await playChecked(page, 'desktop', async (m) => {
        if (m === 'move') {
          await shoot(page, 'f7-table-desktop-move');
          await axeClean(page, 'desktop, hit or stay');
          // The cards are one Tab stop before the action area; focus opens a card's tooltip.
          await page.locator('.f7-controls .f7-hit').focus();
          await page.keyboard.press('Shift+Tab');
          const focused = page.locator('.f7-card:focus');
          expect(await focused.count(), 'Shift+Tab from Hit lands on a card').toBe(1);
          const first = await tooltip(page);
          expect(first?.text).toMatch(/ — /);
          expect(first?.inside).toBe(true);
          // ←/→ move among the cards, the tooltip with them; Escape closes it.
          const key = await focused.getAttribute('data-card-key');
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowLeft');
          expect(await page.locator('.f7-card:focus').getAttribute('data-card-key')).toBe(key);
          await page.keyboard.press('Escape');
          expect(await tooltip(page), 'the tooltip after Escape').toBeNull();
          await shoot(page, 'f7-table-desktop-move-2');
          // A move made by keyboard keeps the keyboard in the action area (issue 11, item 6).
          await page.locator('.f7-controls .f7-hit').focus();
          await page.keyboard.press('Enter');
          await waitUntil(async () => (await page.locator('.f7-controls[aria-busy="true"]').count()) === 0, 30_000, 'the hit to be taken');
          await settle(page);
          const inDock = await page.evaluate(() => document.activeElement?.closest('.f7-dock, .f7-end') !== null && document.activeElement !== document.body);
          expect(inDock, 'focus after a move').toBe(true);
          return 'moved';
        } else if (m === 'give') {
          await shoot(page, 'f7-table-desktop-give');
          await expectCardToGive(page);
          // The card to give is a Tab stop of its own: focus shows its text; Escape closes it.
          const toGive = page.locator('.f7-to-give .f7-card');
          await toGive.focus();
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          expect(await toGive.evaluate((el) => el === document.activeElement), 'Tab reaches the card to give').toBe(true);
          expect((await tooltip(page))?.text).toBe(await descriptionOf(toGive));
          await axeClean(page, 'desktop, the give picker, the card to give\'s tooltip open');
          await page.keyboard.press('Escape');
          expect(await tooltip(page), 'the tooltip after Escape').toBeNull();
          await axeClean(page, 'desktop, the give picker');
        } else if (m === 'summary') {
          await shoot(page, 'f7-table-desktop-summary');
          await axeClean(page, 'desktop, with the round summary');
        } else {
          await settle(page);
          await shoot(page, 'f7-table-desktop-end');
          await axeClean(page, 'desktop, the end screen');
          expect(await page.evaluate(() => document.activeElement?.id), 'the keyboard on the end screen').toBe('f7-end-title');
        }
      });
      // Every moment the deal was chosen for came, and was looked at.
      expect(seen.move).toBeGreaterThan(0);
      expect(seen.give, 'a card to give, as dealt').toBeGreaterThan(0);
      expect(seen.summary, 'a round summary was seen at a decision').toBe(true);
      const shown = await moments(page);
      // Each round's end was on screen as a moment of its own, then gave way to the next deal.
      expect(shown.filter((m) => m.key.endsWith(':end')).length, 'rounds ended with a moment of their own').toBeGreaterThan(0);
      expect(roundEndsShownThenGone(shown)).toEqual([]);
      expect(shown.filter((m) => m.covered !== null).map((m) => `${m.key}: ${m.covered}`)).toEqual([]);
      // prefers-reduced-motion: no card travelled, and nothing of the table's moved (a flash only fades in and out).
      expect(await travels(page)).toEqual([]);
      expect((await cssMotion(page)).filter((name) => name.startsWith('f7-') && name !== 'f7-fade')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }, 900_000);

  it('a phone: the card to give, and cards set aside during a Flip Three, show their text on a long press or by keyboard, never on a tap, inside the window', async () => {
    await withFailureShots('f7-table-to-give', () => pages, async () => {
      const { page, errors } = await f7Player(h, 'Cy', { width: 390, height: 844 }, 'fast', { hasTouch: true });
      pages.push(page);
      await createTable(page, { game: 'Flip 7', seats: 3, target: '200' });
      await fillWithBots(page);
      // The deal: hitting (almost) always, Cy soon gets an action card to give (F7-8) that a Flip
      // Three she flips set aside (F7-10), so set-aside cards are on the table at that moment.
      h.deal(await chooseSeed('f7-table to-give', async (s) => {
        let aside = 0;
        await decisionsOf(s, 3, 200, (view, legal) => {
          if (view.pending?.kind === 'give') { aside = f7SetAsideShown(view); enough(); }
          return f7Simple(40)(view, legal);
        });
        return aside > 0;
      }, 61));
      await start(page);
      await page.locator('.f7-players').waitFor();
      // Hitting (almost) always, until an action card is Cy's to give (F7-8).
      const aside = await playUntil(page, 'give', 40);
      // The cards set aside during the Flip Three (F7-10): each a Tab stop (checked on real games'
      // views too, by f7-flip-three.test.ts).
      expect(aside.setAside, 'set-aside cards on the table, as dealt').toBeGreaterThan(0);
      expect(aside.setAsideFocusable, 'set-aside cards that take the keyboard').toBe(aside.setAside);
      await expectCardToGive(page);
      const card = page.locator('.f7-to-give .f7-card');
      expect(await card.getAttribute('tabindex'), 'the card to give takes the keyboard').toBe('0');
      const text = await descriptionOf(card);
      expect(text, 'the card to give described by its text').toMatch(/ — /);
      expect(await bringUp(page, card), 'the card to give uncovered').toBeNull();

      // A plain tap opens nothing; a long press opens the card's text, inside the window.
      await tapAlone(page, card);
      expect(await tooltip(page), 'a tooltip after a plain tap').toBeNull();
      const cdp = await page.context().newCDPSession(page);
      await press(cdp, page, card);
      await waitUntil(async () => (await tooltip(page))?.inside === true, 5_000, 'the card to give\'s tooltip inside the window');
      expect((await tooltip(page))?.text).toBe(text);
      await shoot(page, 'f7-table-phone-to-give-tooltip');
      await page.locator('.f7-info').tap();
      await waitUntil(async () => (await tooltip(page)) === null, 5_000, 'the tooltip to close at the next touch');
      expect(await nextMoment(page), 'the long press and the taps gave nothing away').toBe('give');

      // By keyboard: Tab onto it opens the text, the card's description; Escape closes it and the card keeps the focus.
      await card.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await card.evaluate((el) => el === document.activeElement), 'Tab reaches the card to give').toBe(true);
      await waitUntil(async () => (await tooltip(page))?.inside === true, 5_000, 'the focused card\'s tooltip inside the window');
      expect((await tooltip(page))?.text).toBe(text);
      expect(await card.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.getAttribute('role'))).toBe('tooltip');
      await axeClean(page, 'phone, the card to give\'s tooltip open');
      await shoot(page, 'f7-table-phone-to-give-focus');
      await page.keyboard.press('Escape');
      expect(await tooltip(page), 'the tooltip after Escape').toBeNull();
      expect(await card.evaluate((el) => el === document.activeElement), 'the card keeps the keyboard').toBe(true);
      expect(errors).toEqual([]);
    });
  }, 600_000);
});

/** The action area's height as a share of the window's. */
const dockShare = (page: Page): Promise<number> =>
  page.locator('.f7-dock').evaluate((el) => el.getBoundingClientRect().height / window.innerHeight);

/**
 * Every player's row can be brought into view (the page scrolled to it) with its name drawn, not
 * covered by the action area, while the receivers' buttons stay on screen. Returns what is wrong.
 */
async function rowsInReach(page: Page): Promise<string[]> {
  const wrong: string[] = [];
  const rows = page.locator('.f7-players > li');
  for (let i = 0; i < await rows.count(); i++) {
    const name = rows.nth(i).locator('.f7-player-name');
    await name.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await settle(page);
    const problem = await reachable(page, name);
    if (problem !== null) wrong.push(`row ${i + 1}'s name: ${problem}`);
    const picker = await reachable(page, page.locator('.f7-receivers button').first());
    if (picker !== null) wrong.push(`with row ${i + 1} in view, the picker: ${picker}`);
  }
  return wrong;
}

/** A row's player name as shown, without the turn mark and "(you)". */
const rowName = (row: Locator): Promise<string> => row.locator('.f7-player-name').evaluate((el) => {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('span').forEach((s) => s.remove());
  return (copy.textContent ?? '').trim();
});

describe.skipIf(shouldSkip('f7-table'))('Flip 7: giving an action card on a phone at a table of twelve', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('f7-table', { webRoot: webRoot() }); });
  afterAll(async () => { await h?.close(); });

  it('the receivers are a bounded picker, every row stays in reach above it, a tap on a row gives the card, a give by keyboard keeps the keyboard in the action area', async () => {
    await withFailureShots('f7-give-phone', () => pages, async () => {
      const { page, errors } = await f7Player(h, 'Ada', { width: 390, height: 844 }, 'fast', { hasTouch: true });
      pages.push(page);
      await createTable(page, { game: 'Flip 7', seats: 12 });
      await fillWithBots(page);
      // The deal: hitting below 25, Ada soon has an action card to give while a receiver's row holds
      // cards (for the long press on one), gives it by a tap on the last receiver's row (below), and
      // has a second card to give in the same game.
      h.deal(await chooseSeed('f7-table twelve', async (s) => {
        let gives = 0;
        let rowWithCards = false;
        await decisionsOf(s, 12, 200, (view, legal) => {
          const receivers = legal.flatMap((a: F7Action) => (a.type === 'give' ? [a.to] : []));
          if (receivers.length === 0) return f7Simple(25)(view, legal);
          if (++gives === 2) enough();
          rowWithCards = receivers.some((r) => view.lines[r]!.length > 0);
          // The tap below: the last receiver's row but Ada's own, else hers.
          const others = receivers.filter((r) => r !== 0);
          const to = others.length > 0 ? Math.max(...others) : 0;
          return legal.find((a) => a.type === 'give' && a.to === to)!;
        });
        return gives === 2 && rowWithCards;
      }, 5));
      await start(page);
      await page.locator('.f7-players').waitFor();
      expect(await page.locator('.f7-players > li').count()).toBe(12);
      await playUntil(page, 'give', 25);
      await expectCardToGive(page);

      // F7-8: the receivers are the players in the round; their rows, and only theirs, take a tap.
      const buttons = page.locator('.f7-receivers button');
      const receivers = await buttons.count();
      expect(receivers).toBeGreaterThan(0);
      expect(await page.locator('.f7-players.f7-giving > li.is-choosable').count(), 'rows marked as choices').toBe(receivers);
      // Each button shows the receiver's name, and its name for screen readers begins with it.
      for (let i = 0; i < receivers; i++) {
        const shown = (await buttons.nth(i).locator('.f7-receiver-name').textContent())!;
        expect((await buttons.nth(i).textContent())!.startsWith(shown)).toBe(true);
      }

      for (const lang of ['en', 'pl', 'ja', 'ko', 'it'] as const) {
        if (lang !== 'en') await setLang(page, lang);
        await expectTidy(page, `give at twelve players in ${lang}`);
        expect(await dockShare(page), `${lang}: the action area's share of the window`).toBeLessThanOrEqual(0.4);
        expect(await rowsInReach(page), `${lang}: rows in reach`).toEqual([]);
        if (lang === 'en' || lang === 'pl' || lang === 'ja') {
          // As rowsInReach left it (the last row in the middle of the window), then from the top.
          await shoot(page, `f7-give-phone-${lang}-last-rows`);
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot(page, `f7-give-phone-${lang}`);
        }
      }
      await axeClean(page, 'phone, twelve players, the give picker (it)');
      await setLang(page, 'en');
      await axeClean(page, 'phone, twelve players, the give picker');
      // The same moment on a desktop: the receivers are a grid of names under the rows.
      await page.setViewportSize({ width: 1440, height: 900 });
      await expectTidy(page, 'give at twelve players on a desktop');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'f7-give-desktop-en');
      await axeClean(page, 'desktop, twelve players, the give picker');
      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);

      // A long press on a card in a receiver's row opens its text and gives nothing.
      const held = page.locator('.f7-players > li.is-choosable .f7-card').first();
      expect(await held.count(), 'a card in a receiver\'s row, as dealt').toBe(1);
      {
        await held.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        const cdp = await page.context().newCDPSession(page);
        await press(cdp, page, held);
        expect((await openTooltip(page, 'the held card\'s tooltip')).inside, 'the held card\'s tooltip').toBe(true);
        await page.locator('.f7-info').tap();
        await waitUntil(async () => (await tooltip(page)) === null, 5_000, 'the tooltip to close');
        await settle(page);
        expect(await page.locator('.f7-controls.f7-give:not([aria-busy="true"])').count(), 'the give still asked, nothing sent').toBe(1);
      }

      // A tap on a receiver's row (someone else's when there is anyone) gives them the card.
      const card = (await page.locator('.f7-receivers').getAttribute('aria-label'))!.replace(/^Who gets /, '');
      const others = page.locator('.f7-players > li.is-choosable:not(.is-me)');
      const row = await others.count() > 0 ? others.last() : page.locator('.f7-players > li.is-choosable').first();
      const mine = await row.evaluate((el) => el.classList.contains('is-me'));
      const to = await rowName(row);
      await row.locator('.f7-player-name').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await row.locator('.f7-player-foot').tap();
      const said = mine ? `Ada takes ${card}.` : `Ada gives ${card} to ${to}.`;
      await page.locator('.f7-log-give', { hasText: said }).waitFor({ timeout: 30_000 });
      // The game goes on: the next decision of mine, or the end.
      expect(['move', 'give', 'over']).toContain(await nextMoment(page));

      // The next card to give, by keyboard from the action area: given, and the keyboard stays there.
      await playUntil(page, 'give', 25);
      const given = await page.locator('.f7-log-give').count();
      await page.locator('.f7-receivers button').first().focus();
      await page.keyboard.press('Enter');
      await waitUntil(async () => (await page.locator('.f7-log-give').count()) > given, 30_000, 'the give by keyboard to be said in the log');
      await settle(page);
      expect(await page.evaluate(() => document.activeElement?.closest('.f7-dock, .f7-end') != null), 'the keyboard after a give').toBe(true);
      expect(errors).toEqual([]);
    });
  }, 900_000);
});
