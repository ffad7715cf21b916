/**
 * Issue 10 in the browser: the away banner, the player cards' away badge, "Replace with a bot", and
 * a person who keeps playing in the background while a test looks at someone else's page.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import en from '../../../src/i18n/locales/en/common.json' with { type: 'json' };
import { type Harness, firstVisible, screenshot, waitUntil } from './e2e.js';
import { cookBest, discardDown, endTurn, nextMoment, trust } from './sf.js';

export const away = {
  /** The banner shown while a stand-in bot plays my seat. */
  banner: (page: Page): Locator => page.getByRole('alert').filter({ has: page.getByRole('button', { name: en.presence.back }) }),
  back: (page: Page): Locator => page.getByRole('button', { name: en.presence.back }),
  leave: (page: Page): Locator => page.getByRole('button', { name: en.presence.leave }),
  leaveYes: (page: Page): Locator => page.getByRole('button', { name: en.presence.leaveYes }),
  /** The away badge on a player card (Stir Fry Eighteen's chefs, Flip 7's lines) whose text has `name`. */
  badge: (page: Page, name: string): Locator =>
    page.locator('.sf-player, .f7-player').filter({ hasText: name }).locator('.badge-away'),
  /** "Replace with a bot" for one player (accessible name "Replace with a bot — <name>": the visible words, then whose seat). */
  replace: (page: Page, name: string): Locator => page.getByRole('button', { name: `${en.presence.replace} — ${name}`, exact: true }),
  /** The log lines a stand-in made for `name` ("… (bot for Dana)"). */
  standInLines: (page: Page, name: string): Locator =>
    page.locator('.sf-log li, .f7-log li').filter({ hasText: `(${en.presence.standIn.replace('{{name}}', name)})` }),
};

/**
 * Holds the server's time (h.time) at the moment a person's page is told that the game asks their
 * seat to move, and no stand-in plays it, once armed: from then on their move timer cannot run out,
 * however long the page takes to show the turn. `watch` goes to person()'s `before` (it reads what
 * every page of the person's context receives); `held` resolves once the time is held.
 */
export function holdWhenAsked(h: Harness): { watch: (context: BrowserContext) => Promise<void>; arm(): void; readonly held: Promise<void> } {
  let armed = false;
  let away = false;
  let done: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { done = resolve; });
  type Frame = { type?: unknown; legal?: unknown; yourSeats?: number[]; table?: { seats: { away?: boolean }[] } };
  const onFrame = (payload: string | Buffer) => {
    let m: Frame;
    try { m = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as Frame; } catch { return; }
    // The table's seats come before the game whenever presence changes (broadcast.ts): whether a
    // stand-in plays the person's seat (the game's legal moves are sent for the seat all the same).
    if (m.type === 'table' && m.table !== undefined) away = (m.yourSeats ?? []).some((seat) => m.table!.seats[seat]?.away === true);
    if (!armed || away || m.type !== 'game' || !Array.isArray(m.legal) || m.legal.length === 0) return;
    armed = false;
    h.time.hold();
    done();
  };
  return {
    watch: async (context) => {
      context.on('page', (p) => p.on('websocket', (ws) => ws.on('framereceived', (f) => onFrame(f.payload))));
    },
    arm: () => { armed = true; },
    held,
  };
}

/** A screenshot at a given viewport size (artifacts/e2e/<name>.png); the viewport is left at that size. */
export async function shotAt(page: Page, name: string, width: number, height: number): Promise<string> {
  await page.setViewportSize({ width, height });
  // One frame at the new width before the picture.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return screenshot(page, name);
}

/** One Stir Fry Eighteen step for this page, if it is asked something within a second: trust, discard down, cook or end the turn. */
async function sfStep(page: Page): Promise<boolean> {
  const moment = await nextMoment(page, 1_000).catch(() => null);
  if (moment === null || moment === 'over') return false;
  if (moment === 'taste') await trust(page);
  else if (moment === 'discard-down') await discardDown(page);
  else if (await cookBest(page) === null) await endTurn(page);
  return true;
}

/** One Flip 7 step: give an action card to someone else when asked; hit below 15 points, else stay. */
async function f7Step(page: Page): Promise<boolean> {
  const moment = await firstVisible({
    give: page.getByRole('group', { name: /^Who gets / }),
    move: page.getByRole('button', { name: /^Stay/ }),
  }, 1_000, 'a decision').catch(() => null);
  if (moment === null) return false;
  if (moment === 'give') {
    const group = page.getByRole('group', { name: /^Who gets / });
    // Each receiver is named by what it shows (who, their points), then what it does.
    const others = group.getByRole('button', { name: /, Give .+ to / });
    await (await others.count() > 0 ? others.first() : group.getByRole('button').first()).click();
  } else {
    const stay = page.getByRole('button', { name: /^Stay/ });
    const hit = page.getByRole('button', { name: /^(Hit|Take the deal card)/ });
    const points = Number(/Bank (-?\d+) points?/.exec((await stay.textContent()) ?? '')?.[1] ?? '0');
    if ((points < 15 && await hit.isEnabled()) || !(await stay.isEnabled())) await hit.click(); else await stay.click();
  }
  await waitUntil(async () => (await page.locator('.f7-controls[aria-busy="true"]').count()) === 0, 30_000, 'the move to be taken');
  return true;
}

/**
 * Plays this page's seat in the background, as a person would, until `stop()`, which waits for the
 * step under way. A step is never tried again: the first that fails ends the play, and `stop()`
 * fails with it (the game then was not where the test meant it to be).
 */
export function keepPlaying(page: Page, game: 'sf' | 'f7'): { stop(): Promise<number> } {
  let stopped = false;
  let steps = 0;
  let failure: unknown = null;
  const step = game === 'sf' ? sfStep : f7Step;
  const run = (async () => {
    while (!stopped && !page.isClosed()) {
      try {
        if (await step(page)) steps++;
      } catch (e) {
        failure = e;
        console.error(`background play failed: ${(e as Error).message.split('\n')[0]}`);
        return;
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await run;
      if (failure !== null) throw failure;
      return steps;
    },
  };
}
