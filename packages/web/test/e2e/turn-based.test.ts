/**
 * The turn-based pages in Chromium, against the real server, each checked by axe-core (WCAG 2.2 AA
 * and best practices) on a desktop window and a 390 px phone, and reached with the keyboard alone:
 *  - the create form's turn-based mode: its fields (time per move, time bank, vacations; a Stir Fry
 *    Eighteen table's window too) and, for Flip 7, the gentle note that it is at its best live;
 *  - the lobby's mode filter (all, real-time, turn-based), moved by the arrow keys, and each
 *    turn-based table's pace;
 *  - a turn-based table under way: the move's countdown in days and hours, each seat's time bank;
 *  - the invite form at a table, and the invitation it sends shown on the invitee's page, whose
 *    "Open table" opens the table;
 *  - the account page's notification settings.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import { axeViolations, formatViolations } from './support/axe.js';
import { type Harness, fillWithBots, person, screenshot, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';

const FILE = 'turn-based.test.ts';
const PASSWORD = 'correct horse battery';

/** Focus goes to the top of the page, then Tab is pressed until `target` has it (at most `max` times). */
async function tabTo(page: Page, target: Locator, what: string, max = 120): Promise<void> {
  await page.evaluate(() => {
    document.body.setAttribute('tabindex', '-1');
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${what}: not reached with Tab in ${max} presses`);
}

/** axe finds nothing, on a desktop window and on a 390 px phone (no sideways scroll there). */
async function clean(page: Page, what: string): Promise<void> {
  expect(formatViolations(await axeViolations(page)), `axe, ${what}, 1280x900`).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `no sideways scroll, ${what}, 390`).toBeLessThanOrEqual(0);
  expect(formatViolations(await axeViolations(page)), `axe, ${what}, 390x844`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The player's name becomes an account (the claim page), so that notifications and invitations reach it. */
async function claim(page: Page, h: Harness, name: string): Promise<void> {
  await page.goto(`${h.server.url}/account/claim`);
  await page.getByLabel(account.fields.newPassword, { exact: true }).fill(PASSWORD);
  await page.getByLabel(account.fields.repeatPassword, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: account.claim.submit }).click();
  await page.getByRole('heading', { name: account.claim.done.replace('{{name}}', name) }).waitFor();
}

async function openForm(page: Page): Promise<Locator> {
  await page.getByRole('heading', { name: 'Tables' }).waitFor();
  await page.getByRole('button', { name: en.lobby.create }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create table' }) });
  await form.waitFor();
  return form;
}

/** Makes a table from the lobby's form: its id. */
async function create(page: Page, o: { game: 'Flip 7' | 'Stir Fry Eighteen'; seats: number; turnBased: boolean }): Promise<string> {
  await openForm(page);
  await page.getByRole('radio', { name: new RegExp(`^${o.game}`) }).check();
  await page.getByRole('combobox', { name: /^Seats/ }).selectOption(String(o.seats));
  if (o.turnBased) await page.getByRole('radio', { name: /^Turn-based A move at a time/ }).check();
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  await page.locator('.seat-name', { hasText: '(you)' }).first().waitFor();
  return /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname)![1]!;
}

describe.skipIf(shouldSkip(FILE))('the turn-based pages', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness(FILE); }, 60_000);
  afterAll(async () => { await h?.close(); });
  const shots = (name: string, body: () => Promise<void>) => withFailureShots(name, () => pages, body);

  it('the create form: the turn-based fields, the note on Flip 7, by keyboard, clean on both screens', async () => {
    await shots('turn-based-form', async () => {
      const page = await person(h, 'Fern');
      pages.push(page);
      const form = await openForm(page);
      // By keyboard: the mode's radios, then the fields they show.
      const live = form.getByRole('radio', { name: /^Real-time/ });
      // Tab reaches a radio group at its checked radio; the arrows choose within it.
      await tabTo(page, form.getByRole('radio', { name: /^Stir Fry Eighteen/ }), 'the game');
      await page.keyboard.press('ArrowDown');
      expect(await form.getByRole('radio', { name: /^Flip 7/ }).isChecked()).toBe(true);
      await tabTo(page, live, 'the mode');
      await page.keyboard.press('ArrowDown');
      const turn = form.getByRole('radio', { name: /^Turn-based A move at a time/ });
      expect(await turn.isChecked()).toBe(true);
      const note = page.getByText(en.create.turnFlip7, { exact: true });
      await note.waitFor();
      // The note is the turn-based radio's description, so a screen reader hears it there too.
      expect(await turn.getAttribute('aria-describedby')).toContain(await note.getAttribute('id'));
      const move = form.getByRole('combobox', { name: new RegExp(`^${en.create.turnMove}`) });
      const bank = form.getByRole('combobox', { name: new RegExp(`^${en.create.turnBank}`) });
      const vacation = form.getByRole('checkbox', { name: en.create.turnVacation });
      for (const [field, what] of [[move, 'time per move'], [bank, 'time bank'], [vacation, 'vacations'], [form.getByRole('button', { name: 'Create table' }), 'create']] as const) {
        await tabTo(page, field, what);
      }
      expect(await move.locator('option').allTextContents()).toEqual(expect.arrayContaining(['4 hours', '1 day', '7 days']));
      await clean(page, 'the create form, turn-based Flip 7');
      await screenshot(page, 'turn-based-form-f7');

      // Stir Fry Eighteen: no note, and its response window gets a turn-based length.
      await form.getByRole('radio', { name: /^Stir Fry Eighteen/ }).check();
      expect(await note.count()).toBe(0);
      expect(await page.locator('#turn-window-help').count()).toBe(1);
      await clean(page, 'the create form, turn-based Stir Fry Eighteen');
    });
  }, 120_000);

  it('the lobby: the mode filter by the arrow keys, and each turn-based table\'s pace', async () => {
    await shots('turn-based-lobby', async () => {
      const ann = await person(h, 'Gus');
      pages.push(ann);
      await create(ann, { game: 'Stir Fry Eighteen', seats: 3, turnBased: true });
      const bea = await person(h, 'Hana');
      pages.push(bea);
      await create(bea, { game: 'Flip 7', seats: 3, turnBased: false });
      const viewer = await person(h, 'Ivo');
      pages.push(viewer);
      await viewer.getByRole('heading', { name: 'Tables' }).waitFor();
      const rows = viewer.locator('.table-list > li');
      await waitUntil(async () => (await rows.count()) === 2, 15_000, 'both tables listed');
      const pace = viewer.locator('.table-list .turn-pace');
      expect(await pace.count()).toBe(1);
      expect(await pace.textContent()).toMatch(/^Turn-based · \d+ (days?|hours?) a move$/);

      const all = viewer.getByRole('radio', { name: en.lobby.mode.all });
      expect(await all.isChecked()).toBe(true);
      await tabTo(viewer, all, 'the mode filter');
      await viewer.keyboard.press('ArrowDown');
      expect(await viewer.getByRole('radio', { name: en.lobby.mode.live }).isChecked()).toBe(true);
      await waitUntil(async () => (await rows.count()) === 1 && (await pace.count()) === 0, 15_000, 'the real-time table alone');
      await viewer.keyboard.press('ArrowDown');
      expect(await viewer.getByRole('radio', { name: en.lobby.mode['turn-based'] }).isChecked()).toBe(true);
      await waitUntil(async () => (await rows.count()) === 1 && (await pace.count()) === 1, 15_000, 'the turn-based table alone');
      expect(await rows.first().textContent()).toContain('Stir Fry Eighteen');
      await clean(viewer, 'the lobby, turn-based tables');
      await screenshot(viewer, 'turn-based-lobby');
    });
  }, 120_000);

  it('an invitation: the invite form says why not and when sent; the invitee\'s page shows it, and Open table opens the table', async () => {
    await shots('turn-based-invite', async () => {
      const jo = await person(h, 'Jo');
      pages.push(jo);
      await claim(jo, h, 'Jo');
      const kim = await person(h, 'Kim');
      pages.push(kim);
      await claim(kim, h, 'Kim');
      await kim.goto(h.server.url);
      await jo.goto(h.server.url);
      const tableId = await create(jo, { game: 'Flip 7', seats: 3, turnBased: true });

      const field = jo.getByRole('textbox', { name: en.invitations.form.label });
      const send = jo.getByRole('button', { name: en.invitations.form.send, exact: true });
      await tabTo(jo, field, 'the invite field');
      await jo.keyboard.type('Nobody');
      await jo.keyboard.press('Enter');
      const said = jo.locator('.invite-form [role="status"]');
      await waitUntil(async () => (await said.textContent()) === en.errors.NO_SUCH_ACCOUNT, 10_000, 'the refusal under the field');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await jo.locator('.notice').count()).toBe(0); // said once, under the field
      await clean(jo, 'the invite form, refused');
      await field.fill('Kim');
      await send.click();
      await waitUntil(async () => (await said.textContent()) === en.invitations.form.sent.replace('{{name}}', 'Kim'), 10_000, 'the invitation sent');

      // Kim's page (in the lobby) shows it, politely, with Open table.
      const bar = kim.locator('.invitations[role="status"] .invitation');
      await bar.waitFor();
      expect(await bar.textContent()).toContain(en.invitations.notice.replace('{{from}}', 'Jo').replace('{{game}}', 'Flip 7'));
      const open = bar.getByRole('button', { name: en.invitations.open });
      await tabTo(kim, open, 'Open table');
      await clean(kim, 'the lobby with an invitation');
      await screenshot(kim, 'turn-based-invitation');
      await kim.keyboard.press('Enter');
      await kim.waitForURL(new RegExp(`/t/${tableId}$`));
      expect(await bar.count()).toBe(0);
      await kim.getByRole('button', { name: 'Sit here' }).first().click();
      await kim.locator('.seat-name', { hasText: '(you)' }).first().waitFor();
    });
  }, 120_000);

  it('a turn-based table under way: the countdown in days and hours, each seat\'s bank; the account page\'s notification settings', async () => {
    await shots('turn-based-table', async () => {
      const lea = await person(h, 'Lea');
      pages.push(lea);
      await claim(lea, h, 'Lea');
      await lea.goto(h.server.url);
      await create(lea, { game: 'Stir Fry Eighteen', seats: 2, turnBased: true });
      await fillWithBots(lea);
      await start(lea);
      // The heading's line says the pace; each seat its bank; the move's countdown in days and hours.
      await lea.locator('.turn-pace').first().waitFor();
      expect(await lea.locator('.turn-pace').first().textContent()).toMatch(/^Turn-based/);
      const banks = lea.locator('.seat-bank');
      await waitUntil(async () => (await banks.count()) === 2, 30_000, 'both seats\' banks');
      expect(await banks.first().locator('.visually-hidden').textContent()).toMatch(/^Time bank left: \d+ days?/);
      await waitUntil(async () => /\d+ (days?|hr)[^]*left/.test(await lea.locator('main').innerText()), 30_000, 'the countdown in days and hours');
      await clean(lea, 'a turn-based table under way');
      await screenshot(lea, 'turn-based-table');

      await lea.goto(`${h.server.url}/account`);
      const settings = lea.getByRole('region', { name: account.notify.title });
      await settings.waitFor();
      const invitations = settings.getByRole('radio', { name: `${account.notify.kinds.invitation}: ${account.notify.channels.push}` });
      expect(await invitations.isChecked()).toBe(true);
      await tabTo(lea, invitations, 'the invitation row');
      await lea.keyboard.press('ArrowRight');
      const none = settings.getByRole('radio', { name: `${account.notify.kinds.invitation}: ${account.notify.channels.none}` });
      await waitUntil(async () => (await none.isChecked()) || (await settings.getByRole('radio', { name: `${account.notify.kinds.invitation}: ${account.notify.channels.email}` }).isChecked()), 5000, 'the arrow to move the choice');
      await settings.getByRole('status').filter({ hasText: account.notify.saved }).waitFor();
      await clean(lea, 'the account page\'s notification settings');
      await screenshot(lea, 'turn-based-account-notify');
    });
  }, 180_000);
});
