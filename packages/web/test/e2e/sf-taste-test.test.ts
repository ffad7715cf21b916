/**
 * Issue 6, item 9 (c): a taste test between two people at a two-seat Stir Fry Eighteen table.
 * The deal cannot be chosen, so the test reads each hand in the page and waits for one that allows
 * what it needs: first an honest discard (a real pair, or a protein declared as itself) that the
 * other person taste-tests — the reveal says honest and the tester's hand is thrown away — then a
 * bluff (a non-protein card declared as a protein, or two different cards as a pair) that is
 * called and shown as a bluff.
 */
import type { SfCard } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness, createTable, firstVisible, person, screenshot, shouldSkip, sit, start, startHarness, withFailureShots,
} from './support/e2e.js';
import { discardDown, endTurn, press, readHand, realPair, select, sf } from './support/sf.js';

const PROTEINS: readonly SfCard[] = ['shrimp', 'pork', 'chicken'];
const NAMES: Record<string, string> = { shrimp: 'Shrimp', pork: 'Pork', chicken: 'Chicken' };

describe.skipIf(shouldSkip('sf-taste-test'))('Stir Fry Eighteen: a taste test between two people', () => {
  let h: Harness;
  const pages: Page[] = [];
  beforeAll(async () => { h = await startHarness('sf-taste-test'); });
  afterAll(async () => { await h?.close(); });

  it('an honest discard tested shows honest and throws the tester\'s hand away; a called bluff shows a bluff', async () => {
    await withFailureShots('sf-taste-test', () => pages, async () => {
      const alice = await person(h, 'Alice');
      pages.push(alice);
      const id = await createTable(alice, { game: 'Stir Fry Eighteen', seats: 2, target: '300', tasteWindow: 30 });
      const bob = await person(h, 'Bob', `/t/${id}`);
      pages.push(bob);
      await sit(bob);
      await start(alice);
      const people = [{ name: 'Alice', page: alice }, { name: 'Bob', page: bob }] as const;

      /** Declares on `declarer`'s page; `honest` picks a true declaration, else a bluff. Returns false if the hand allows none. */
      const declare = async (page: Page, honest: boolean): Promise<boolean> => {
        const hand = await readHand(page);
        const pairOpen = (await sf.pairButton(page).getAttribute('title')) === null;
        const proteinOpen = (await sf.proteinButton(page).getAttribute('title')) === null;
        if (honest) {
          const pair = realPair(hand);
          const protein = hand.findIndex((c) => PROTEINS.includes(c));
          if (pairOpen && pair !== null) {
            await select(page, pair);
            await press(sf.pairButton(page));
            return true;
          }
          if (proteinOpen && protein >= 0) {
            await select(page, [protein]);
            await page.getByRole('radio', { name: new RegExp(`^${NAMES[hand[protein]!]} \\(draw`) }).check();
            await press(page.getByRole('button', { name: `Discard as protein — ${NAMES[hand[protein]!]}` }));
            return true;
          }
          return false;
        }
        const plain = hand.findIndex((c) => !PROTEINS.includes(c) && c !== 'tofu');
        if (proteinOpen && plain >= 0) {
          await select(page, [plain]);
          await page.getByRole('radio', { name: /^Shrimp \(draw/ }).check();
          await press(page.getByRole('button', { name: 'Discard as protein — Shrimp' }));
          return true;
        }
        const j = hand.findIndex((c) => c !== hand[0]);
        if (pairOpen && j > 0) {
          await select(page, [0, j]);
          await press(sf.pairButton(page));
          return true;
        }
        return false;
      };

      const done: string[] = [];
      for (const honest of [true, false]) {
        let tested = false;
        for (let step = 0; step < 200 && !tested; step++) {
          const who = await firstVisible({
            aliceAct: alice.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'End turn', exact: true }),
            bobAct: bob.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'End turn', exact: true }),
            aliceDown: sf.discardDownButton(alice),
            bobDown: sf.discardDownButton(bob),
          }, 60_000, 'a turn for Alice or Bob');
          const me = who.startsWith('alice') ? people[0] : people[1];
          const other = who.startsWith('alice') ? people[1] : people[0];
          if (who.endsWith('Down')) { await discardDown(me.page); continue; }
          // Only a chef with cards (or 5 points to lose) may test (SF-15), and the honest case must
          // cost the tester a hand: wait for a moment they hold cards.
          const testerCards = await sf.hand(other.page).count();
          if (testerCards > 0 && await declare(me.page, honest)) {
            const prompt = sf.tastePrompt(other.page);
            await prompt.waitFor({ timeout: 20_000 });
            expect(await prompt.textContent()).toContain(me.name);
            await press(prompt.getByRole('button', { name: 'Taste test!' }));
            const verdict = honest ? 'Honest!' : 'Bluff!';
            for (const p of [alice, bob]) {
              await sf.reveal(p).filter({ hasText: verdict }).filter({ hasText: `${other.name} tested ${me.name}` }).waitFor({ timeout: 20_000 });
            }
            if (honest) {
              // The tester threw their whole hand away: their page shows it empty, the log says so to both.
              await other.page.getByText('Your hand is empty.').waitFor();
              // In the log (the table also shows the moment on its felt, in the same words).
              for (const p of [alice, bob]) {
                await sf.log(p).getByText(`${other.name} throws away their hand (${testerCards} card${testerCards === 1 ? '' : 's'}).`).waitFor();
                await sf.log(p).getByText(new RegExp(`^${other.name} taste-tests ${me.name}: .* — honest!$`)).waitFor();
              }
            } else {
              // In the log (the table also shows the moment on its felt, in the same words).
              for (const p of [alice, bob]) {
                await sf.log(p).getByText(new RegExp(`^${other.name} taste-tests ${me.name}: .* — a bluff!$`)).waitFor();
                // The caught tester draws an extra card next turn.
                await p.locator('.sf-player', { hasText: other.name }).getByText('+1 card next turn').waitFor();
              }
              await me.page.getByText('You were caught bluffing: no more draws this turn.').waitFor();
            }
            await screenshot(other.page, honest ? 'sf-taste-test-honest' : 'sf-taste-test');
            done.push(`${honest ? 'honest' : 'bluff'}: ${me.name} declared, ${other.name} tested (step ${step})`);
            tested = true;
          } else {
            await endTurn(me.page);
          }
        }
        expect(tested, `no ${honest ? 'honest' : 'bluff'} taste test came up`).toBe(true);
      }
      console.log(`sf-taste-test: ${done.join('; ')}`);
    });
  }, 300_000);
});
