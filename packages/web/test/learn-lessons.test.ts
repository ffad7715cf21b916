/**
 * Issue 11, item 1: each guided first game is playable by the rules to its end. The script's deal
 * and every scripted move go through the rules package (the scenario adapter, `apply`); each step
 * that teaches a move offers it among the newcomer's legal actions; every step is reached, in order;
 * and the moves the lesson promises happen (SF: a pair, a protein claim, a bluff, taste tests, dishes;
 * F7: hit, stay, an action card given, a bust, a Second Chance). The snapshots the game screen gets
 * are what the rules let seat 0 see.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type AnyEvent, type AnyGame, type F7Action, type F7Event, type F7State, GAMES, type SfAction, type SfEvent, type SfState,
} from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import { guidedSnapshot, guidedTable } from '../src/ui/learn/guided-table.js';
import { F7_LESSON } from '../src/ui/games/flip-7/lesson.js';
import {
  type Lesson, type Run, act, currentStep, finished, next, offered, playQueued, ready, startRun, waitsForNext,
} from '../src/ui/learn/lesson.js';
import { SF_FIRST_DISH, SF_LESSON, SF_WINNING_DISH } from '../src/ui/games/stir-fry-eighteen/lesson.js';
import { sfScoreHistory } from '../src/ui/games/stir-fry-eighteen/score-history.js';
import en from '../src/i18n/locales/en/learn.json' with { type: 'json' };

const LOCALES = resolve(import.meta.dirname, '../src/i18n/locales');
const LANGS = ['en', 'it', 'ja', 'pl', 'ko'] as const;
type Tree = { [k: string]: string | Tree };
const lookup = (tree: Tree, key: string): string | undefined => {
  let at: string | Tree | undefined = tree;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
};
const variables = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

interface Played<S, A> {
  readonly steps: string[];
  readonly run: Run<S, A>;
  /** Each step's values, read when the step was ready. */
  readonly values: Record<string, Record<string, unknown>>;
  /** The snapshots the screen got when each teaching step was ready. */
  readonly snapshots: ReturnType<typeof guidedSnapshot>[];
  /** The game when each step was ready. */
  readonly states: Record<string, S>;
}

/** Plays a lesson as the page does: queued moves one by one, then the step's one accepted move, or "Next". */
function playThrough<S, A>(lesson: Lesson<S, A>): Played<S, A> {
  let run = startRun(lesson);
  const steps: string[] = [];
  const values: Record<string, Record<string, unknown>> = {};
  const snapshots: ReturnType<typeof guidedSnapshot>[] = [];
  const states: Record<string, S> = {};
  for (let guard = 0; guard < 200 && !finished(run); guard++) {
    while (!ready(run)) {
      // While the others play, the newcomer is offered nothing.
      expect(offered(run)).toEqual([]);
      run = playQueued(run);
    }
    const step = currentStep(run)!;
    steps.push(step.id);
    values[step.id] = step.values?.(run.state) ?? {};
    states[step.id] = run.state;
    if (step.accept === undefined) {
      expect(waitsForNext(run)).toBe(true);
      if (run.step === lesson.steps.length - 1) break;
      run = next(run);
      continue;
    }
    const moves = offered(run);
    expect(moves, `step ${step.id} offers its move`).toHaveLength(1);
    const legal = (GAMES[lesson.game] as AnyGame).legalActions(run.state, 0) as readonly unknown[];
    expect(legal.map((a) => JSON.stringify(a)), `step ${step.id}: a legal action`).toContain(JSON.stringify(moves[0]));
    snapshots.push(guidedSnapshot(run));
    snapshotSteps.set(snapshots.at(-1)!, step.id);
    // Anything else is refused and changes nothing.
    const other = legal.find((a) => JSON.stringify(a) !== JSON.stringify(moves[0]));
    if (other !== undefined) expect(act(run, other as A)).toBeNull();
    const after = act(run, moves[0]!);
    expect(after, `step ${step.id}: the newcomer's move is played`).not.toBeNull();
    run = after!;
  }
  return { steps, run, values, snapshots, states };
}

/** The step a snapshot was taken at. */
const snapshotSteps = new WeakMap<object, string>();
const stepAt = (_p: unknown, snap: object): string => snapshotSteps.get(snap)!;

function lastIndex<T>(list: readonly T[], test: (x: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return i;
  return -1;
}

const typesOf = (events: readonly AnyEvent[]) => events.map((e) => e.type);

describe('Stir Fry Eighteen guided game', () => {
  const played = playThrough(SF_LESSON);
  const events = played.run.all as SfEvent[];
  const state = played.run.state as SfState;

  it('reaches every step, in order, and ends with the newcomer winning by the target (SF-27)', () => {
    expect(played.steps).toEqual(SF_LESSON.steps.map((s) => s.id));
    expect(state.phase).toBe('over');
    expect(state.result).toEqual({ winners: [0], reason: 'target' });
    expect(state.scores[0]).toBeGreaterThanOrEqual(50);
    expect(events.at(-1)?.type).toBe('game-over');
  });

  it('the newcomer discards an honest pair, claims a protein honestly and is taste-tested (SF-9, SF-12, SF-17)', () => {
    const declares = events.filter((e): e is Extract<SfEvent, { type: 'declare' }> => e.type === 'declare' && e.player === 0);
    expect(declares.map((d) => [d.kind, d.claim])).toEqual([['pair', null], ['protein', 'pork'], ['pair', null]]);
    const tests = events.filter((e): e is Extract<SfEvent, { type: 'taste-test' }> => e.type === 'taste-test');
    expect(tests.map((x) => [x.tester, x.declarer, x.honest])).toEqual([[1, 0, true], [0, 2, false]]);
    // Mia, the honest discard's tester, threw away her hand (SF-17).
    expect(events).toContainEqual({ type: 'tester-discards-hand', player: 1, count: 3 });
  });

  it('the newcomer catches a bluff, earns a card, then bluffs a pair nobody tests and still draws 3 (SF-10, SF-18)', () => {
    const i = events.findIndex((e) => e.type === 'taste-test' && e.tester === 0);
    expect(events.slice(i).find((e) => e.type === 'draw' && e.player === 0 && e.reason === 'turn')).toMatchObject({ owed: 2, count: 2 });
    const lastPair = lastIndex(events, (e) => e.type === 'declare' && e.player === 0 && e.kind === 'pair');
    const rest = events.slice(lastPair);
    expect(rest.find((e) => e.type === 'taste-test')).toBeUndefined();
    expect(rest.find((e) => e.type === 'draw' && e.reason === 'discard')).toMatchObject({ player: 0, owed: 3, count: 3, blocked: false });
    // The pair put down was not a pair: a bluff (SF-12).
    const put = rest.find((e): e is Extract<SfEvent, { type: 'put-down' }> => e.type === 'put-down');
    expect(put?.cards[0]).not.toBe(put?.cards[1]);
  });

  it('the newcomer cooks two dishes, the second reaching the target (SF-2, SF-20, SF-21)', () => {
    const cooks = events.filter((e): e is Extract<SfEvent, { type: 'cook' }> => e.type === 'cook');
    expect(cooks.map((c) => [c.player, [...c.cards].sort(), c.points])).toEqual([
      [0, [...SF_FIRST_DISH].sort(), 16],
      [0, [...SF_WINNING_DISH].sort(), 22],
    ]);
    expect(cooks.map((c) => c.score)).toEqual([41, 63]);
  });

  it('Leo claims Pork without holding it, and his card is shown (SF-16)', () => {
    expect(played.values.caught).toEqual({ card: { card: expect.any(String) } });
    const bluff = events.find((e) => e.type === 'taste-test' && e.tester === 0);
    expect(bluff).toMatchObject({ declarer: 2, kind: 'protein', claim: 'pork', honest: false });
    // The lesson's hint holds: the one Pork is not in Leo's hand when he claims it.
    expect((played.states.test as SfState).hands[2]).not.toContain('pork');
  });

  it('the bluff pair the text names is two different cards the winning dish does not need', () => {
    const v = played.values.bluff as { a: { card: string }; b: { card: string } };
    expect(v.a.card).not.toBe(v.b.card);
    const put = events[lastIndex(events, (e) => e.type === 'put-down' && e.player === 0)] as Extract<SfEvent, { type: 'put-down' }> | undefined;
    expect([...put!.cards].sort()).toEqual([v.a.card, v.b.card].sort());
  });

  it('the end screen\'s chart follows the real scores: from the 25, 30 and 34 the game starts at to 63, 30, 34, turn by turn', () => {
    // The chart is drawn from the game log the screen gets (SfGame: every entry's event).
    const history = sfScoreHistory(played.run.log.map((l) => l.event) as SfEvent[], 3, 50);
    expect(history.map((p) => p.scores)).toEqual([[25, 30, 34], [41, 30, 34], [41, 30, 34], [41, 30, 34], [63, 30, 34]]);
    // One label per turn, in order: the start, then turns 1 to 4 (the first one began before the lesson's events).
    expect(history.map((p) => p.turn)).toEqual([0, 1, 2, 3, 4]);
    expect(history.map((p) => p.player)).toEqual([null, 0, 1, 2, 0]);
    expect(history.at(-1)!.scores).toEqual(state.scores);
  });

  it('the screen is offered only legal actions of seat 0, and sees only what seat 0 may (SF-33)', () => {
    expect(played.snapshots.length).toBe(SF_LESSON.steps.filter((s) => s.accept !== undefined).length);
    for (const snap of played.snapshots) {
      expect(snap.seat).toBe(0);
      for (const e of snap.events) expect((e as { only?: number }).only ?? 0).toBe(0);
      const view = snap.view as ReturnType<typeof GAMES['stir-fry-eighteen']['view']>;
      expect(view.viewer).toBe(0);
      for (const p of view.putDown) if (!p.open && p.by !== 0) expect(p.cards).toBeNull();
      // Every move the rules allow seat 0 now (the screen's buttons tell the truth); the step accepts one of them.
      expect(snap.legal).toEqual(GAMES['stir-fry-eighteen'].legalActions(played.states[stepAt(played, snap)]!, 0));
    }
  });
});

describe('Flip 7 guided game', () => {
  const played = playThrough(F7_LESSON);
  const events = played.run.all as F7Event[];
  const state = played.run.state as F7State;

  it('reaches every step, in order, and ends after round 2 with the newcomer winning (F7-15)', () => {
    expect(played.steps).toEqual(F7_LESSON.steps.map((s) => s.id));
    expect(state.phase).toBe('over');
    expect(state.winners).toEqual([0]);
    expect(state.scores).toEqual([204, 160, 199]);
    expect(typesOf(events).filter((t) => t === 'round-end')).toHaveLength(2);
  });

  it('the newcomer hits, keeps a Second Chance, is saved by it, then busts (F7-5, F7-6, F7-11)', () => {
    // (The first deal happened in the adapter's setup: the log starts with the first hit.)
    const mine = events.filter((e) => ('seat' in e && e.seat === 0) || (e.type === 'give' && e.from === 0));
    const round1 = mine.slice(0, mine.findIndex((e) => e.type === 'bust') + 1);
    expect(round1.map((e) => e.type)).toEqual([
      'flip', 'flip', 'give', 'second-chance-kept', 'flip', 'second-chance-used', 'flip', 'bust',
    ]);
    expect(events).toContainEqual({ type: 'give', from: 0, to: 0, card: 'second-chance', setAside: false });
    expect(events).toContainEqual({ type: 'bust', seat: 0, card: '7' });
  });

  it('the newcomer gives a Freeze to Leo, who banks his 13 (F7-8, F7-9)', () => {
    expect(events).toContainEqual({ type: 'give', from: 0, to: 2, card: 'freeze', setAside: false });
    expect(events).toContainEqual({ type: 'freeze', seat: 2 });
    const end2 = events.filter((e): e is Extract<F7Event, { type: 'round-end' }> => e.type === 'round-end')[1]!;
    expect(end2.breakdown.map((b) => b.total)).toEqual([24, 0, 13]);
  });

  it('the newcomer stays to end the game (F7-5, F7-13)', () => {
    expect(events).toContainEqual({ type: 'stay', seat: 0, atDeal: false });
    const stays = events.filter((e) => e.type === 'stay' && e.seat === 0);
    expect(stays).toHaveLength(1);
  });

  it('the screen gets every legal action of seat 0 at each step (F7-16: everything but the pile is public)', () => {
    for (const snap of played.snapshots) {
      expect(snap.legal.length).toBeGreaterThan(1);
      const view = snap.view as ReturnType<typeof GAMES['flip-7']['view']>;
      expect(view.pending?.seat).toBe(0);
      expect(JSON.stringify(view)).not.toContain('"draw"');
    }
  });

  it('builds a running table around the game: seat 0 the newcomer, the others bots, the log from seat 0', () => {
    const table = guidedTable(played.run, { names: ['Ann', 'Mia', 'Leo'] });
    expect(table.summary.status).toBe('running');
    expect(table.yourSeats).toEqual([0]);
    expect(table.summary.seats.map((s) => s.kind)).toEqual(['player', 'bot', 'bot']);
    expect(table.log.length).toBeGreaterThan(0);
    expect(table.games['0']?.outcome?.winners).toEqual([0]);
    expect(table.games['0']?.stats).not.toBeNull();
  });
});

describe('lesson texts', () => {
  for (const [lesson, played] of [[SF_LESSON, playThrough(SF_LESSON)], [F7_LESSON, playThrough(F7_LESSON)]] as const) {
    it(`${lesson.short}: every step has a title and a text in every language, and its values fill the text's {{variables}}`, () => {
      for (const lang of LANGS) {
        const tree = JSON.parse(readFileSync(resolve(LOCALES, lang, 'learn.json'), 'utf8')) as Tree;
        for (const step of lesson.steps) {
          for (const part of ['title', 'text']) {
            const key = `${lesson.short}.guided.${step.id}.${part}`;
            const given = Object.keys((played.values as Record<string, Record<string, unknown>>)[step.id] ?? {});
            // A text that counts something (a score) is a set of plural forms, chosen by the step's `count`.
            const forms = lookup(tree, key) !== undefined ? [key]
              : (lang === 'pl' ? ['one', 'few', 'many', 'other'] : ['one', 'other']).map((f) => `${key}_${f}`);
            if (forms.length > 1) expect(given, `${lang} ${key}: plural forms need a count`).toContain('count');
            for (const form of forms) {
              const s = lookup(tree, form);
              expect(s, `${lang} ${form}`).toBeTypeOf('string');
              for (const v of variables(s!)) expect(given, `${lang} ${step.id}.${part}: {{${v}}}`).toContain(v);
            }
          }
        }
      }
      expect(lookup(en as unknown as Tree, `${lesson.short}.guided.end.title`)).toBeTruthy();
    });
  }
});

// Keeps the types of the lessons' actions honest (a script typed against the game's own actions).
const _types: [Lesson<SfState, SfAction>, Lesson<F7State, F7Action>] = [SF_LESSON, F7_LESSON];
void _types;
