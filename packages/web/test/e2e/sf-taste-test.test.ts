/**
 * Issue 6, item 9 (c): a taste test between two people at a two-seat Stir Fry Eighteen table.
 * The test reads each hand in the page and declares what it needs when the hand allows it: first an
 * honest discard (a real pair, or a protein declared as itself) that the other person taste-tests —
 * the reveal says honest and the tester's hand is thrown away — then a bluff (a non-protein card
 * declared as a protein, or two different cards as a pair) that is called and shown as a bluff.
 *
 * The deal is chosen for it: the first turn's hand allows the honest discard, and the bluff comes
 * at the next turn (`declaration` below is what the test does, played with the rules package: with
 * no bot at the table, the game is the same on every run). The test checks both came when the deal
 * said.
 */
import { type SfAction, type SfCard, type SfView } from '@parlor/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  type Harness, createTable, firstVisible, person, screenshot, shouldSkip, sit, start, startHarness, withFailureShots,
} from './support/e2e.js';
import { chooseSeed, playSf, sfWith } from './support/deals.js';
import { discardDown, discardDownChoice, endTurn, press, readHand, realPair, select, sf } from './support/sf.js';

const PROTEINS: readonly SfCard[] = ['shrimp', 'pork', 'chicken'];
const NAMES: Record<string, string> = { shrimp: 'Shrimp', pork: 'Pork', chicken: 'Chicken' };

/** The declaration `declare` makes on a page with this view (honest, or a bluff), or null when the hand allows none. */
function declaration(view: SfView, legal: readonly SfAction[], honest: boolean): SfAction | null {
  const hand = view.hand ?? [];
  const pairOpen = legal.some((a) => a.type === 'discard-pair');
  const proteinOpen = legal.some((a) => a.type === 'discard-protein');
  const protein = (card: SfCard, claim: SfCard) => legal.find((a) => a.type === 'discard-protein' && a.card === card && a.claim === claim) ?? null;
  if (honest) {
    const pair = realPair(hand);
    const p = hand.findIndex((c) => PROTEINS.includes(c));
    if (pairOpen && pair !== null) return sfWith(legal, 'discard-pair', pair.map((i) => hand[i]!)) ?? null;
    if (proteinOpen && p >= 0) return protein(hand[p]!, hand[p]!);
    return null;
  }
  const plain = hand.findIndex((c) => !PROTEINS.includes(c) && c !== 'tofu');
  if (proteinOpen && plain >= 0) return protein(hand[plain]!, 'shrimp');
  const j = hand.findIndex((c) => c !== hand[0]);
  if (pairOpen && j > 0) return sfWith(legal, 'discard-pair', [hand[0]!, hand[j]!]) ?? null;
  return null;
}

/**
 * The test's game from `seed`, with the rules package: at which step of its loop (each turn
 * ended, or discard-down asked, is a step) the honest declaration is tested, then the bluff.
 */
class Done extends Error {}

async function stepsOf(seed: string): Promise<{ honest: number; bluff: number } | null> {
  const steps: number[] = [];
  let step = 0;
  let endedTurn = false;
  const policy = (view: SfView, legal: readonly SfAction[]): SfAction => {
    const hand = view.hand ?? [];
    const ownEnd = endedTurn;
    endedTurn = false;
    if (view.phase === 'taste-test') {
      // Every declaration of this game is the test's, and the other person tests it.
      steps.push(step);
      step = 0;
      if (steps.length === 2) throw new Done();
      return legal.find((a) => a.type === 'taste-test')!;
    }
    if (view.phase === 'discard-down') {
      // Asked after the test ended the turn, it is part of that step (endTurn discards down).
      if (!ownEnd) step++;
      return sfWith(legal, 'discard-down', discardDownChoice(hand).map((i) => hand[i]!))!;
    }
    const other = 1 - (view.viewer as number);
    const declared = view.handSizes[other]! > 0 ? declaration(view, legal, steps.length === 0) : null;
    if (declared !== null) return declared;
    step++;
    endedTurn = true;
    if (step > 200) throw new Done();
    return legal.find((a) => a.type === 'end-turn')!;
  };
  try {
    await playSf(seed, 2, { target: 300 }, { 0: policy, 1: policy });
  } catch (e) {
    if (!(e instanceof Done)) throw e;
  }
  return steps.length === 2 ? { honest: steps[0]!, bluff: steps[1]! } : null;
}

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
      const seed = await chooseSeed('sf-taste-test', async (s) => {
        const steps = await stepsOf(s);
        return steps !== null && steps.honest === 0 && steps.bluff <= 1;
      });
      const dealt = (await stepsOf(seed))!;
      h.deal(seed);
      await start(alice);
      // Nothing of this game waits on the server's clock but the taste-test windows (no bot, no move
      // timer): held still, a window closes only once answered, so every answer is a person's.
      h.time.hold();
      onTestFinished(() => h.time.release());
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
            expect(step, `the ${honest ? 'honest' : 'bluff'} declaration at the step of the deal`).toBe(honest ? dealt.honest : dealt.bluff);
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
