/**
 * Issue 12, items 1, 3, 4 and 7 in Chromium:
 * (a) a guest claims their name as an account; "Rated" in the create form is for accounts only (a
 * guest sees it unavailable), and the lobby marks the rated table; the account plays a rated Flip 7
 * game against a bot (leaving it, so the bots finish it at once: scored last), sees the change on
 * the end screen (the display rating after it, provisional, and the points lost) and on the profile
 * (the display rating marked provisional, one rated game, the chart and the recent game with the
 * change) and the leaderboard, opens the replay from the recent
 * games and steps through it (buttons, keys, slider, jump to a round, ?at=). The replay shows
 * exactly the positions `parlor verify` replays: as many as the export's actions + 1, and at each
 * position looked at, every seat's total and cards are those of verify's fold. Screenshots of the
 * profile, the leaderboard and the replay at 390×844 and 1440×900.
 * (b) signing out (a new guest), signing in on another device, a wrong password's refusal in words,
 * changing the password and deleting the account (confirmed; the profile is gone).
 *
 * Each game is dealt so that its person plays first: the game waits for them until they leave, and
 * from then on the stand-in and the bots (basic bots, which choose by what they see alone) play it
 * through at once — the same game on every run, which the rules package plays first to choose it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameExport, PlayerProfile } from '@parlor/protocol';
import { type F7State, type SfState, gameModule } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../../cli/src/commands/verify.js';
import { f7ReplayView } from '../../src/ui/games/flip-7/replay-view.js';
import { foldExport } from '../../src/ui/replay/fold.js';
import account from '../../src/i18n/locales/en/account.json' with { type: 'json' };
import en from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import replayEn from '../../src/i18n/locales/en/replay.json' with { type: 'json' };
import { type Harness, createTable, cspViolations, fillWithBots, person, shouldSkip, start, startHarness, waitUntil, withFailureShots } from './support/e2e.js';
import { shotAt } from './support/away.js';
import { chooseSeed, f7Opening, playF7, playSf, sfOpening } from './support/deals.js';

const PASSWORD = 'correct horse battery';

/** Waits until the page's connection says hello again and the header's status is back online. */
async function online(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: en.app.connection.open }).waitFor();
}

async function fetchJson<T>(url: string): Promise<{ status: number; body: T }> {
  const r = await fetch(url);
  return { status: r.status, body: (await r.json()) as T };
}

/** Every seat's total and number of cards as the replay shows the position. */
async function shownSeats(page: Page): Promise<{ total: number; cards: number }[]> {
  return page.locator('.replay-seat').evaluateAll((seats) => seats.map((s) => ({
    total: Number(/-?\d+/.exec(s.querySelector('.replay-score')?.textContent ?? '')?.[0]),
    cards: s.querySelectorAll('li.f7-card').length,
  })));
}

const slider = (page: Page) => page.getByRole('slider', { name: replayEn.slider });
const sliderValue = async (page: Page) => Number(await slider(page).inputValue());

describe.skipIf(shouldSkip('account-rating-replay'))('Issue 12: accounts, a rated game, the profile and the replay', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('account-rating-replay'); });
  afterAll(async () => { await h?.close(); });

  it('claims a name, plays a rated game against a bot, sees the rating on the profile and steps through the replay', async () => {
    await withFailureShots('account-rating-replay', () => pages, async () => {
      const rita = await person(h, 'Rita');
      pages.push(rita);

      // A guest: "Rated" is there but unavailable, with the way to an account.
      await rita.getByRole('button', { name: en.lobby.create }).click();
      const rated = rita.getByRole('checkbox', { name: account.rated.label });
      expect(await rated.isDisabled()).toBe(true);
      await rita.locator('.rated-option').getByRole('link', { name: account.claim.title }).click();

      // Claim the name with a password (the two must match).
      await rita.getByRole('heading', { name: account.claim.title }).waitFor();
      expect(await rita.getByLabel(account.fields.name, { exact: true }).inputValue()).toBe('Rita');
      await rita.getByLabel(account.fields.newPassword, { exact: true }).fill(PASSWORD);
      await rita.getByLabel(account.fields.repeatPassword, { exact: true }).fill('something else');
      await rita.getByRole('button', { name: account.claim.submit }).click();
      await rita.getByText(account.problems.mismatch).waitFor();
      await rita.getByLabel(account.fields.repeatPassword, { exact: true }).fill(PASSWORD);
      await rita.getByRole('button', { name: account.claim.submit }).click();
      await rita.getByRole('heading', { name: account.claim.done.replace('{{name}}', 'Rita') }).waitFor();
      await online(rita);

      // A rated Flip 7 table (target 100) against a basic bot.
      await rita.getByRole('navigation', { name: account.nav.label }).getByRole('link', { name: account.nav.lobby }).click();
      await rita.getByRole('button', { name: en.lobby.create }).click();
      await rita.getByRole('radio', { name: /^Flip 7/ }).check();
      await rita.getByRole('combobox', { name: /^Seats/ }).selectOption('2');
      await rita.getByRole('combobox', { name: /^Target score/ }).selectOption('100');
      await waitUntil(async () => !(await rita.getByRole('checkbox', { name: account.rated.label }).isDisabled()), 10_000, 'Rated to be offered to the account');
      await rita.getByRole('checkbox', { name: account.rated.label }).check();
      await rita.getByRole('button', { name: 'Create table' }).click();
      await rita.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      const tableId = /\/t\/([A-Za-z0-9_-]+)$/.exec(new URL(rita.url()).pathname)![1]!;
      await rita.locator('.seat-name', { hasText: '(you)' }).first().waitFor();

      // Someone else, a guest, sees the table marked rated in the lobby, and "Rated" unavailable to them.
      const gus = await person(h, 'Gus');
      pages.push(gus);
      const row = gus.locator('.table-row').filter({ hasText: 'Flip 7' });
      await row.locator('.badge-rated', { hasText: account.rated.badge }).waitFor();
      await gus.getByRole('button', { name: en.lobby.create }).click();
      expect(await gus.getByRole('checkbox', { name: account.rated.label }).isDisabled()).toBe(true);

      await fillWithBots(rita);
      // The deal: Rita is asked first (F7-3, F7-4), and the game her stand-in and the bot then play
      // has a second round, for the replay's jump to a round.
      const ritaSeed = await chooseSeed('account-rating-replay rita', async (s) => f7Opening(s, 2, 100).toAct.join() === '0'
        && (await playF7(s, 2, 100, {})).rounds >= 2, 1);
      h.deal(ritaSeed);
      await start(rita);
      // Leave at once: the stand-in bot plays the seat to the end; the rating scores Rita last.
      await rita.getByRole('button', { name: en.presence.leave }).click();
      await rita.getByRole('button', { name: en.presence.leaveYes }).click();
      let profile: PlayerProfile | null = null;
      await waitUntil(async () => {
        const r = await fetchJson<PlayerProfile>(`${h.server.url}/api/players/Rita`);
        profile = r.status === 200 && r.body.ratings['flip-7'] !== undefined ? r.body : null;
        return profile !== null;
      }, 240_000, 'the rated game to finish and Rita to have a Flip 7 rating');
      const rating = profile!.ratings['flip-7']!;
      expect(rating.games).toBe(1);
      expect(rating.history.length).toBe(1);
      // The display rating (docs/api.md, "Display rating"): from 1500, down for finishing last,
      // never negative, provisional after one game; the history's change adds up to it.
      const change = rating.history[0]!.change;
      expect(change).toBeLessThan(0);
      expect(rating.display).toBe(1500 + change);
      expect(rating.display).toBeGreaterThan(0);
      expect(Math.abs(rating.display - (1500 + 30 * (rating.mu - 3 * rating.sigma)))).toBeLessThanOrEqual(1);
      expect(rating.provisional).toBe(true);
      const shownRating = `${rating.display}?`;
      const shownChange = `\u2212${-change}`;

      // The end screen of the rated game, still open on Rita's page: her rating after it and the change.
      const result = rita.locator('.rated-result');
      await result.getByRole('heading', { name: account.rated.result }).waitFor();
      const line = result.locator('li', { hasText: 'Rita' });
      expect(await line.locator('.rating-display > [aria-hidden="true"]').first().textContent()).toBe(shownRating);
      expect(await line.locator('.rating-change > [aria-hidden="true"]').textContent()).toBe(shownChange);
      expect(await line.locator('.badge-provisional').textContent()).toBe(account.rating.provisional);
      await result.getByText(account.rating.provisionalHelp).waitFor();
      // The bot's rating does not change: only Rita is listed.
      expect(await result.locator('li').count()).toBe(1);

      // The profile: the rating, one rated game, the chart; the game among the recent ones. (From the
      // account page: the table page has no link to it until the header carries the account menu.)
      await rita.goto(`${h.server.url}/account`);
      await rita.getByRole('heading', { name: account.signedIn.title.replace('{{name}}', 'Rita') }).waitFor();
      await rita.locator('.account-links').getByRole('link', { name: account.nav.profile }).click();
      await rita.getByRole('heading', { name: 'Rita' }).waitFor();
      const card = rita.locator('.rating-card').filter({ hasText: 'Flip 7' });
      await card.waitFor();
      expect(await card.locator('.rating-value > [aria-hidden="true"]').first().textContent()).toBe(shownRating);
      expect(await card.locator('.rating-value .badge-provisional').textContent()).toBe(account.rating.provisional);
      expect(await card.locator('.rating-change > [aria-hidden="true"]').textContent()).toBe(shownChange);
      expect(await card.textContent()).toContain('1 rated game, 0 won');
      expect(await card.textContent()).toContain(account.rating.provisionalLeft_other.replace('{{count}}', '9'));
      const chart = await card.getByRole('img').getAttribute('aria-label');
      expect(chart).toContain('over 1 game');
      expect(chart).toContain(`from 1500 to ${rating.display}`);
      expect(chart).toContain(account.profile.chartLastChange.replace('{{change}}', shownChange));
      // The recent games: the rated game with the rating after it and its change.
      const recentGame = rita.locator('.games-list > li').first();
      expect(await recentGame.locator('.games-list-rating .rating-display > [aria-hidden="true"]').textContent()).toBe(shownRating);
      expect(await recentGame.locator('.games-list-rating .rating-change > [aria-hidden="true"]').textContent()).toBe(shownChange);
      expect(await rita.locator('.stat-list').first().textContent()).toContain(`${account.profile.played}1`);
      await shotAt(rita, 'profile-en-1440', 1440, 900);
      await shotAt(rita, 'profile-en-390', 390, 844);

      // The leaderboard of Flip 7 lists Rita with the same rating.
      await rita.getByRole('navigation', { name: account.nav.label }).getByRole('link', { name: account.nav.leaderboards }).click();
      await rita.getByRole('navigation', { name: account.leaderboard.gameTabs }).getByRole('link', { name: 'Flip 7' }).click();
      const mine = rita.getByRole('row').filter({ hasText: 'Rita' });
      await mine.waitFor();
      expect(await mine.locator('td strong .rating-display > [aria-hidden="true"]').textContent()).toBe(shownRating);
      await rita.getByRole('heading', { name: account.leaderboard.explainTitle }).waitFor();
      await shotAt(rita, 'leaderboard-en-390', 390, 844);
      await shotAt(rita, 'leaderboard-en-1440', 1440, 900);

      // The replay, from the profile's recent games.
      await rita.getByRole('navigation', { name: account.nav.label }).getByRole('link', { name: account.nav.profile }).click();
      await rita.getByRole('link', { name: `Flip 7 — ${account.games.replay}` }).first().click();
      await rita.waitForURL(new RegExp(`/games/${tableId}/1`));
      await rita.locator('.replay-seat').first().waitFor(); // the game's view is a chunk of its own

      // The export, as `parlor verify` checks it, and verify's fold of it.
      const exp = (await fetchJson<GameExport>(`${h.server.url}/api/games/${tableId}/1`)).body;
      // The game of the deal, as the rules package played it.
      expect(exp.seed).toBe(ritaSeed);
      const dealt = await playF7(ritaSeed, 2, 100, {});
      expect({ actions: exp.actions.length, scores: exp.outcome.scores }).toEqual({ actions: dealt.actions, scores: dealt.scores });
      const dir = mkdtempSync(join(tmpdir(), 'parlor-e2e-replay-'));
      writeFileSync(join(dir, 'game.json'), JSON.stringify(exp));
      const said: string[] = [];
      expect(await verifyCommand(join(dir, 'game.json'), (l) => said.push(l)), said.join('\n')).toBe(0);
      const module = gameModule(exp.game);
      const setup = module.setup({ players: exp.players, options: exp.options, seed: exp.seed });
      if (!setup.ok) throw new Error(setup.error.message);
      const states: F7State[] = [setup.value as F7State];
      for (const a of exp.actions) {
        const r = module.apply(states.at(-1), a.seat, a.action);
        if (!r.ok) throw new Error(r.error.message);
        states.push(r.state as F7State);
      }
      // At the game's end the final state's lines are empty (the last round's cards go to the
      // discard pile, F7-14), and the replay shows the lines as that round ended instead: replay-view.ts
      // rebuilds them (its own checks are in replay.test.ts).
      const folded = foldExport(exp);
      if (folded.game === null) throw new Error(JSON.stringify(folded.problem));
      const cardsAt = (k: number, seat: number) =>
        (k === exp.actions.length ? f7ReplayView(folded, k).lines[seat]! : states[k]!.lines[seat]!).length;
      const expectPosition = async (k: number) => {
        expect(await sliderValue(rita)).toBe(k);
        expect(await shownSeats(rita)).toEqual(states[k]!.scores.map((total, seat) => ({ total, cards: cardsAt(k, seat) })));
      };

      // As many positions as actions + 1; it opens at the end, the result shown.
      expect(Number(await slider(rita).getAttribute('max')) + 1).toBe(exp.actions.length + 1);
      const last = exp.actions.length;
      await expectPosition(last);
      await rita.getByText(replayEn.over).first().waitFor();

      // Buttons: back one, back to the start (the deal), forward one.
      await rita.getByRole('button', { name: replayEn.previous }).click();
      await expectPosition(last - 1);
      await rita.getByRole('button', { name: replayEn.first }).click();
      await expectPosition(0);
      expect(await rita.getByRole('button', { name: replayEn.previous }).isDisabled()).toBe(true);
      await rita.getByRole('button', { name: replayEn.next }).click();
      await expectPosition(1);

      // Keys, with the focus on the page: → and ←, End and Home.
      await rita.locator('h1').first().click();
      await rita.keyboard.press('ArrowRight');
      await rita.keyboard.press('ArrowRight');
      await expectPosition(3);
      await rita.keyboard.press('ArrowLeft');
      await expectPosition(2);
      await rita.keyboard.press('End');
      await expectPosition(last);
      await rita.keyboard.press('Home');
      await expectPosition(0);

      // The slider, by value and by its own arrow keys.
      const mid = Math.floor(last / 2);
      await slider(rita).fill(String(mid));
      await expectPosition(mid);
      await slider(rita).press('ArrowRight');
      await expectPosition(mid + 1);
      expect(new URL(rita.url()).searchParams.get('at')).toBe(String(mid + 1));

      // The log in words up to the position: the lines of the move shown are marked.
      expect(await rita.locator('.replay-log li').count()).toBeGreaterThan(0);

      // Jump to a round: its first position.
      const rounds = states.map((s) => s.round);
      const round2 = rounds.indexOf(2);
      expect(round2, 'the second round of the deal').toBeGreaterThan(0);
      await rita.getByRole('combobox', { name: replayEn.jump.rounds }).selectOption({ label: 'Round 2' });
      await expectPosition(round2);

      // ?at= is shareable: a fresh page opens at that position.
      const shared = `${h.server.url}/games/${tableId}/1?at=${mid}`;
      await gus.goto(shared);
      await gus.locator('.replay-seat').first().waitFor();
      expect(await sliderValue(gus)).toBe(mid);

      await rita.goto(`${h.server.url}/games/${tableId}/1?at=${mid}`);
      await rita.locator('.replay-seat').first().waitFor();
      await shotAt(rita, 'replay-en-1440', 1440, 900);
      await shotAt(rita, 'replay-en-390', 390, 844);
      for (const p of pages) expect(await cspViolations(p)).toEqual([]);
    });
  }, 400_000);

  it('shows a Stir Fry Eighteen replay: every hand, the put-down cards and the pile in order', async () => {
    await withFailureShots('replay-sf', () => pages, async () => {
      const sam = await person(h, 'Sam');
      pages.push(sam);
      const tableId = await createTable(sam, { game: 'Stir Fry Eighteen', seats: 3, target: '50', tasteWindow: 3 });
      await fillWithBots(sam);
      // The deal: Sam plays first (SF-5), so the game waits for him until he leaves.
      const samSeed = await chooseSeed('account-rating-replay sam', (s) => sfOpening(s, 3, { target: 50 }).first === 0, 2);
      h.deal(samSeed);
      await start(sam);
      await sam.getByRole('button', { name: en.presence.leave }).click();
      await sam.getByRole('button', { name: en.presence.leaveYes }).click();
      await waitUntil(async () => (await fetch(`${h.server.url}/api/games/${tableId}/1`)).status === 200, 300_000, 'the game to finish');
      const exp = (await fetchJson<GameExport>(`${h.server.url}/api/games/${tableId}/1`)).body;
      // The game of the deal, as the rules package played it.
      expect(exp.seed).toBe(samSeed);
      const dealt = await playSf(samSeed, 3, { target: 50 }, {});
      expect({ actions: exp.actions.length, scores: exp.outcome.scores }).toEqual({ actions: dealt.actions, scores: dealt.scores });
      const module = gameModule(exp.game);
      const setup = module.setup({ players: exp.players, options: exp.options, seed: exp.seed });
      if (!setup.ok) throw new Error(setup.error.message);
      const states: SfState[] = [setup.value as SfState];
      for (const a of exp.actions) {
        const r = module.apply(states.at(-1), a.seat, a.action);
        if (!r.ok) throw new Error(r.error.message);
        states.push(r.state as SfState);
      }
      // A position with cards put down this turn (a discard, a dish: every game to 50 has a dish).
      const k = states.findIndex((s, i) => i > 0 && s.putDown.length > 0);
      expect(k, 'a position with cards put down').toBeGreaterThan(0);
      await sam.goto(`${h.server.url}/games/${tableId}/1?at=${k}`);
      await sam.locator('.replay-seat').first().waitFor();
      expect(Number(await slider(sam).getAttribute('max'))).toBe(exp.actions.length);
      // Every hand face up, card for card; the scores; the pile's count.
      const hands = await sam.locator('.replay-seat').evaluateAll((seats) => seats.map((s) => ({
        score: Number(/-?\d+/.exec(s.querySelector('.replay-score')?.textContent ?? '')?.[0]),
        cards: s.querySelectorAll('.replay-cards > li').length,
      })));
      expect(hands).toEqual(states[k]!.scores.map((score, seat) => ({ score, cards: states[k]!.hands[seat]!.length })));
      expect(await sam.locator('.replay-pile > li').count()).toBe(states[k]!.drawPile.length);
      await sam.getByRole('combobox', { name: replayEn.jump.turns }).waitFor();
      await shotAt(sam, 'replay-sf-en-1440', 1440, 900);
      await shotAt(sam, 'replay-sf-en-390', 390, 844);
    });
  }, 400_000);

  it('signs out to a new guest, signs in on another device, changes the password and deletes the account', async () => {
    await withFailureShots('account-flows', () => pages, async () => {
      const ann = await person(h, 'Ann');
      pages.push(ann);
      await ann.goto(`${h.server.url}/account/claim`);
      await ann.getByLabel(account.fields.newPassword, { exact: true }).fill('short');
      await ann.getByRole('button', { name: account.claim.submit }).click();
      await ann.getByText(account.problems.short).waitFor();
      await shotAt(ann, 'account-claim-en-390', 390, 844);
      await ann.getByLabel(account.fields.newPassword, { exact: true }).fill(PASSWORD);
      await ann.getByLabel(account.fields.repeatPassword, { exact: true }).fill(PASSWORD);
      await ann.getByRole('button', { name: account.claim.submit }).click();
      await ann.getByRole('heading', { name: account.claim.done.replace('{{name}}', 'Ann') }).waitFor();

      // Another device: a wrong password is refused in words; the right one signs in.
      const other = await person(h, 'Someone');
      pages.push(other);
      await other.goto(`${h.server.url}/account/sign-in`);
      await other.getByLabel(account.fields.name, { exact: true }).fill('ann');
      await other.getByLabel(account.fields.password, { exact: true }).fill('not the password');
      await other.getByRole('button', { name: account.signIn.submit }).click();
      await other.getByRole('alert').filter({ hasText: account.errors.BAD_CREDENTIALS }).waitFor();
      await other.getByLabel(account.fields.password, { exact: true }).fill(PASSWORD);
      await other.getByRole('button', { name: account.signIn.submit }).click();
      await other.getByRole('heading', { name: account.signIn.done.replace('{{name}}', 'Ann') }).waitFor();
      await online(other);
      await other.goto(`${h.server.url}/account`);
      await other.getByRole('heading', { name: account.signedIn.title.replace('{{name}}', 'Ann') }).waitFor();
      await shotAt(other, 'account-en-1440', 1440, 900);

      // Change the password on the first device: the other one is signed out (its token is ended).
      await ann.goto(`${h.server.url}/account/password`);
      await ann.getByLabel(account.fields.currentPassword, { exact: true }).fill(PASSWORD);
      await ann.getByLabel(account.fields.newPassword, { exact: true }).fill('a brand new passphrase');
      await ann.getByLabel(account.fields.repeatPassword, { exact: true }).fill('a brand new passphrase');
      await ann.getByRole('button', { name: account.password.submit }).click();
      await ann.getByRole('status').filter({ hasText: account.password.done }).waitFor();

      // Sign out: back to a new guest, asked for a name.
      await ann.goto(`${h.server.url}/account`);
      await ann.getByRole('button', { name: account.signOut.button }).click();
      await ann.getByLabel('Your name').waitFor();
      expect(await ann.evaluate(() => localStorage.getItem('parlor.token'))).toBeNull();

      // Sign in again with the new password, then delete the account, confirmed.
      await ann.getByLabel('Your name').fill('Annie');
      await ann.getByRole('button', { name: 'Enter' }).click();
      await online(ann);
      await ann.goto(`${h.server.url}/account/sign-in`);
      await ann.getByLabel(account.fields.name, { exact: true }).fill('Ann');
      await ann.getByLabel(account.fields.password, { exact: true }).fill('a brand new passphrase');
      await ann.getByRole('button', { name: account.signIn.submit }).click();
      await ann.getByRole('heading', { name: account.signIn.done.replace('{{name}}', 'Ann') }).waitFor();
      await online(ann);
      await ann.goto(`${h.server.url}/account/delete`);
      await ann.getByRole('heading', { name: account.delete.title }).waitFor();
      await ann.getByLabel(account.fields.password, { exact: true }).fill('a brand new passphrase');
      await ann.getByRole('button', { name: account.delete.submit }).click();
      const confirm = ann.getByRole('alertdialog');
      await confirm.getByText(account.delete.confirm.replace('{{name}}', 'Ann')).waitFor();
      // The keyboard is on the confirming button.
      expect(await confirm.getByRole('button', { name: account.delete.yes }).evaluate((b) => b === document.activeElement)).toBe(true);
      await shotAt(ann, 'account-delete-en-390', 390, 844);
      await confirm.getByRole('button', { name: account.delete.yes }).click();
      await ann.getByLabel('Your name').waitFor();
      expect((await fetch(`${h.server.url}/api/players/Ann`)).status).toBe(404);
      await ann.getByLabel('Your name').fill('Ann again');
      await ann.getByRole('button', { name: 'Enter' }).click();
      await online(ann);
      await ann.goto(`${h.server.url}/players/Ann`);
      await ann.getByRole('alert').filter({ hasText: account.errors.UNKNOWN_PLAYER }).waitFor();
    });
  }, 200_000);
});
