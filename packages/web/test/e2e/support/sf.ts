/**
 * Reading and playing the Stir Fry Eighteen table through the page, by roles and accessible names
 * (the English strings come from the locale files, so a reworded label does not break these).
 */
import { type SfCard, SF_CARDS, SF_HAND_LIMIT, sfCheckDish, sfCardValue } from '@parlor/rules';
import type { Locator, Page } from 'playwright-core';
import en from '../../../src/i18n/locales/en/sf.json' with { type: 'json' };
import { firstVisible, waitUntil } from './e2e.js';

const NAME_TO_CARD = new Map<string, SfCard>(SF_CARDS.map((c) => [en.cards[c].name, c]));
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const sf = {
  hand: (page: Page): Locator => page.getByRole('group', { name: en.hand.title }).getByRole('button'),
  status: (page: Page): Locator => page.locator('.sf-status-main strong'),
  endHeading: (page: Page): Locator => page.locator('#sf-end-h'),
  tastePrompt: (page: Page): Locator => page.getByRole('alertdialog', { name: en.taste.title }),
  endTurn: (page: Page): Locator => page.getByRole('button', { name: en.actions.endTurn, exact: true }),
  pairButton: (page: Page): Locator => page.getByRole('button', { name: en.actions.pair, exact: true }),
  proteinButton: (page: Page): Locator => page.getByRole('button', { name: new RegExp(`^${esc(en.actions.protein)}`) }),
  cookButton: (page: Page): Locator => page.getByRole('button', { name: /^Cook/ }),
  discardDownButton: (page: Page): Locator => page.getByRole('button', { name: /^Discard \d+ cards?$/ }),
  preview: (page: Page): Locator => page.locator('.sf-preview'),
  reveal: (page: Page): Locator => page.locator('.sf-reveal'),
  log: (page: Page): Locator => page.getByRole('region', { name: en.log.title }),
};

/** The hand as card ids, in page order ("Noodles, 1 points" → noodles). */
export async function readHand(page: Page): Promise<SfCard[]> {
  const labels = await sf.hand(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => {
    const name = l.slice(0, l.lastIndexOf(','));
    const card = NAME_TO_CARD.get(name);
    if (card === undefined) throw new Error(`unknown card label "${l}"`);
    return card;
  });
}

/** Clicks the hand cards at these positions (toggle buttons) and checks they read as pressed. */
export async function select(page: Page, positions: readonly number[]): Promise<void> {
  for (const i of positions) {
    const b = sf.hand(page).nth(i);
    await b.click();
    await waitUntil(async () => (await b.getAttribute('aria-pressed')) === 'true', 5_000, `card ${i} to be selected`);
  }
}

/** The best legal dish in `hand` (positions), by the rules package's scoring; null when none. */
export function bestDish(hand: readonly SfCard[]): { positions: number[]; points: number } | null {
  let best: { positions: number[]; points: number } | null = null;
  const n = hand.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const positions = [...Array(n).keys()].filter((i) => (mask >> i) & 1);
    if (positions.length < 3 || positions.length > 5) continue;
    const r = sfCheckDish(positions.map((i) => hand[i]!));
    if (r.legal && r.points > 0 && (best === null || r.points > best.points)) best = { positions, points: r.points };
  }
  return best;
}

/** Positions of two identical cards, if any. */
export function realPair(hand: readonly SfCard[]): [number, number] | null {
  for (let i = 0; i < hand.length; i++) {
    for (let j = i + 1; j < hand.length; j++) if (hand[i] === hand[j]) return [i, j];
  }
  return null;
}

/** The cards to throw when discarding down: keep Noodles and the best singles, throw the rest. */
export function discardDownChoice(hand: readonly SfCard[]): number[] {
  const need = hand.length - SF_HAND_LIMIT;
  const worth = (c: SfCard, i: number) => {
    const dup = hand.slice(0, i).includes(c) ? -20 : 0;
    return (c === 'noodles' ? 50 : sfCardValue(c, [c])) + dup;
  };
  return hand.map((c, i) => ({ i, w: worth(c, i) })).sort((a, b) => a.w - b.w).slice(0, need).map((x) => x.i);
}

/** What this seat is asked now, as the page shows it. */
export type SfMoment = 'over' | 'taste' | 'discard-down' | 'act';

export async function nextMoment(page: Page, timeoutMs: number): Promise<SfMoment> {
  return firstVisible({
    over: sf.endHeading(page),
    taste: sf.tastePrompt(page).getByRole('button', { name: en.taste.trust }),
    'discard-down': sf.discardDownButton(page),
    act: page.getByRole('group', { name: en.actions.title }).getByRole('button', { name: en.actions.endTurn, exact: true }),
  }, timeoutMs, 'this seat to be asked something (or the end screen)');
}

/** Clicks a button once it is enabled. */
export async function press(button: Locator, timeoutMs = 15_000): Promise<void> {
  await waitUntil(() => button.isEnabled(), timeoutMs, `"${String(button)}" to be enabled`);
  await button.click();
}

/** Discard-down: select the cards the page asks for and confirm. */
export async function discardDown(page: Page): Promise<void> {
  const hand = await readHand(page);
  await select(page, discardDownChoice(hand));
  const turn = await turnNumber(page);
  await press(sf.discardDownButton(page));
  await waitUntil(async () => !(await sf.discardDownButton(page).isVisible()) || (await turnNumber(page)) !== turn,
    15_000, 'the discard-down to be taken');
}

/**
 * Cooks the best dish in hand if there is one: selects its cards, checks the page's live preview
 * and the Cook button agree with the rules' score, and cooks. Returns the points, or null.
 */
export async function cookBest(page: Page): Promise<number | null> {
  const hand = await readHand(page);
  const dish = bestDish(hand);
  if (dish === null) return null;
  await select(page, dish.positions);
  const preview = sf.preview(page);
  await waitUntil(async () => (await preview.textContent())?.startsWith(`This dish scores ${dish.points} points`) ?? false,
    10_000, `the preview to say ${dish.points} points`);
  const cook = page.getByRole('button', { name: `Cook (${dish.points} points)` });
  const cooked = page.locator('li.sf-log-cook');
  const count = await cooked.count();
  await press(cook);
  // The cards leave the hand (and the dish's draw comes in), or the dish ended the game.
  const before = hand.join('|');
  await waitUntil(async () => (await sf.endHeading(page).isVisible()) || (await cooked.count()) !== count
    || (await readHand(page)).join('|') !== before, 15_000, 'the dish to leave the hand');
  return dish.points;
}

/** The turn number the status bar shows ("Turn 7"), or null once the game is over. */
export async function turnNumber(page: Page): Promise<number | null> {
  const badge = page.locator('.sf-status-facts .badge', { hasText: /^Turn \d+$/ });
  if ((await badge.count()) === 0) return null;
  return Number((await badge.first().textContent())!.replace(/\D/g, ''));
}

/** Ends the turn (and discards down if the page asks); returns once the turn has moved on, and whether it discarded down. */
export async function endTurn(page: Page): Promise<boolean> {
  const turn = await turnNumber(page);
  await press(sf.endTurn(page));
  const moved = async () => (await turnNumber(page)) !== turn || await sf.endHeading(page).isVisible();
  await waitUntil(async () => await moved() || await sf.discardDownButton(page).isVisible(), 15_000, 'the turn to end');
  if (await sf.discardDownButton(page).isVisible()) {
    await discardDown(page);
    await waitUntil(moved, 15_000, 'the turn to end after discarding down');
    return true;
  }
  return false;
}

/** Answers a taste-test prompt with Trust (the window may also close on its own meanwhile: silence trusts). */
export async function trust(page: Page): Promise<void> {
  const prompt = sf.tastePrompt(page);
  try {
    await press(prompt.getByRole('button', { name: en.taste.trust }), 10_000);
  } catch (e) {
    if (await prompt.isVisible()) throw e;
  }
  await prompt.waitFor({ state: 'detached', timeout: 30_000 });
}

/**
 * Answers what comes first (Trust for taste tests, discard-down when asked) until this seat may
 * act on its turn; returns 'act', or 'over' if the game ended first.
 */
export async function untilMyTurn(page: Page, timeoutMs = 60_000): Promise<'act' | 'over'> {
  for (;;) {
    const moment = await nextMoment(page, timeoutMs);
    if (moment === 'act' || moment === 'over') return moment;
    if (moment === 'taste') await trust(page);
    else {
      await discardDown(page);
    }
  }
}

/** The card a card's accessible name names ("Chicken, 5 points" → chicken), or null. */
export function cardOfLabel(label: string): SfCard | null {
  return NAME_TO_CARD.get(label.slice(0, label.lastIndexOf(','))) ?? null;
}
