/**
 * The bound the Flip 7 coach's approximate values carry (docs/bots-flip-7.md, "The coach's bound").
 * Where the exact solve of a decision is over the coach's budget, the coach solves a smaller model
 * (flip-7-values.ts: level 1 without the pile's Flip Threes, level 2 also without its modifiers).
 * This measures, over the hit-or-stay decisions of expert games (4 players) whose exact solve fits
 * in a larger budget, how far the smaller models' value of hitting is from the exact one (staying
 * is exact at every level: the line's score), and the same for the value of a Flip Three received.
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/f7-coach-bound.ts [games]
 */
import { F7_CARD_NAMES, F7_FLIP_THREE, F7_PLUS2, F7_TIMES2, f7NextFlipOdds, flip7, playGame, type F7Action, type F7View } from '@parlor/rules';
import { createBot, f7SolveRound } from '../src/index.js';
import { lineInfo } from '../src/flip-7/common.js';
import { f7SolveFlipThree } from '../src/flip-7/solver.js';

const games = Number(process.argv[2] ?? 6);
const big = { maxCapacity: 1 << 21 };
const errs: number[][] = [[], []];
const f3errs: number[][] = [[], []];
let tried = 0, fitted = 0;
const reduce = (pile: number[], level: number) => pile.map((n, c) => (level >= 1 && c === F7_FLIP_THREE ? 0 : level >= 2 && c >= F7_PLUS2 && c <= F7_TIMES2 ? 0 : n));
for (let g = 0; g < games; g++) {
  const bots = [0, 1, 2, 3].map(() => createBot('flip-7', 'expert'));
  const agents = bots.map((b) => ({
    decide(view: F7View, legal: readonly F7Action[], rng: Parameters<typeof b.decide>[2]) {
      const p = view.pending;
      if (p?.kind === 'hit-or-stay' && legal.length > 1) {
        tried++;
        const line = lineInfo(view, p.seat);
        const counts = f7NextFlipOdds(view, p.seat).counts;
        const pile = F7_CARD_NAMES.map((n) => counts[n]);
        try {
          const exact = f7SolveRound(line, pile, big).hit!;
          const f3 = pile[F7_FLIP_THREE]! > 0 ? f7SolveFlipThree(line, pile.map((n, c) => (c === F7_FLIP_THREE ? n - 1 : n)), big).value : null;
          fitted++;
          for (const level of [1, 2]) {
            errs[level - 1]!.push(Math.abs(f7SolveRound(line, reduce(pile, level), big).hit! - exact));
            if (f3 !== null) f3errs[level - 1]!.push(Math.abs(f7SolveFlipThree(line, reduce(pile, level), big).value - f3));
          }
        } catch (e) { if (!(e instanceof RangeError)) throw e; }
      }
      return b.decide(view, legal, rng);
    },
  }));
  await playGame({ game: flip7, start: { players: 4, seed: `coach-bound/${g}` }, agents, seed: `coach-bound/${g}` });
}
const q = (xs: number[], p: number) => { const s = xs.slice().sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0; };
console.log(`${games} games: ${tried} hit-or-stay decisions, ${fitted} solved exactly within ${big.maxCapacity} slots`);
for (const level of [1, 2]) {
  const e = errs[level - 1]!, f = f3errs[level - 1]!;
  console.log(`level ${level}: |hit value − exact| median ${q(e, 0.5).toFixed(3)}, p99 ${q(e, 0.99).toFixed(3)}, max ${q(e, 1).toFixed(3)};` +
    ` Flip Three received: median ${q(f, 0.5).toFixed(3)}, max ${q(f, 1).toFixed(3)} (${f.length})`);
}
