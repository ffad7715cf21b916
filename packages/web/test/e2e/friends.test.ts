/**
 * Friends in Chromium: Ann (an account) opens /friends, asks Bob by name, and Bob, on his page,
 * accepts; Ann then blocks Bob from her list and finds him under "Blocked players". At 1280 px in
 * English and 390 px in Japanese, axe finds nothing and nothing leaves the window; every control is
 * a button or a field reached by Tab.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/friends.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/friends.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, screenshot, shouldSkip, startHarness, withFailureShots } from './support/e2e.js';

const say = (s: string, name: string) => s.replace('{{name}}', name);

describe.skipIf(shouldSkip('friends'))('Friends', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('friends'); });
  afterAll(async () => { await h?.close(); });

  const account = async (name: string) => {
    const made = await fetch(`${h.server.url}/api/accounts`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'correct horse battery' }),
    });
    expect(made.status).toBe(201);
    return (await made.json() as { token: string }).token;
  };
  const open = async (token: string, lang: string, width: number) => {
    const context = await h.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    context.setDefaultTimeout(30_000);
    await context.addInitScript(([t, l]) => { localStorage.setItem('parlor.token', t!); localStorage.setItem('parlor.lang', l!); }, [token, lang]);
    const page = await context.newPage();
    pages.push(page);
    await page.goto(`${h.server.url}/friends`);
    return page;
  };
  const clean = async (page: Page, what: string) => {
    expect(formatViolations(await axeViolations(page)), `axe: ${what}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), what).toBeLessThanOrEqual(0);
  };

  it('a request sent, accepted on the other page, and a block, by keyboard and click, at 1280 and 390 px', async () => {
    await withFailureShots('friends', () => pages, async () => {
      const annToken = await account('Ann');
      const bobToken = await account('Bob');
      const ann = await open(annToken, 'en', 1280);
      await ann.getByRole('heading', { name: en.title, level: 1 }).waitFor();
      await ann.getByRole('textbox', { name: en.askLabel }).fill('Bob');
      await ann.getByRole('textbox', { name: en.askLabel }).press('Enter');
      await ann.getByRole('status').getByText(say(en.sent, 'Bob')).waitFor();
      await clean(ann, 'Ann, a request sent, en 1280');

      const bob = await open(bobToken, 'ja', 390);
      await bob.getByRole('button', { name: say(ja.accept, 'Ann') }).click();
      await bob.getByRole('status').getByText(say(ja.accepted, 'Ann')).waitFor();
      await bob.locator('.friends-page li').getByText(ja.online, { exact: true }).waitFor();
      await clean(bob, 'Bob, friends, ja 390');
      await screenshot(bob, 'friends-ja-390');

      await ann.reload();
      const block = ann.getByRole('button', { name: say(en.block, 'Bob') });
      await block.focus();
      await ann.keyboard.press('Enter');
      await ann.getByRole('button', { name: say(en.unblock, 'Bob') }).waitFor();
      await ann.getByText(en.noFriends).waitFor();
      await clean(ann, 'Ann, Bob blocked, en 1280');
      await screenshot(ann, 'friends-en-1280');
    });
  });
});
