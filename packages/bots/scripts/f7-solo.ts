/**
 * The round played alone on the full deck (F7-1): the exact numbers-only figure, the exact figures
 * with one kind of extra card at a time (f7SolveRound), and a Monte Carlo estimate of the full deck
 * under the bots' solver policy (f7QuickSolve on the pile's numbers, modifiers held counted).
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/f7-solo.ts [rounds]
 * The simulator below plays the solver's model of a lone round (solver.ts header); it exists only
 * to measure a policy on the full deck, where the exact state space is too large to enumerate.
 */
import { createRng } from '@parlor/rules';
import { F7_FULL_PILE, F7_NUMBERS_PILE, f7QuickSolve, f7SolveRound } from '../src/index.js';

const rounds = Number(process.argv[2] ?? 200_000);
const only = (keep: (c: number) => boolean) => F7_FULL_PILE.map((n, c) => (keep(c) ? n : 0));
const variants: [string, readonly number[]][] = [
  ['79 numbers', F7_NUMBERS_PILE],
  ['numbers + 6 modifiers', only((c) => c <= 18)],
  ['numbers + 3 Freezes', only((c) => c <= 12 || c === 19)],
  ['numbers + 3 Flip Threes', only((c) => c <= 12 || c === 20)],
  ['numbers + 3 Second Chances', only((c) => c <= 12 || c === 21)],
];
for (const [name, p] of variants) {
  const t = performance.now();
  const r = f7SolveRound({ numbers: [] }, p);
  console.log(`exact  ${name.padEnd(28)} ${r.value.toFixed(3)} points, bust ${(100 * r.bust).toFixed(2)}%, Flip 7 ${(100 * r.flip7).toFixed(2)}%  (${r.states} states, ${(performance.now() - t).toFixed(0)} ms)`);
}

/** One lone round on a shuffled `deck` (codes) under the quick-solver policy; returns [score, busted]. */
const cache = new Map<string, boolean>();
function policyHits(mask: number, plus: number, x2: boolean, sc: boolean, pile: number[]): boolean {
  const key = `${mask}|${plus}|${x2}|${sc}|${pile.slice(0, 13).join(',')}`;
  let h = cache.get(key);
  if (h === undefined) {
    const numbers: number[] = [];
    for (let n = 0; n <= 12; n++) if (mask & (1 << n)) numbers.push(n);
    h = f7QuickSolve({ numbers, plus, x2, secondChance: sc, hasCards: true }, pile).action === 'hit';
    cache.set(key, h);
  }
  return h;
}
function playAlone(deck: number[], pile: number[]): [number, boolean] {
  let mask = 0, count = 0, plus = 0, x2 = false, sc = false, cards = 0;
  const score = (bonus: number) => {
    let s = 0; for (let n = 0; n <= 12; n++) if (mask & (1 << n)) s += n;
    return (x2 ? 2 * s : s) + plus + bonus;
  };
  const draw = () => { const c = deck.pop()!; pile[c]!--; cards++; return c; };
  /** One flip into the line; returns 'ok' | 'bust' | 'seven' | 'freeze' | 'f3' */
  const flip = (c: number, inF3: boolean): string => {
    if (c <= 12) {
      if (mask & (1 << c)) { if (sc) { sc = false; return 'ok'; } return 'bust'; } // F7-11, F7-6
      mask |= 1 << c; count++;
      return count === 7 ? 'seven' : 'ok'; // F7-7
    }
    if (c <= 17) { plus += (c - 12) * 2; return 'ok'; }
    if (c === 18) { x2 = true; return 'ok'; }
    if (c === 21) { sc = true; return 'ok'; } // kept, or discarded when one is held (F7-11)
    return c === 19 ? 'freeze' : 'f3';
  };
  // Returns the end: 'bust' | 'seven' | 'bank' | 'on'
  const flipThree = (): string => { // F7-10
    const aside: number[] = [];
    for (let i = 0; i < 3; i++) {
      if (deck.length === 0) return 'bank';
      const r = flip(draw(), true);
      if (r === 'bust' || r === 'seven') return r;
      if (r === 'freeze' || r === 'f3') aside.push(r === 'freeze' ? 19 : 20);
    }
    for (const c of aside) {
      if (c === 19) return 'bank';
      const r = flipThree();
      if (r !== 'on') return r;
    }
    return 'on';
  };
  for (;;) {
    if (deck.length === 0) return [score(0), false];
    if (cards > 0 && !policyHits(mask, plus, x2, sc, pile)) return [score(0), false];
    let r = flip(draw(), false);
    if (r === 'f3') r = flipThree();
    if (r === 'bust') return [0, true];
    if (r === 'seven') return [score(15), false];
    if (r === 'freeze' || r === 'bank') return [score(0), false];
  }
}
for (const [name, base] of [['79 numbers (check)', F7_NUMBERS_PILE], ['full 94-card deck', F7_FULL_PILE]] as const) {
  const rng = createRng(`f7-solo ${name}`);
  let sum = 0, sq = 0, busts = 0;
  const t = performance.now();
  for (let i = 0; i < rounds; i++) {
    const deck: number[] = [];
    base.forEach((n, c) => { for (let k = 0; k < n; k++) deck.push(c); });
    for (let k = deck.length - 1; k > 0; k--) { const j = rng.int(k + 1); [deck[k], deck[j]] = [deck[j]!, deck[k]!]; }
    const [s, b] = playAlone(deck, base.slice());
    sum += s; sq += s * s; if (b) busts++;
  }
  const mean = sum / rounds, se = Math.sqrt((sq / rounds - mean * mean) / rounds);
  console.log(`policy ${name.padEnd(28)} ${mean.toFixed(3)} ± ${(1.96 * se).toFixed(3)} points (95%), bust ${(100 * busts / rounds).toFixed(2)}%  (${rounds} rounds, ${((performance.now() - t) / 1000).toFixed(1)} s)`);
}
