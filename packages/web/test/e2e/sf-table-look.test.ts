/**
 * Issue 11, items 3, 6 and 7 for the Stir Fry Eighteen table: two people at one table, Alice on a
 * desktop (1440x900, mouse and keyboard) and Bob on a phone (390x844, touch, reduced motion).
 * Whoever's turn it is declares "a pair" (SF-9; any two cards: SF-10), and the other one is asked
 * whether to taste-test it (SF-14). With that prompt open:
 *  - nothing scrolls sideways and no card's text spills past its card, in all five languages;
 *  - the prompt says how many cards the tester holds and covers none of them, and its buttons are
 *    on screen (the choice depends on the hand, SF-17);
 *  - axe-core finds nothing on either page;
 *  - a plain tap on a hand card never opens its text; a long press does, and keyboard focus does,
 *    inside the window;
 *  - cards travel on the desktop, and nothing moves on the phone that asks for reduced motion;
 *  - after answering, the keyboard stays in the action area;
 *  - the table's felt is brought into view above the docked hand when the prompt opens.
 * Then a game finished by bots (the player away, SF-27 at target 50): the end screen's ranking,
 * statistics and chart of scores after every turn, checked for layout and by axe-core at both sizes;
 * and every card of "How to play" (the table's own card faces) in all five languages on a phone.
 * Then the cards lying on the table, on a phone: a plain tap opens no text; a long press opens it
 * (the leftmost and rightmost card, and a card at either edge of the window: inside the window), and
 * on a hand card selects nothing; Tab opens it as the card's description, Escape closes it; axe-core
 * finds nothing with it open. The cards on the felt are one Tab stop between what comes before and
 * after the felt (the last card focused, else the first); the arrow keys, Home and End move among
 * them, each card's text following the focus.
 * Screenshots go to artifacts/e2e/sf-look-*.png (full pages, and the window as the player sees it).
 *
 * Each game plays a deal chosen for it (below), and the phones' pages run on Playwright's clock: a
 * finger rests on a card for as long as the test moves the page's time, and a plain tap is followed
 * by as much of the page's time as a long press takes, so that "a tap opens nothing" is seen after
 * that time has passed, not after a sleep.
 */
import { SF_CARDS } from '@parlor/rules';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import en from '../../src/i18n/locales/en/sf.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import {
  type Harness, WEB_DIST, createTable, fillWithBots, firstVisible, screenshot, settled, shouldSkip, sit, start, startHarness, waitUntil, withFailureShots,
} from './support/e2e.js';
import { away } from './support/away.js';
import { strings } from './support/learn.js';
import { type SfPolicy, chooseSeed, enough, playSf, sfOpening, sfWith } from './support/deals.js';
import { cardOfLabel, discardDownChoice, press, readHand, select, sf, untilMyTurn } from './support/sf.js';

const LANGS = [
  { code: 'it', label: 'Italiano' }, { code: 'ja', label: '日本語' }, { code: 'ko', label: '한국어' },
  { code: 'pl', label: 'Polski' }, { code: 'en', label: 'English' },
] as const;

/** How much of a page's time a finger rests on a card for a long press: past CardTip's 450 ms. */
const PRESS_MS = 700;

/**
 * A person on a device of their own: a fresh context with its viewport, touch and motion preference.
 * A touch device's context runs on Playwright's clock (longPress, tapAlone).
 */
async function personOn(h: Harness, name: string, path: string, device: BrowserContextOptions): Promise<Page> {
  const context = await h.browser.newContext({ locale: 'en-US', ...device });
  context.setDefaultTimeout(30_000);
  if (device.hasTouch === true) await context.clock.install();
  // Counts what moves on the page: Web Animations started (cards travelling) and CSS animations.
  await context.addInitScript(() => {
    const w = window as unknown as { sfMoves: number };
    w.sfMoves = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args: Parameters<typeof animate>) { w.sfMoves++; return animate.apply(this, args); };
    document.addEventListener('animationstart', () => { w.sfMoves++; }, true);
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.warn(`[${name}] page error: ${e.message}`));
  await page.goto(h.server.url + path);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Enter' }).click();
  await page.getByRole('status').filter({ hasText: 'Online' }).waitFor();
  return page;
}

const moves = (page: Page) => page.evaluate(() => (window as unknown as { sfMoves: number }).sfMoves);

/**
 * What is wrong with the page's layout now: the page wider than the window (sideways scroll), or a
 * card's name, corner or bonus line reaching past its card.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const slot of document.querySelectorAll<HTMLElement>('.sf-slot:not(.back)')) {
      const card = slot.getBoundingClientRect();
      if (card.width === 0) continue;
      const name = slot.querySelector<HTMLElement>('.sf-card-name > span');
      const parts = [name, ...slot.querySelectorAll<HTMLElement>('.sf-card-corner > *, .sf-card-bonus > *')];
      for (const el of parts) {
        if (el === null) continue;
        const r = el.getBoundingClientRect();
        const spills = r.left < card.left - 0.5 || r.right > card.right + 0.5 || r.top < card.top - 0.5 || r.bottom > card.bottom + 0.5
          || el.scrollWidth > el.clientWidth + 1;
        if (spills) out.push(`"${el.textContent}" spills past its ${Math.round(card.width)} px card (${Math.round(r.left - card.left)}..${Math.round(r.right - card.left)})`);
      }
    }
    // A button's words wider than the button.
    for (const b of document.querySelectorAll<HTMLElement>('.sf button')) {
      if (b.offsetWidth > 0 && b.scrollWidth > b.clientWidth + 1) out.push(`button "${b.textContent}" is wider than itself`);
    }
    // Words broken in the middle: a player's "(you)" on two lines.
    for (const you of document.querySelectorAll<HTMLElement>('.sf .sf-you')) {
      const lines = new Set([...you.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(`"${you.textContent}" breaks across lines`);
    }
    return out;
  });
}

/** The rectangles of two locators' elements overlap. */
async function overlaps(page: Page, a: string, b: string): Promise<string[]> {
  return page.evaluate(({ a, b }) => {
    const boxes = (s: string) => [...document.querySelectorAll(s)].map((e) => e.getBoundingClientRect());
    const out: string[] = [];
    for (const x of boxes(a)) {
      for (const y of boxes(b)) {
        if (x.left < y.right && y.left < x.right && x.top < y.bottom && y.top < x.bottom) out.push(`${a} at ${Math.round(x.top)} overlaps ${b} at ${Math.round(y.top)}`);
      }
    }
    return out;
  }, { a, b });
}

/** The open card text (tooltip, CardTip.tsx: only an open one has the role) inside the window, or why not. */
async function tipInside(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tips = [...document.querySelectorAll<HTMLElement>('[role="tooltip"]')];
    if (tips.length !== 1) return `${tips.length} open tooltips`;
    if (tips[0]!.style.visibility === 'hidden') return 'not placed yet';
    const r = tips[0]!.getBoundingClientRect();
    const ok = r.left >= 0 && r.top >= 0 && r.right <= document.documentElement.clientWidth && r.bottom <= window.innerHeight;
    return ok ? 'inside' : `outside: ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  });
}

/** The open tooltip's words ('' when none is open). */
const tipText = (page: Page) => page.evaluate(() => document.querySelector('[role="tooltip"]')?.textContent ?? '');

/** What the window shows (not the full page): as the page opens at the table, and scrolled to the table's felt. */
async function windowShots(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.querySelector('.sf')?.scrollIntoView({ block: 'start' }));
  await screenshot(page, `${name}-window`, 'window');
  await page.evaluate(() => document.querySelector('.sf-felt')?.scrollIntoView({ block: 'start' }));
  await screenshot(page, `${name}-window-felt`, 'window');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits for two frames, so that what an event just changed is laid out and painted. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/**
 * Scrolls the window until `el` lies in its upper part (above the docked hand, which covers the
 * felt's lower part on a phone) and returns whether nothing covers its centre.
 */
async function bringUp(el: Locator): Promise<boolean> {
  return el.evaluate((e) => {
    window.scrollBy(0, e.getBoundingClientRect().top - window.innerHeight * .3);
    const r = e.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && e.contains(top);
  });
}

/** Whether nothing covers the centre of `el` (the docked hand, on a phone), and it is in the window. */
const uncovered = (el: Locator) => el.evaluate((e) => {
  const r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top !== null && e.contains(top);
});

const openTips = (page: Page) => page.locator('[role="tooltip"]').count();

/**
 * How the basic bot answers Dan's two declarations in the game of `seed` (the rules package plays
 * it): his first two cards as a pair, then his first card as a protein, claimed as itself or else
 * as Shrimp (the page's default claim, Hand.tsx).
 */
async function botAnswersToDan(seed: string): Promise<string[]> {
  let declared = 0;
  const dan: SfPolicy = (view, legal) => {
    const hand = view.hand ?? [];
    if (view.phase !== 'act' || declared === 2) enough();
    declared++;
    if (declared === 1) return sfWith(legal, 'discard-pair', [hand[0]!, hand[1]!])!;
    const claim = (['shrimp', 'pork', 'chicken'] as const).find((c) => c === hand[0]) ?? 'shrimp';
    return legal.find((a) => a.type === 'discard-protein' && a.card === hand[0] && a.claim === claim)!;
  };
  const played = await playSf(seed, 2, { target: 300 }, { 0: dan });
  return played.decisions.filter((d) => d.bot && d.view.phase === 'taste-test').map((d) => d.action.type);
}

/** What has the keyboard: "table card <n>" (the n-th card on the felt), an element's data-test-id, or its tag. */
const focused = (page: Page) => page.evaluate(() => {
  const a = document.activeElement;
  const n = [...document.querySelectorAll('.sf-felt .sf-slot.static:not(.back)')].indexOf(a as Element);
  return n >= 0 ? `table card ${n}` : a?.getAttribute('data-test-id') ?? a?.outerHTML.slice(0, 120) ?? 'nothing';
});

/**
 * A long press on an element with a finger (touch events through the DevTools protocol): the finger
 * rests while the page's clock moves PRESS_MS on, then lifts.
 */
async function longPress(page: Page, selector: string): Promise<void> {
  const box = (await page.locator(selector).first().boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.clock.runFor(PRESS_MS);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A plain tap, then as much of the page's time as a long press takes (whatever a tap would open is open by then). */
async function tapAlone(page: Page, target: Locator, force = false): Promise<void> {
  await target.tap({ force });
  await page.clock.runFor(PRESS_MS);
}

describe.skipIf(shouldSkip('sf-table-look'))('Stir Fry Eighteen: the table on a desktop and a phone', () => {
  let h: Harness;
  const pages: Page[] = [];
  // SF_E2E_DIST: a client built elsewhere (so that a test run does not race another build of dist).
  beforeAll(async () => { h = await startHarness('sf-table-look', { webRoot: process.env.SF_E2E_DIST ?? WEB_DIST }); });
  afterAll(async () => { await h?.close(); });

  it('a declaration and its taste-test prompt, at 1440x900 and 390x844, in five languages', async () => {
    await withFailureShots('sf-look', () => pages, async () => {
      const alice = await personOn(h, 'Alice', '/', { viewport: { width: 1440, height: 900 } });
      pages.push(alice);
      const id = await createTable(alice, { game: 'Stir Fry Eighteen', seats: 2, target: '300', tasteWindow: 30 });
      const bob = await personOn(h, 'Bob', `/t/${id}`, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
      pages.push(bob);
      await sit(bob);
      // The deal: Bob plays first (SF-5), so the phone's hand is the one asked to act (a tap selects
      // a card), and Bob declares while Alice, on the desktop, is asked to taste-test.
      h.deal(await chooseSeed('sf-table-look bob', (s) => sfOpening(s, 2, { target: 300 }).first === 1));
      await start(alice);
      // Nothing of this game waits on the server's clock but the taste-test windows (two people, no
      // move timer): held still, a window stays open, however long the checks with it open take,
      // until it is answered.
      h.time.hold();
      onTestFinished(() => h.time.release());

      const endTurn = (p: Page) => p.getByRole('group', { name: en.actions.title }).getByRole('button', { name: en.actions.endTurn, exact: true });
      expect(await firstVisible({ alice: endTurn(alice), bob: endTurn(bob) }, 30_000, 'the first turn'), 'the first turn, as dealt').toBe('bob');
      const [declarer, tester] = [bob, alice];
      const declarerName = 'Bob';

      // Tooltips on the phone: a tap selects (on Bob's turn), never opens the text; a long press
      // opens it, on screen, for the leftmost card too.
      const bobCard = '.sf-hand-cards .sf-slot:first-child button.sf-card';
      await tapAlone(bob, bob.locator(bobCard), true);
      expect(await openTips(bob), 'a tap opens no card text').toBe(0);
      expect(await bob.locator(bobCard).getAttribute('aria-pressed'), 'a tap selects the card on your turn').toBe('true');
      await bob.locator(bobCard).tap({ force: true });
      await waitUntil(async () => (await bob.locator(bobCard).getAttribute('aria-pressed')) === 'false', 5_000, 'the card unselected');
      await longPress(bob, bobCard);
      await waitUntil(async () => (await openTips(bob)) === 1, 5_000, 'the long-pressed card\'s text');
      expect(await tipInside(bob), 'the long-pressed text on a phone').toBe('inside');
      expect(await bob.locator(bobCard).getAttribute('aria-pressed'), 'a long press selects nothing').toBe('false');
      await bob.locator('.sf-status').tap();
      await waitUntil(async () => (await openTips(bob)) === 0, 5_000, 'the text to close at the next touch');
      // The rightmost card's text stays on screen too.
      const lastCard = '.sf-hand-cards .sf-slot:last-child button.sf-card';
      await bob.locator(lastCard).scrollIntoViewIfNeeded();
      await longPress(bob, lastCard);
      await waitUntil(async () => (await tipInside(bob)) === 'inside', 5_000, 'the rightmost card\'s text inside the window');
      expect(await bob.locator(lastCard).getAttribute('aria-pressed'), 'a long press selects nothing').toBe('false');
      await bob.locator('.sf-status').tap();
      await waitUntil(async () => (await openTips(bob)) === 0, 5_000, 'the text to close at the next touch');

      // Keyboard focus shows a card's text on the desktop, inside the window.
      await alice.locator('.sf-hand-cards button.sf-card').first().focus();
      await alice.keyboard.press('Shift+Tab');
      await alice.keyboard.press('Tab');
      await waitUntil(async () => (await openTips(alice)) === 1, 5_000, 'the focused card\'s text');
      expect(await tipInside(alice), 'the focused card\'s text on a desktop').toBe('inside');
      await alice.keyboard.press('Escape');

      // The declaration: two cards face down as "a pair".
      const movesBefore = { alice: await moves(alice), bob: await moves(bob) };
      const hand = await readHand(declarer);
      await select(declarer, [0, 1]);
      await press(sf.pairButton(declarer));
      // (The test's clicks are a mouse's, even on the phone: move it off the cards it hovered.)
      await declarer.mouse.move(1, 1);
      const prompt = sf.tastePrompt(tester);
      await prompt.waitFor();
      await waitUntil(async () => (await readHand(declarer)).length === hand.length - 2, 10_000, 'the pair to leave the hand');
      // The button used went disabled (one pair per turn, SF-9): the keyboard stays in the action area, not on the body.
      await waitUntil(async () => declarer.evaluate(() => document.activeElement?.closest('.sf-dock') !== null), 5_000,
        'the declarer\'s keyboard in the action area after the move');
      // Let the cards land, then take stock.
      for (const p of [alice, bob]) await settled(p);

      const testerHand = await sf.hand(tester).count();
      expect(await prompt.textContent()).toContain(`${declarerName} discarded 2 cards face down`);
      expect(await prompt.textContent()).toContain(`You hold ${testerHand} card${testerHand === 1 ? '' : 's'}.`);
      for (const p of [alice, bob]) {
        await p.locator('.sf-stack.pending').waitFor();
        expect(await layoutProblems(p), `layout ${p === alice ? '1440x900' : '390x844'}`).toEqual([]);
      }
      // The table's felt (with the stack just put down) is not under the dock: the page brought it into view.
      await waitUntil(async () => (await overlaps(tester, '.sf-stack.pending', '.sf-dock')).length === 0, 5_000, 'the felt above the dock')
        .catch(async (e: Error) => {
          const at = await tester.evaluate(() => ({ y: window.scrollY, h: document.documentElement.scrollHeight, felt: document.querySelector('.sf-felt')!.getBoundingClientRect().toJSON(), dock: document.querySelector('.sf-dock')!.getBoundingClientRect().toJSON() }));
          throw new Error(`${e.message}: ${JSON.stringify(at)}`);
        });
      // The prompt covers none of the tester's cards, and its buttons are in the window as it opened.
      expect(await overlaps(tester, '.sf-taste', '.sf-hand-cards .sf-slot')).toEqual([]);
      for (const name of [en.taste.test, en.taste.trust]) {
        expect(await prompt.getByRole('button', { name }).isVisible()).toBe(true);
        const box = (await prompt.getByRole('button', { name }).boundingBox())!;
        const vh = tester.viewportSize()!.height;
        expect(box.y + box.height, `${name} on screen`).toBeLessThanOrEqual(vh);
        expect(box.y).toBeGreaterThanOrEqual(0);
      }
      // The tester's hand cards are visible while the prompt is open (on screen, not covered).
      for (const card of await tester.locator('.sf-hand-cards .sf-slot').all()) {
        const box = (await card.boundingBox())!;
        expect(box.y + box.height, 'a hand card below the window').toBeLessThanOrEqual(tester.viewportSize()!.height);
        expect(box.y, 'a hand card under the sticky status or above the window').toBeGreaterThanOrEqual(0);
      }
      // axe-core on the table screen of both pages, mid-game, one with the prompt open (the page's
      // header and the table page around the game are other tests' to check).
      for (const p of [alice, bob]) {
        expect(formatViolations(await axeViolations(p, { include: '.sf' })), `axe ${p === alice ? '1440x900' : '390x844'}`).toEqual([]);
      }
      // Cards travelled on the desktop; nothing moved on the phone that asks for reduced motion.
      expect(await moves(alice), 'something moves on the desktop').toBeGreaterThan(movesBefore.alice);
      expect(await moves(bob), 'nothing moves with reduced motion').toBe(movesBefore.bob);
      await screenshot(alice, 'sf-look-1440-prompt');
      await screenshot(bob, 'sf-look-390-declared');
      for (const p of [alice, bob]) await windowShots(p, `sf-look-${p === alice ? 1440 : 390}-${p === declarer ? 'declared' : 'prompt'}`);

      // Trust, by keyboard: the prompt goes, and the keyboard stays in the action area (the hand), not the body.
      await prompt.getByRole('button', { name: en.taste.trust }).focus();
      await tester.keyboard.press('Enter');
      await prompt.waitFor({ state: 'detached' });
      await waitUntil(async () => tester.evaluate(() => document.activeElement?.closest('.sf-dock') !== null), 5_000,
        'the keyboard in the action area after answering');
      expect(await tester.evaluate(() => document.activeElement === document.body)).toBe(false);

      // A second declaration (a protein this time), and with its prompt open, every language: the same
      // checks of layout, the cards' names and the prompt's words in that language.
      await waitUntil(async () => (await readHand(declarer)).length > 0 && await sf.proteinButton(declarer).isVisible(), 15_000, 'the declarer\'s turn to go on');
      await select(declarer, [0]);
      await press(sf.proteinButton(declarer));
      await declarer.mouse.move(1, 1);
      await prompt.waitFor();
      for (const { code, label } of LANGS) {
        for (const p of [alice, bob]) {
          await p.getByRole('combobox', { name: /^(Language|Lingua|言語|언어|Język)$/ }).selectOption({ label });
          await waitUntil(async () => (await p.evaluate(() => document.documentElement.lang)) === code, 10_000, `the page in ${code}`);
          expect(await layoutProblems(p), `layout ${code} ${p === alice ? '1440x900' : '390x844'}`).toEqual([]);
        }
        if (code === 'ja' || code === 'pl') {
          await screenshot(alice, `sf-look-1440-${code}`);
          await screenshot(bob, `sf-look-390-${code}`);
        }
      }

      // The declarer's moves (buttons, the claim's choices) in every language, once the window is closed.
      await prompt.getByRole('button', { name: en.taste.trust }).click();
      await prompt.waitFor({ state: 'detached' });
      await declarer.locator('.sf-actions .sf-buttons button').first().waitFor();
      await select(declarer, [0]); // a card selected: its Clear button shows too
      for (const { code, label } of LANGS) {
        await declarer.getByRole('combobox', { name: /^(Language|Lingua|言語|언어|Język)$/ }).selectOption({ label });
        await waitUntil(async () => (await declarer.evaluate(() => document.documentElement.lang)) === code, 10_000, `the page in ${code}`);
        expect(await layoutProblems(declarer), `the declarer's moves in ${code}`).toEqual([]);
        if (code === 'pl' || code === 'ja') await windowShots(declarer, `sf-look-${declarer === alice ? 1440 : 390}-moves-${code}`);
      }
    });
  }, 240_000);

  it('the end screen (ranking, statistics, the chart of scores after every turn) at both sizes; every card in every language', async () => {
    await withFailureShots('sf-look-end', () => pages, async () => {
      const carol = await personOn(h, 'Carol', '/', { viewport: { width: 1440, height: 900 } });
      pages.push(carol);
      await createTable(carol, { game: 'Stir Fry Eighteen', seats: 5, target: '50', tasteWindow: 5 });
      await fillWithBots(carol);
      // The deal: Carol plays first (SF-5), so the table is looked at on her turn, with the game waiting
      // for her; once she leaves, the bots finish it at once, the same game on every run.
      h.deal(await chooseSeed('sf-table-look carol', (s) => sfOpening(s, 5, { target: 50 }).first === 0, 2));
      await start(carol);
      // Five chefs on a phone, mid-game: nothing sideways, no card text past its card, axe-core clean.
      await carol.setViewportSize({ width: 390, height: 844 });
      await sf.status(carol).waitFor();
      await waitUntil(async () => (await carol.locator('.sf-player').count()) === 5, 10_000, 'five chefs');
      expect(await layoutProblems(carol), 'layout, five chefs, 390x844').toEqual([]);
      expect(formatViolations(await axeViolations(carol, { include: '.sf' })), 'axe, five chefs, 390x844').toEqual([]);
      await screenshot(carol, 'sf-look-390-five');
      await carol.setViewportSize({ width: 1440, height: 900 });
      // Carol steps away: a stand-in bot plays her seat, and the bots finish the game quickly.
      await away.leave(carol).click();
      await away.leaveYes(carol).click();
      await sf.endHeading(carol).waitFor({ timeout: 240_000 });

      const chart = carol.locator('figure.sf-chart');
      await chart.waitFor();
      expect(await chart.getByRole('img').count()).toBe(1);
      expect(await chart.locator('.sf-chart-legend li').count()).toBe(5);
      // The chart's table: a row per turn and the start, its last row the ranking's scores.
      const ranking = (await carol.locator('table.sf-ranking tbody tr').evaluateAll((rows) => rows.map((r) => [
        r.querySelector('th')!.textContent!.replace(/ \(you\)$/, ''), Number(r.querySelector('td.num')!.textContent),
      ]))) as [string, number][];
      await chart.locator('summary').click();
      const head = await chart.locator('thead th').allTextContents();
      const rows = chart.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(2);
      const last = (await rows.last().locator('td').allTextContents()).map(Number);
      for (const [name, score] of ranking) expect(last[head.indexOf(name) - 1], `${name}'s last score`).toBe(score);
      expect(Math.max(...ranking.map(([, v]) => v))).toBeGreaterThanOrEqual(50);

      for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
        await carol.setViewportSize(size);
        await settled(carol);
        expect(await layoutProblems(carol), `layout, end screen ${size.width}`).toEqual([]);
        expect(formatViolations(await axeViolations(carol, { include: '.sf' })), `axe, end screen ${size.width}`).toEqual([]);
        await screenshot(carol, `sf-look-end-${size.width}`);
      }

      // Every card, full size, in every language, on a phone: "How to play" shows the table's own cards.
      await carol.goto(`${h.server.url}/learn/stir-fry-eighteen`);
      await carol.locator('.sf-slot').first().waitFor();
      for (const { code, label } of LANGS) {
        await carol.getByRole('combobox', { name: /^(Language|Lingua|言語|언어|Język)$/ }).selectOption({ label });
        await waitUntil(async () => (await carol.evaluate(() => document.documentElement.lang)) === code, 10_000, `the page in ${code}`);
        // The cards speak the language (their names are its own), then the page is drawn.
        await waitUntil(async () => (await carol.locator('.sf-slot .sf-card-name').first().textContent()) === strings(code)(`sf.cards.${SF_CARDS[0]}.name`),
          10_000, `the cards' names in ${code}`);
        await settled(carol);
        expect(await carol.locator('.sf-slot').count()).toBeGreaterThanOrEqual(9);
        expect(await layoutProblems(carol), `every card in ${code}, 390x844`).toEqual([]);
        expect(formatViolations(await axeViolations(carol, { include: '.sf-slot' })), `axe, every card in ${code}`).toEqual([]);
      }
    });
  }, 400_000);

  it('the cards on the table: their text on a long press or keyboard focus, never on a tap, inside a phone\'s window', async () => {
    await withFailureShots('sf-look-table-cards', () => pages, async () => {
      const dan = await personOn(h, 'Dan', '/', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
      pages.push(dan);
      await createTable(dan, { game: 'Stir Fry Eighteen', seats: 2, target: '300', tasteWindow: 5 });
      await fillWithBots(dan);
      // The deal: Dan plays first (SF-5), and the bot trusts both his declarations below (its first
      // two cards as a pair, then its first card as a protein): his cards stay on the table, his own.
      h.deal(await chooseSeed('sf-table-look dan', async (s) => sfOpening(s, 2, { target: 300 }).first === 0
        && (await botAnswersToDan(s)).join() === 'trust,trust'));
      await start(dan);
      // Dan puts two cards down as "a pair": on his table they lie face up to him (his own), for the rest of his turn.
      expect(await untilMyTurn(dan)).toBe('act');
      await select(dan, [0, 1]);
      await press(sf.pairButton(dan));
      await dan.mouse.move(1, 1);
      const onTable = dan.locator('.sf-felt .sf-slot.static:not(.back)');
      await waitUntil(async () => (await onTable.count()) >= 2, 10_000, 'Dan\'s two cards on the table');
      // The bot's taste test (or silence) is over: the table stays as it is until Dan ends his turn.
      await waitUntil(() => sf.endTurn(dan).isEnabled(), 15_000, 'the taste-test window to close');
      // Then one card as a protein: a second stack, a second row of cards on the table.
      const stacks = await dan.locator('.sf-felt .sf-stack').count();
      await select(dan, [0]);
      await press(sf.proteinButton(dan));
      await dan.mouse.move(1, 1);
      await waitUntil(async () => (await dan.locator('.sf-felt .sf-stack').count()) > stacks, 10_000, 'Dan\'s protein on the table');
      await waitUntil(() => sf.endTurn(dan).isEnabled(), 15_000, 'the second taste-test window to close');
      const cards = await onTable.all();
      const textOf = async (card: typeof cards[number]) => {
        const label = (await card.getAttribute('aria-label')) ?? '';
        const c = cardOfLabel(label);
        if (c === null) throw new Error(`unknown card label "${label}"`);
        return en.cards[c].text;
      };
      expect(await onTable.evaluateAll((els) => els.filter((e) => e.hasAttribute('title')).length), 'no title tooltip besides').toBe(0);

      // A plain tap opens nothing.
      expect(await bringUp(cards[0]!), 'the first table card uncovered').toBe(true);
      await tapAlone(dan, cards[0]!);
      expect(await openTips(dan), 'a tap on a table card opens no text').toBe(0);
      // A long press opens the card's text, inside the window, for the leftmost and the rightmost card on the table.
      const xs = await onTable.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right] as const));
      const leftmost = xs.reduce((best, x, i) => (x[0] < xs[best]![0] ? i : best), 0);
      const rightmost = xs.reduce((best, x, i) => (x[1] > xs[best]![1] ? i : best), 0);
      for (const i of new Set([leftmost, rightmost])) {
        const card = cards[i]!;
        expect(await bringUp(card), `table card ${i} uncovered`).toBe(true);
        const id = `sf-look-table-card-${i}`;
        await card.evaluate((el, id) => el.setAttribute('data-test-id', id), id);
        await longPress(dan, `[data-test-id="${id}"]`);
        await waitUntil(async () => (await tipInside(dan)) === 'inside', 5_000, `table card ${i}'s text inside the window`);
        expect(await tipText(dan)).toBe(await textOf(card));
        if (i === rightmost) await screenshot(dan, 'sf-look-390-table-card-tip', 'window');
        await dan.locator('.sf-status').tap();
        await waitUntil(async () => (await openTips(dan)) === 0, 5_000, 'the text to close at the next touch');
      }
      // A card at either edge of the window keeps its text inside the window.
      for (const edge of ['left', 'right'] as const) {
        await cards[0]!.evaluate((el, edge) => { Object.assign((el as HTMLElement).style, { position: 'fixed', top: '300px', [edge]: '0px' }); }, edge);
        await cards[0]!.evaluate((el) => el.setAttribute('data-test-id', 'sf-look-edge'));
        await longPress(dan, '[data-test-id="sf-look-edge"]');
        await waitUntil(async () => (await tipInside(dan)) === 'inside', 5_000, `the text of a card at the window's ${edge} edge inside the window`);
        await screenshot(dan, `sf-look-390-table-card-${edge}-edge`, 'window');
        await dan.locator('.sf-status').tap();
        await waitUntil(async () => (await openTips(dan)) === 0, 5_000, 'the text to close at the next touch');
        await cards[0]!.evaluate((el) => { el.removeAttribute('style'); });
      }

      // A hand card on Dan's turn (selectable): a long press shows its text and selects nothing; a tap selects it.
      const handCard = '.sf-hand-cards .sf-slot:first-child button.sf-card';
      await dan.locator(handCard).scrollIntoViewIfNeeded();
      await longPress(dan, handCard);
      await waitUntil(async () => (await tipInside(dan)) === 'inside', 5_000, 'the long-pressed hand card\'s text');
      await settle(dan);
      expect(await dan.locator(handCard).getAttribute('aria-pressed'), 'a long press on a hand card selects nothing').toBe('false');
      await dan.locator('.sf-status').tap();
      await waitUntil(async () => (await openTips(dan)) === 0, 5_000, 'the text to close at the next touch');
      await tapAlone(dan, dan.locator(handCard));
      await waitUntil(async () => (await dan.locator(handCard).getAttribute('aria-pressed')) === 'true', 5_000, 'a tap to select the hand card');
      expect(await openTips(dan), 'a tap on a hand card opens no text').toBe(0);
      await dan.locator(handCard).tap();
      await waitUntil(async () => (await dan.locator(handCard).getAttribute('aria-pressed')) === 'false', 5_000, 'a second tap to unselect it');

      // By keyboard: Tab onto a table card shows its text, which describes the card; Escape closes it, the card keeps the focus.
      await cards[0]!.focus();
      await dan.keyboard.press('Shift+Tab');
      await dan.keyboard.press('Tab');
      expect(await cards[0]!.evaluate((el) => el === document.activeElement), 'Tab reaches the table card').toBe(true);
      await waitUntil(async () => (await tipInside(dan)) === 'inside', 5_000, 'the focused table card\'s text');
      expect(await tipText(dan)).toBe(await textOf(cards[0]!));
      expect(await cards[0]!.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.getAttribute('role')),
        'the card described by its open tooltip').toBe('tooltip');
      expect(formatViolations(await axeViolations(dan, { include: '.sf' })), 'axe with a table card\'s text open').toEqual([]);
      await screenshot(dan, 'sf-look-390-table-card-focus', 'window');
      await dan.keyboard.press('Escape');
      expect(await openTips(dan), 'the text after Escape').toBe(0);
      expect(await cards[0]!.evaluate((el) => el === document.activeElement), 'the card keeps the keyboard').toBe(true);
      // Closed, the text still describes the card (a hidden element).
      expect(await cards[0]!.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(await textOf(cards[0]!));

      // One Tab stop for all the cards on the felt, between the same neighbours as before: what comes
      // before the felt and what comes after it (the first tabbable outside the felt on either side).
      const count = await onTable.count();
      expect(count, 'several cards on the table').toBeGreaterThanOrEqual(3);
      const neighbours = await dan.evaluate(() => {
        const felt = document.querySelector('.sf-felt')!;
        const tabbable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')]
          .filter((e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0 && !felt.contains(e));
        const before = tabbable.filter((e) => (e.compareDocumentPosition(felt) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0).pop();
        const after = tabbable.find((e) => (e.compareDocumentPosition(felt) & Node.DOCUMENT_POSITION_PRECEDING) !== 0);
        before?.setAttribute('data-test-id', 'sf-before-felt');
        after?.setAttribute('data-test-id', 'sf-after-felt');
        return { before: before !== undefined, after: after !== undefined };
      });
      expect(neighbours, 'something to tab from before the felt and to after it').toEqual({ before: true, after: true });
      await cards[0]!.focus();
      await dan.keyboard.press('Escape');
      await dan.keyboard.press('Shift+Tab');
      expect(await focused(dan), 'Shift+Tab from the first table card').toBe('sf-before-felt');
      await dan.keyboard.press('Tab');
      expect(await focused(dan), 'Tab from before the felt').toBe('table card 0');
      await dan.keyboard.press('Tab');
      expect(await focused(dan), 'the next Tab leaves the table cards').toBe('sf-after-felt');
      await dan.keyboard.press('Shift+Tab');
      expect(await focused(dan), 'Shift+Tab from after the felt').toBe('table card 0');
      // The arrow keys, Home and End move among the cards in reading order; the text follows the focus.
      const keyTo = async (key: string, to: number) => {
        await dan.keyboard.press(key);
        expect(await focused(dan), `${key} to table card ${to}`).toBe(`table card ${to}`);
        await waitUntil(async () => (await tipText(dan)) === await textOf(cards[to]!), 5_000, `table card ${to}'s text after ${key}`);
        expect(await openTips(dan), `one text open after ${key}`).toBe(1);
        await waitUntil(async () => (await tipInside(dan)) === 'inside', 5_000, `table card ${to}'s text inside the window after ${key}`);
      };
      await keyTo('ArrowRight', 1);
      await screenshot(dan, 'sf-look-390-table-card-arrow', 'window');
      await keyTo('ArrowLeft', 0);
      await keyTo('ArrowLeft', 0);
      await keyTo('End', count - 1);
      await keyTo('ArrowRight', count - 1);
      await keyTo('Home', 0);
      // ↓ goes to the first card of the next row of cards (a stack, the last reveal, the last dish), ↑ back to its row's first.
      const nextRow = await onTable.evaluateAll((els) => {
        const row = (e: Element) => e.closest('.sf-cards-row');
        const k = els.findIndex((e) => row(e) !== row(els[0]!));
        return k;
      });
      expect(nextRow, 'the table cards on more than one row').toBeGreaterThan(0);
      await keyTo('ArrowDown', nextRow);
      await keyTo('ArrowUp', 0);
      // Tab comes back to the card last focused.
      await keyTo('ArrowRight', 1);
      await dan.keyboard.press('Tab');
      expect(await focused(dan), 'Tab from a table card reached by the arrows').toBe('sf-after-felt');
      const cardTipOpen = () => cards[1]!.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.getAttribute('role') === 'tooltip');
      await waitUntil(async () => !(await cardTipOpen()), 5_000, 'the table card\'s text to close as the keyboard leaves');
      await dan.keyboard.press('Shift+Tab');
      expect(await focused(dan), 'Shift+Tab back onto the table cards').toBe('table card 1');
      expect(formatViolations(await axeViolations(dan, { include: '.sf' })), 'axe with the keyboard among the table cards').toEqual([]);
      await dan.keyboard.press('Escape');

      // In Polish and Japanese, on the phone and on a desktop's window: the focused card's text, in that language, inside the window.
      const english = await textOf(cards[0]!);
      for (const { code, label } of LANGS.filter((l) => l.code === 'pl' || l.code === 'ja')) {
        await dan.getByRole('combobox', { name: /^(Language|Lingua|言語|언어|Język)$/ }).selectOption({ label });
        await waitUntil(async () => (await dan.evaluate(() => document.documentElement.lang)) === code, 10_000, `the page in ${code}`);
        for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
          await dan.setViewportSize(size);
          await cards[0]!.focus();
          await dan.keyboard.press('Shift+Tab');
          await dan.keyboard.press('Tab');
          await waitUntil(async () => (await tipInside(dan)) === 'inside', 5_000, `the focused table card's text in ${code} at ${size.width}`);
          // The keyboard's card is not left under the docked hand.
          await waitUntil(() => uncovered(cards[0]!), 5_000, `the focused table card uncovered in ${code} at ${size.width}`);
          await waitUntil(async () => (await tipInside(dan)) === 'inside', 5_000, `the text beside the card, once uncovered, in ${code} at ${size.width}`);
          expect(await tipText(dan), `the text in ${code}`).toBe(await cards[0]!.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent));
          expect(await tipText(dan), `the text in ${code}, not English`).not.toBe(english);
          await screenshot(dan, `sf-look-${size.width}-table-card-focus-${code}`, 'window');
          await dan.keyboard.press('Escape');
        }
        await dan.setViewportSize({ width: 390, height: 844 });
      }

      // The keyboard on one of Dan's cards as they go back into the pile (his turn ended, by a click
      // that does not move the keyboard): it stays on the table — the table cards' Tab stop, else
      // the hand — not on the page's body.
      await dan.getByRole('combobox', { name: /^(Language|Lingua|言語|언어|Język)$/ }).selectOption({ label: 'English' });
      await waitUntil(async () => (await dan.evaluate(() => document.documentElement.lang)) === 'en', 10_000, 'the page in English again');
      const own = await dan.locator('.sf-felt .sf-stack .sf-slot.static:not(.back)').first().elementHandle();
      const clickInPlace = (b: Locator) => b.evaluate((el) => (el as HTMLButtonElement).click());
      await own!.focus();
      await clickInPlace(sf.endTurn(dan));
      // Over the hand limit, the cards to discard are chosen first, then the keyboard goes back onto
      // his table card before the discard that ends the turn.
      await waitUntil(async () => (await sf.discardDownButton(dan).isVisible()) || !(await own!.evaluate((el) => el.isConnected)), 15_000, 'the turn to end or a discard-down');
      if (await sf.discardDownButton(dan).isVisible()) {
        await select(dan, discardDownChoice(await readHand(dan)));
        await waitUntil(() => sf.discardDownButton(dan).isEnabled(), 5_000, 'the discard-down ready');
        await own!.focus();
        await clickInPlace(sf.discardDownButton(dan));
      }
      await waitUntil(() => own!.evaluate((el) => !el.isConnected), 30_000, 'Dan\'s cards to go back into the pile');
      await waitUntil(() => dan.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest('.sf') != null), 5_000,
        'the keyboard kept on the table');
    });
  }, 300_000);
});

describe.skipIf(shouldSkip('sf-table-look'))('Stir Fry Eighteen: the whole table in one desktop window', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('sf-table-look', { webRoot: WEB_DIST }); });
  afterAll(async () => { await h?.close(); });

  /** Where the parts of the table lie against the window, at the top of the page. */
  const fit = (page: Page) => page.evaluate(() => {
    window.scrollTo(0, 0);
    const boxes = (s: string) => [...document.querySelectorAll(s)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const outside = (s: string) => boxes(s).filter((r) => r.top < 0 || r.bottom > window.innerHeight + 0.5).map((r) => `${s} at ${Math.round(r.top)}..${Math.round(r.bottom)}`);
    return {
      scrollHeight: document.documentElement.scrollHeight, height: window.innerHeight,
      cards: boxes('.sf-hand-cards button.sf-card').length, buttons: boxes('.sf-buttons button').length,
      outside: [...outside('.sf-hand-cards button.sf-card'), ...outside('.sf-buttons button'), ...outside('.sf-felt'), ...outside('.sf-players'), ...outside('.sf-log')],
    };
  });

  it('1440x900, five chefs mid-game: players, the table, the hand and the moves fit without scrolling, in English, Polish and Japanese; a phone keeps the hand and moves at the bottom', async () => {
    await withFailureShots('sf-fit', () => pages, async () => {
      const fay = await personOn(h, 'Fay', '/', { viewport: { width: 1440, height: 900 } });
      pages.push(fay);
      await createTable(fay, { game: 'Stir Fry Eighteen', seats: 5, target: '300' });
      await fillWithBots(fay);
      // The deal: Fay plays first (SF-5): the table is looked at on her first turn, which waits for her.
      h.deal(await chooseSeed('sf-table-look fay', (s) => sfOpening(s, 5, { target: 300 }).first === 0, 5));
      await start(fay);
      await sf.endTurn(fay).waitFor();
      for (const code of ['en', 'pl', 'ja'] as const) {
        await fay.locator('.top select').selectOption(code);
        await waitUntil(async () => (await fay.evaluate(() => document.documentElement.lang)) === code, 10_000, `the page in ${code}`);
        await waitUntil(async () => ((await fay.locator('.sf-dock h2').first().textContent()) === en.hand.title) === (code === 'en'), 10_000, `the hand's heading in ${code}`);
        const now = await fit(fay);
        expect(now.cards, 'hand cards shown').toBeGreaterThan(0);
        expect(now.buttons, 'moves shown').toBeGreaterThan(0);
        expect(now.scrollHeight, `${code}: the page no taller than the window`).toBeLessThanOrEqual(now.height);
        expect(now.outside, `${code}: parts of the table outside the window`).toEqual([]);
        expect(await overlaps(fay, '.sf-dock', '.sf-felt'), `${code}: the hand docked over the table`).toEqual([]);
        expect(formatViolations(await axeViolations(fay)), `axe ${code}`).toEqual([]);
        await screenshot(fay, `sf-fit-1440-${code}`);
      }
      // The phone: the table scrolls, the hand and the moves stay docked at the bottom of the window.
      await fay.setViewportSize({ width: 390, height: 844 });
      await waitUntil(async () => (await fit(fay)).outside.every((o) => !o.startsWith('.sf-buttons') && !o.startsWith('.sf-hand-cards')), 10_000, 'the hand and moves inside the phone\'s window');
      await screenshot(fay, 'sf-fit-390-ja');
    });
  }, 240_000);
});
