import { type Agent, F7_CARD_NAMES, type F7Action, type F7View, f7NextFlipOdds, type SfAction, type SfView, createRng, gameModule, sfDishPoints } from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import {
  COACH_ENGLISH, F7_COACH, coachGame, coachSentence, createBot, recordGame, type CoachReport, type RecordedExport,
} from '../src/index.js';
import { lineInfo } from '../src/flip-7/common.js';
import { f7Values } from '../src/flip-7/coach-values.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Flagged decisions checked against the bound their values carry (docs/bots-flip-7.md, "The coach's bound"). */
let boundChecked = 0;
function report(exp: RecordedExport, seat: number, options = {}): CoachReport {
  const r = coachGame(exp, seat, options);
  if (!r.ok) throw new Error(JSON.stringify(r.problem));
  for (const d of r.report.decisions) {
    if (!d.flagged) continue;
    const level = typeof d.facts.level === 'number' ? d.facts.level : 0;
    const margin = F7_COACH.approxMargins[level]! * (d.kind === 'f7.give' ? 1 + 2 / (exp.players - 1) : 1);
    expect(d.cost, `decision ${d.index}`).toBeGreaterThan(r.report.threshold + margin);
    if (d.winBest !== null) expect(d.chosen).not.toBe(d.winBest);
    boundChecked++;
  }
  return r.report;
}

/** An expert that makes one planted mistake, once, when `mistake` returns an action; records its index. */
function planted<V, A>(game: 'flip-7' | 'stir-fry-eighteen', mistake: (view: V, legal: readonly A[]) => A | null): Agent<V, A> & { at: number | null; n: number } {
  const bot = createBot(game, 'expert') as unknown as Agent<V, A>;
  const agent = {
    at: null as number | null,
    n: 0,
    observe: bot.observe?.bind(bot),
    decide(view: V, legal: readonly A[], rng: ReturnType<typeof createRng>) {
      if (agent.at === null) {
        const a = mistake(view, legal);
        if (a !== null) { agent.at = agent.n; return a; }
      }
      return bot.decide(view, legal, rng);
    },
  };
  return agent;
}

/** The index in the export of seat's k-th decision. */
function indexOf(exp: RecordedExport, seat: number, k: number): number {
  let n = -1;
  for (const [i, a] of exp.actions.entries()) if (a.seat === seat && ++n === k) return i;
  throw new Error('no such decision');
}

/** Counts the seat's decisions as the driver asked them (decide calls, legal lists of any length). */
function counting<V, A>(agent: Agent<V, A> & { n: number }): Agent<V, A> {
  return { observe: agent.observe?.bind(agent), decide: (v: V, l: readonly A[], r: ReturnType<typeof createRng>) => { const a = agent.decide(v, l, r); agent.n++; return a; } } as Agent<V, A>;
}

describe('the coach', () => {
  it('Flip 7: flags a planted mistake (staying when hitting is worth far more, F7-5) in plain words, with the points it gave away', async () => {
    // Seat 0 plays the expert, except that once, where hitting is worth 5 points more than staying
    // and the coach's solve is exact (level 0), it stays.
    const a = planted<F7View, F7Action>('flip-7', (view, legal) => {
      const seat = view.pending?.seat ?? -1;
      if (view.pending?.kind !== 'hit-or-stay' || !legal.some((x) => x.type === 'stay')) return null;
      const counts = f7NextFlipOdds(view, seat).counts;
      const v = f7Values(lineInfo(view, seat), F7_CARD_NAMES.map((n) => counts[n]));
      return v.level === 0 && v.hit !== null && v.stay !== null && v.hit - v.stay > 5 ? legal.find((x) => x.type === 'stay')! : null;
    });
    const exp = await recordGame('flip-7', 'planted-f7', [counting(a), createBot('flip-7', 'expert'), createBot('flip-7', 'expert')]);
    expect(a.at).not.toBeNull();
    const at = indexOf(exp, 0, a.at!);
    const r = report(exp, 0);
    const d = r.decisions.find((x) => x.index === at)!;
    expect(d.kind).toBe('f7.hitOrStay');
    expect(d.chosen).toBe('stay');
    expect(d.best).toBe('hit');
    expect(d.flagged).toBe(true);
    expect(d.cost).toBeGreaterThan(r.threshold);
    const s = coachSentence(d, exp.seats.map((x) => x.name), 0);
    expect(s).toMatch(/^You stayed on \d+ with a \d+% chance to bust: hitting was worth \d+\.\d more points on average\.$/);
    expect(r.summary.pointsLost).toBeGreaterThanOrEqual(d.cost);
  }, 300_000);

  it('Stir Fry Eighteen: flags a planted mistake (cooking a worse dish than the hand holds, SF-20, SF-21)', async () => {
    const a = planted<SfView, SfAction>('stir-fry-eighteen', (_view, legal) => {
      const cooks = legal.filter((x): x is Extract<SfAction, { type: 'cook' }> => x.type === 'cook');
      if (cooks.length < 2) return null;
      const pts = cooks.map((c) => sfDishPoints(c.cards));
      if (Math.max(...pts) - Math.min(...pts) < 4) return null;
      return cooks[pts.indexOf(Math.min(...pts))]!;
    });
    let exp: RecordedExport | null = null;
    for (let g = 0; g < 20 && (exp === null || a.at === null); g++) {
      a.at = null; a.n = 0;
      exp = await recordGame('stir-fry-eighteen', `planted-sf-${g}`, [counting(a), createBot('stir-fry-eighteen', 'expert'), createBot('stir-fry-eighteen', 'expert')]);
    }
    expect(a.at).not.toBeNull();
    const at = indexOf(exp!, 0, a.at!);
    const d = report(exp!, 0).decisions.find((x) => x.index === at)!;
    expect(d.kind).toBe('sf.cook');
    expect(d.flagged).toBe(true);
    expect(coachSentence(d, exp!.seats.map((x) => x.name), 0)).toMatch(/^You cooked a dish worth \d+ points; the best dish in your hand was worth \d+\.$/);
  }, 300_000);

  it('stays silent on the expert bot\'s own games, or nearly (the rate is printed by npm run bench)', async () => {
    let decisions = 0, flagged = 0;
    for (const game of ['flip-7', 'stir-fry-eighteen'] as const) {
      const exp = await recordGame(game, `silent-${game}`, [createBot(game, 'expert'), createBot(game, 'expert'), createBot(game, 'expert')]);
      const r = report(exp, 1);
      decisions += r.summary.decisions;
      flagged += r.summary.flagged;
    }
    expect(decisions).toBeGreaterThan(20);
    expect(flagged / decisions).toBeLessThan(0.1);
  }, 300_000);

  it('uses only what the seat could see: everything hidden re-dealt at every decision, the advice is the same', async () => {
    for (const game of ['stir-fry-eighteen', 'flip-7'] as const) {
      const exp = await recordGame(game, `hidden-${game}`, [createBot(game, 'basic'), createBot(game, 'expert'), createBot(game, 'basic')]);
      const module = gameModule(game);
      let k = 0;
      const redraw = (state: unknown, seat: number) => module.resample(state as never, seat, createRng(`re-${k++}`));
      const plain = report(exp, 0);
      const redrawn = report(exp, 0, { redraw });
      expect(k).toBeGreaterThan(0);
      expect(redrawn).toEqual(plain);
    }
  }, 300_000);

  it('never calls a decision a mistake by less than the bound its values carry (threshold, + the margin when approximate)', async () => {
    // Basic bots make mistakes the coach flags; every flag of every report above and here is checked in report().
    for (const seed of ['bound-1', 'bound-2']) {
      const exp = await recordGame('flip-7', seed, [createBot('flip-7', 'basic'), createBot('flip-7', 'basic')]);
      report(exp, 0);
      report(exp, 1);
    }
    expect(boundChecked).toBeGreaterThan(0);
  }, 300_000);

  it('says every sentence in the web client\'s English words too (locales/en/coach.json repeats COACH_ENGLISH)', () => {
    const en = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../web/src/i18n/locales/en/coach.json'), 'utf8')) as { msg: Record<string, Record<string, Record<string, string>>> };
    const flat: Record<string, string> = {};
    for (const [g, kinds] of Object.entries(en.msg)) for (const [k, vs] of Object.entries(kinds)) for (const [v, s] of Object.entries(vs)) flat[`${g}.${k}.${v}`] = s;
    expect(flat).toEqual({ ...COACH_ENGLISH });
  });

  it('refuses a seat that is not there and an export that is not one', () => {
    expect(coachGame({ format: 'parlor-game', game: 'flip-7', players: 2, options: {}, seed: 's', actions: [] }, 5)).toEqual({ ok: false, problem: { code: 'seat', seat: 5, players: 2 } });
    expect(coachGame({ format: 'x' } as never, 0)).toEqual({ ok: false, problem: { code: 'format' } });
    expect(coachGame({ format: 'parlor-game', game: 'chess', players: 2, options: {}, seed: 's', actions: [] }, 0)).toEqual({ ok: false, problem: { code: 'game', game: 'chess' } });
  });
});
