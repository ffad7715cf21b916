/**
 * Issue 11, items 2, 4 and 5 in Chromium: the first screen invites play — "Play now against bots" for
 * a first visitor (a name offered, a table with bots started at once), "Join an open table", how many
 * people are online (kept fresh) — and shows no connection state before there is something to
 * connect. Then: "Your games" keeps a private table for its creator (after a reload too), the turn
 * cue sounds, the chat has times and sits beside the game on a wide screen, the settings are
 * remembered, and the keyboard's place survives the seat buttons that disappear when used.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import { webRoot } from './f7-support.js';
import { chooseSeed, f7Opening } from './support/deals.js';
import { type Harness, createTable, person, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

/** A first visit: a page with nobody signed in, whose Web Audio notes are recorded (frequencies, in order). */
async function visitor(h: Harness, width = 1440, height = 900): Promise<Page> {
  const context = await h.browser.newContext({ locale: 'en-US', viewport: { width, height } });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(() => {
    const w = window as unknown as { notes: number[]; AudioContext: unknown };
    w.notes = [];
    const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    class FakeAudio {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume() { return Promise.resolve(); }
      createGain() { return { gain: param(), connect: (x: unknown) => x }; }
      createOscillator() {
        const frequency = { ...param(), set value(v: number) { w.notes.push(v); }, get value() { return 0; } };
        return { type: 'sine', frequency, connect: (x: unknown) => x, start() {}, stop() {} };
      }
    }
    w.AudioContext = FakeAudio;
  });
  const page = await context.newPage();
  await page.goto(h.server.url);
  await page.getByLabel(en.name.label).waitFor();
  return page;
}
const notes = (page: Page) => page.evaluate(() => (window as unknown as { notes: number[] }).notes);
const activeTag = (page: Page) => page.evaluate(() => {
  const a = document.activeElement;
  return a === null || a === document.body ? 'BODY' : `${a.tagName}:${(a.textContent ?? '').trim().slice(0, 40)}`;
});

describe.skipIf(shouldSkip('first-screen'))('The first screen and the lobby', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => {
    h = await startHarness('first-screen', { webRoot: webRoot() });
    h.server.hub.onlineEveryMs = 100;
  });
  afterAll(async () => { await h?.close(); });

  it('Play now against bots: a first visitor plays at once; the private table stays theirs in the lobby, after a reload too', async () => {
    await withFailureShots('first-screen-bots', () => pages, async () => {
      const page = await visitor(h);
      pages.push(page);
      // No connection state before a name; a name is offered.
      expect(await page.locator('.conn').count()).toBe(0);
      const offered = await page.getByLabel(en.name.label).inputValue();
      expect(offered).toMatch(/^Guest \d{4}$/);
      // The deal (Flip 7, three seats, the default target): the visitor's seat is the first the game
      // asks (F7-3, F7-4), so their turn is there as soon as the game starts.
      h.deal(await chooseSeed('first-screen bots', (s) => f7Opening(s, 3, 200).toAct.join() === '0', 1));
      await page.getByRole('button', { name: `${en.home.playBots}: Flip 7` }).click();
      await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      const tableId = /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname)![1]!;
      await page.getByRole('status').filter({ hasText: en.app.connection.open }).waitFor();
      expect(await page.locator('.top .who').textContent()).toBe(offered);
      // The game runs (the seats fold away), with two bots; the keyboard is on the page's heading.
      await page.locator('.f7').waitFor();
      await page.locator('details.seats-folded').waitFor();
      expect(await page.locator('.seat-bot').count()).toBe(2);
      await waitUntil(async () => (await activeTag(page)) === 'H1:Flip 7', 10_000, 'the keyboard on the table\'s heading');
      // My turn comes (hit or stay, or a card to give): its cue sounds (two rising notes).
      await page.locator('.f7-controls button').first().waitFor({ timeout: 60_000 });
      await waitUntil(async () => { const n = await notes(page); return n.includes(660) && n.includes(880); }, 10_000, 'the turn cue');

      // The chat: beside the game on a wide screen, each line with its time.
      const chat = await page.locator('.table-body > .chat').boundingBox();
      const game = await page.locator('.table-main').boundingBox();
      expect(chat!.x).toBeGreaterThanOrEqual(game!.x + game!.width);
      await page.getByRole('textbox', { name: en.table.chatPlaceholder }).fill('good luck');
      await page.getByRole('button', { name: en.table.send }).click();
      const line = page.locator('.chat li', { hasText: 'good luck' });
      await line.waitFor();
      expect(await line.locator('time').textContent()).toMatch(/^\d{1,2}:\d{2}\s?(AM|PM)$/);
      await screenshot(page, 'table-chat-1440');

      // Back in the lobby, the private table is among "Your games" (the public list never has it).
      await page.getByRole('link', { name: /Back to the lobby/ }).click();
      const yours = page.locator('.yours .table-row');
      await yours.filter({ hasText: 'Flip 7' }).filter({ hasText: en.lobby.private }).waitFor();
      expect(await page.locator('.table-row', { hasText: en.lobby.private }).count()).toBe(1);
      // The keyboard went to the lobby's heading.
      await waitUntil(async () => (await activeTag(page)) === `H1:${en.home.title}`, 10_000, 'the keyboard on the lobby\'s heading');
      // After a reload, from the welcome's seatedAt.
      await page.reload();
      await yours.first().waitFor();
      expect(await yours.count()).toBe(1);
      await yours.getByRole('button', { name: en.lobby.open }).click();
      await page.waitForURL(new RegExp(`/t/${tableId}$`));
      await page.locator('.f7').waitFor();
    });
  }, 180_000);

  it('Join an open table: a seat at the table waiting for players, or a word that there is none', async () => {
    await withFailureShots('first-screen-join', () => pages, async () => {
      const bob = await person(h, 'Bob');
      pages.push(bob);
      const tableId = await createTable(bob, { game: 'Stir Fry Eighteen', seats: 2 });
      // Bob's lobby count, kept fresh: it grows when Cat arrives.
      const cat = await visitor(h, 390, 844);
      pages.push(cat);
      await cat.getByLabel(en.name.label).fill('Cat');
      await cat.getByRole('button', { name: en.home.quickJoin }).click();
      await cat.waitForURL(new RegExp(`/t/${tableId}$`));
      await cat.locator('.seat-name', { hasText: 'Cat (you)' }).waitFor();
      await bob.locator('.seat-name', { hasText: 'Cat' }).waitFor();

      // The table is full now: Dan hears there is no free seat, and sees the lobby as it is.
      const dan = await visitor(h, 390, 844);
      pages.push(dan);
      await dan.getByLabel(en.name.label).fill('Dan');
      await dan.getByRole('button', { name: en.home.quickJoin }).click();
      await dan.getByRole('status').filter({ hasText: en.home.noOpenTable }).waitFor();
      expect(new URL(dan.url()).pathname).toBe('/');
      await dan.locator('.table-row', { hasText: 'Cat' }).waitFor();
      await screenshot(dan, 'lobby-no-open-table-390');
    });
  }, 120_000);

  it('the online count follows people coming and going', async () => {
    await withFailureShots('first-screen-online', () => pages, async () => {
      const eve = await person(h, 'Eve');
      pages.push(eve);
      const count = eve.locator('.online-count');
      await count.waitFor();
      const before = Number(/\d+/.exec((await count.textContent())!)![0]);
      const fay = await person(h, 'Fay');
      await eve.locator('.online-count', { hasText: `${before + 1} players online` }).waitFor();
      await fay.context().close();
      await eve.locator('.online-count', { hasText: `${before} players online` }).waitFor();
    });
  }, 120_000);

  it('settings: pace and sounds, remembered; the keyboard stays in a seat whose button went', async () => {
    await withFailureShots('first-screen-settings', () => pages, async () => {
      const gus = await person(h, 'Gus');
      pages.push(gus);
      const toggle = gus.getByRole('button', { name: en.settings.title });
      await toggle.click();
      await gus.getByRole('radio', { name: en.settings.paces.fast }).check();
      await gus.getByRole('switch', { name: en.settings.sound }).uncheck();
      await gus.keyboard.press('Escape');
      expect(await activeTag(gus)).toBe(`BUTTON:${en.settings.title}`);
      await gus.reload();
      await gus.getByRole('status').filter({ hasText: en.app.connection.open }).waitFor();
      await toggle.click();
      expect(await gus.getByRole('radio', { name: en.settings.paces.fast }).isChecked()).toBe(true);
      expect(await gus.getByRole('switch', { name: en.settings.sound }).isChecked()).toBe(false);
      await gus.keyboard.press('Escape');

      // "+ Basic bot" goes once the bot sits: the keyboard moves to that seat's "Remove bot", not the page.
      await createTable(gus, { game: 'Flip 7', seats: 3 });
      await gus.getByRole('button', { name: '+ Basic bot' }).first().click();
      await waitUntil(async () => (await gus.locator('.seat-bot').count()) === 1, 10_000, 'the bot to sit');
      await waitUntil(async () => (await activeTag(gus)) === `BUTTON:${en.table.removeBot}`, 10_000, 'the keyboard on "Remove bot"');
      await gus.keyboard.press('Enter');
      await waitUntil(async () => (await gus.locator('.seat-bot').count()) === 0, 10_000, 'the bot to leave');
      await waitUntil(async () => (await activeTag(gus)).startsWith('BUTTON:+ '), 10_000, 'the keyboard on the seat\'s bot buttons');
    });
  }, 120_000);
});
