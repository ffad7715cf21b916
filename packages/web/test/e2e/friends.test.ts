/**
 * Friends in Chromium: Ann (an account) opens /friends, asks Bob by name, and Bob, on his page,
 * accepts; Ann then blocks Bob from her list and finds him under "Blocked players". At 1280 px in
 * English and 390 px in Japanese, axe finds nothing and nothing leaves the window; every control is
 * a button or a field reached by Tab.
 *
 * From a profile and at a table: Ada asks Ben from his profile, Ben accepts on hers (and opens, then
 * keeps back, the block question); Ada creates a table inviting Ben in one step, and Ben's page
 * shows the invitation; her invite form offers Ben, online, with one button (invited already, it says); Ada mutes the table's
 * chat, and a line Ben sends then never reaches her page, while one sent after she unmutes does;
 * with all chat muted on the Friends page, Ben's chat panel says so and links there.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/friends.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja/friends.json' with { type: 'json' };
import enCommon from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import jaCommon from '../../src/i18n/locales/ja/common.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { ARTIFACTS, type Harness, screenshot, shouldSkip, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const say = (s: string, name: string) => s.replaceAll('{{name}}', name);

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
  const open = async (token: string, lang: string, width: number, path = '/friends') => {
    const context = await h.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    context.setDefaultTimeout(30_000);
    await context.addInitScript(([t, l]) => { localStorage.setItem('parlor.token', t!); localStorage.setItem('parlor.lang', l!); }, [token, lang]);
    const page = await context.newPage();
    pages.push(page);
    await page.goto(`${h.server.url}${path}`);
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

  it('a request from a profile, a table made with a friend invited, and its chat muted, at 1280 and 390 px', async () => {
    await withFailureShots('friends-profile', () => pages, async () => {
      const adaToken = await account('Ada');
      const benToken = await account('Ben');
      const ada = await open(adaToken, 'en', 1280, '/players/Ben');
      await ada.getByRole('button', { name: en.profile.add }).click();
      await ada.getByText(en.profile.requestSent).waitFor();
      await ada.getByRole('button', { name: en.profile.cancel }).waitFor();
      await clean(ada, 'Ada, on Ben\'s profile, a request sent, en 1280');
      await screenshot(ada, 'friends-profile-en-1280');

      const ben = await open(benToken, 'ja', 390, '/players/Ada');
      await ben.getByText(say(ja.profile.asked, 'Ada')).waitFor();
      await ben.getByRole('button', { name: ja.profile.accept, exact: true }).click();
      await ben.getByText(ja.profile.isFriend).waitFor();
      await ben.getByRole('button', { name: ja.profile.remove }).waitFor();
      // Blocking asks first, saying that it ends the friendship; "don't block" keeps everything.
      await ben.getByRole('button', { name: ja.profile.block, exact: true }).click();
      const ask = ben.getByRole('group', { name: say(ja.profile.blockAsk, 'Ada') });
      await ask.waitFor();
      expect(await ask.getByRole('button', { name: say(ja.profile.blockConfirm, 'Ada') }).evaluate((b) => b === document.activeElement)).toBe(true);
      await clean(ben, 'Ben, friends, the block question, ja 390');
      await screenshot(ben, 'friends-profile-block-ja-390');
      await ben.keyboard.press('Escape');
      await ask.waitFor({ state: 'hidden' });
      await ben.getByText(ja.profile.isFriend).waitFor();

      // Ada makes a table and ticks Ben (online) among the friends to invite.
      await ada.goto(`${h.server.url}/`);
      await ada.getByRole('button', { name: 'Create a table' }).click();
      const group = ada.getByRole('group', { name: en.create.legend });
      await group.getByRole('checkbox', { name: /^Ben/ }).check();
      await clean(ada, 'Ada, the create form with a friend ticked, en 1280');
      await group.screenshot({ path: `${ARTIFACTS}/friends-create-en-1280.png` });
      await ada.getByRole('button', { name: 'Create table' }).click();
      await ada.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      const tableId = /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(ada.url()).pathname)![1]!;
      const invitation = ben.locator('.invitation', { hasText: 'Ada' });
      await invitation.waitFor();

      // At the table, her invite form offers Ben, online and not seated, with one button; he has
      // been invited with the table already, which the form says.
      await ada.getByRole('button', { name: say(enCommon.invitations.form.inviteFriend, 'Ben') }).click();
      await ada.getByRole('status').getByText(enCommon.errors.ALREADY_INVITED).waitFor();

      await invitation.getByRole('button', { name: jaCommon.invitations.open }).click();
      await ben.waitForURL(new RegExp(`/t/${tableId}$`));
      await ben.getByRole('textbox', { name: jaCommon.table.chatPlaceholder }).waitFor();

      // Muted: Ben's first line comes back to Ben only.
      const mute = ada.getByRole('checkbox', { name: enCommon.table.muteChat });
      await mute.check();
      await ada.getByText(enCommon.table.chatMuted).waitFor();
      await waitUntil(async () => !(await mute.isDisabled()), 10_000, 'the mute to be stored');
      await clean(ada, 'Ada, the table with its chat muted, en 1280');
      await screenshot(ada, 'friends-table-muted-en-1280');
      const line = async (text: string) => {
        await ben.getByRole('textbox', { name: jaCommon.table.chatPlaceholder }).fill(text);
        await ben.getByRole('textbox', { name: jaCommon.table.chatPlaceholder }).press('Enter');
        await ben.locator('.chat li', { hasText: text }).waitFor();
      };
      await line('line one, muted');
      await mute.uncheck();
      await waitUntil(async () => !(await mute.isDisabled()) && !(await mute.isChecked()) && (await ada.getByText(enCommon.table.chatMuted).count()) === 0,
        10_000, 'the mute to be lifted');
      await line('line two, heard');
      await ada.locator('.chat li', { hasText: 'line two, heard' }).waitFor();
      expect(await ada.locator('.chat li', { hasText: 'line one, muted' }).count()).toBe(0);
      await clean(ada, 'Ada, the table, chat on again, en 1280');
      await clean(ben, 'Ben, the table, ja 390');
      await screenshot(ben, 'friends-table-ja-390');

      // All chat muted, on the Friends page: the table's panel says so, and links there.
      expect(await ben.getByRole('link', { name: jaCommon.table.chatMutedAllLink }).count()).toBe(0);
      await ben.goto(`${h.server.url}/friends`);
      // (A click, not check(): the page's switch moves once the server has answered.)
      await ben.getByRole('checkbox', { name: ja.muteAll }).click();
      await ben.getByRole('status').getByText(ja.mutedAll).waitFor();
      await ben.goto(`${h.server.url}/t/${tableId}`);
      await ben.getByText(jaCommon.table.chatMutedAll).waitFor();
      await clean(ben, 'Ben, the table, all chat muted, ja 390');
      await screenshot(ben, 'friends-table-all-muted-ja-390');
      await ben.getByRole('link', { name: jaCommon.table.chatMutedAllLink }).click();
      await ben.waitForURL(/\/friends$/);
      await ben.getByRole('checkbox', { name: ja.muteAll, checked: true }).click();
      await ben.getByRole('status').getByText(ja.unmutedAll).waitFor();
    });
  });
});
