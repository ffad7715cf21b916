/**
 * The deals the browser tests play, chosen for what each test checks.
 *
 * A game's seed fixes its cards. The bots at an e2e table are basic bots, and a person away is
 * played by a basic stand-in (standInLevel): their every choice is a function of their view alone
 * (they never draw on the generator the server gives them). Each test's person plays by a fixed
 * rule too (support/sf.ts, f7-support.ts). So a Flip 7 game, and a Stir Fry Eighteen game in which
 * no two seats could call the same taste test, is the same game on every run, and here it is
 * played through with the rules package (playGame), each person by a policy that makes the page's
 * choices — so that a test can pick a seed whose game gives it what it checks (a card to give at
 * once, a second round, a taste test that catches a bluff) instead of waiting for luck.
 */
import { createBot } from '@parlor/bots';
import {
  type Agent, type F7Action, type F7View, type SfAction, type SfCard, type SfView, createRng, flip7, playGame, stirFryEighteen,
} from '@parlor/rules';
import { linePoints } from '../../../src/ui/games/flip-7/text.js';
import { bestDish, discardDownChoice, realPair } from './sf.js';

/**
 * The first seed `e2e <label> <i>` (i = from, from + 1, …) whose deal `fits`. `from` is where a
 * search from 0 ended when the test was written, so that a run does not play every unfit deal
 * again; were the rules ever to deal differently, the search goes on from there, the same way on
 * every run.
 */
export async function chooseSeed(label: string, fits: (seed: string) => boolean | Promise<boolean>, from = 0, tries = 2_000): Promise<string> {
  for (let i = from; i < from + tries; i++) {
    const seed = `e2e ${label} ${i}`;
    if (await fits(seed)) {
      if (i !== from) console.warn(`deal "${label}": seed ${from} no longer fits; ${i} does (update the test's starting point)`);
      return seed;
    }
  }
  throw new Error(`deal "${label}": no seed from ${from} to ${from + tries - 1} fits`);
}

/** Thrown by a policy to end a playout early (the rest of the game is not needed). */
class Enough extends Error {}

/** Ends the playout of `playF7` / `playSf` where a policy calls it. */
export function enough(): never {
  throw new Enough('enough');
}

async function playOut(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (e) {
    if (e instanceof Enough) return false;
    throw e;
  }
}

// ---- Flip 7 ----------------------------------------------------------------------------------

/** A person's choice at a Flip 7 decision, from what their page shows (the view and the legal moves). */
export type F7Policy = (view: F7View, legal: readonly F7Action[]) => F7Action;

export interface F7Decision {
  readonly seat: number;
  /** 'give': an action card to give (the receivers' picker); 'move': hit or stay. */
  readonly kind: 'give' | 'move';
  readonly round: number;
  readonly view: F7View;
  readonly legal: readonly F7Action[];
  readonly action: F7Action;
  /** The set-aside cards still to give of Flip Threes in progress, shown as cards on the table (FlipThrees.tsx). */
  readonly setAside: number;
}

export interface F7Played {
  /** The people's decisions, in order. */
  readonly decisions: F7Decision[];
  /** Whether the game was played to its end (false: a policy ended the playout). */
  readonly ended: boolean;
  readonly rounds: number;
  readonly scores: readonly number[];
  /** Actions played (every seat's). */
  readonly actions: number;
}

/** Set-aside cards still to give, as FlipThrees.tsx shows them. */
export const f7SetAsideShown = (view: F7View): number =>
  view.flipThrees.reduce((n, f) => n + f.setAside.filter((_, j) => f.givenTo[j] === undefined).length, 0);

/**
 * Plays a Flip 7 game from `seed` as the server would: `people` decide for their seats, basic bots
 * for every other seat. A policy may call `enough()` to stop.
 */
export async function playF7(seed: string, players: number, target: 100 | 200 | 300, people: Readonly<Record<number, F7Policy>>): Promise<F7Played> {
  const decisions: F7Decision[] = [];
  let last = { round: 1, scores: [] as readonly number[], actions: 0 };
  const agents = Array.from({ length: players }, (_, seat): Agent<F7View, F7Action> => {
    const policy = people[seat];
    if (policy === undefined) return createBot('flip-7', 'basic') as Agent<F7View, F7Action>;
    return {
      decide: (view, legal) => {
        const action = policy(view, legal);
        decisions.push({
          seat, kind: view.pending?.kind === 'give' ? 'give' : 'move', round: view.round, view, legal, action, setAside: f7SetAsideShown(view),
        });
        return action;
      },
    };
  });
  const ended = await playOut(async () => {
    const r = await playGame({
      game: flip7, start: { players, options: { target }, seed }, agents, seed,
      onAction: (a) => { last = { round: a.after.round, scores: a.after.scores, actions: a.n }; },
    });
    last = { round: r.state.round, scores: r.state.scores, actions: r.actions };
  });
  return { decisions, ended, rounds: last.round, scores: last.scores, actions: last.actions };
}

/** The Flip 7 game's first position: who is asked, and what. */
export function f7Opening(seed: string, players: number, target: 100 | 200 | 300): { toAct: number[]; view: F7View } {
  const started = flip7.start({ players, options: { target }, seed });
  if (!started.ok) throw new Error(started.error.message);
  const toAct = flip7.toAct(started.value.state);
  return { toAct, view: flip7.view(started.value.state, toAct[0] ?? 'spectator') };
}

/**
 * The simple Flip 7 player of the tests (f7-support.ts `decide`): gives an action card to the last
 * receiver offered (someone else when there is anyone); hits while the line is worth less than
 * `stayAt` (or when it may not stay), else stays.
 */
export function f7Simple(stayAt = 15): F7Policy {
  return (view, legal) => {
    const gives = legal.filter((a) => a.type === 'give');
    if (gives.length > 0) return gives[gives.length > 1 ? gives.length - 1 : 0]!;
    const hit = legal.find((a) => a.type === 'hit');
    const stay = legal.find((a) => a.type === 'stay');
    const points = linePoints(view, view.viewer as number);
    return (hit !== undefined && points < stayAt) || stay === undefined ? hit! : stay;
  };
}

// ---- Stir Fry Eighteen -----------------------------------------------------------------------

/** A person's choice at a Stir Fry Eighteen decision (act, taste test, discard down), from their view. */
export type SfPolicy = (view: SfView, legal: readonly SfAction[]) => SfAction;

export interface SfDecision {
  readonly seat: number;
  /** A person's decision (a policy's), or a basic bot's. */
  readonly bot: boolean;
  readonly view: SfView;
  readonly legal: readonly SfAction[];
  readonly action: SfAction;
}

export interface SfPlayed {
  /** Every seat's decisions, in order. */
  readonly decisions: SfDecision[];
  readonly ended: boolean;
  /** Turns started (the status bar's "Turn n" at the end). */
  readonly turns: number;
  readonly scores: readonly number[];
  /** Actions played (every seat's). */
  readonly actions: number;
}

/**
 * Plays a Stir Fry Eighteen game from `seed` as the server would: `people` decide for their seats,
 * basic bots for the others. Several seats asked at once (a taste-test window) answer in an order
 * drawn by lot; the game is the same in any order unless two of them would call the taste test.
 */
export async function playSf(seed: string, players: number, options: Record<string, unknown>, people: Readonly<Record<number, SfPolicy>>): Promise<SfPlayed> {
  const decisions: SfDecision[] = [];
  let last = { turns: 0, scores: [] as readonly number[], actions: 0 };
  const agents = Array.from({ length: players }, (_, seat): Agent<SfView, SfAction> => {
    const bot = people[seat] === undefined ? createBot('stir-fry-eighteen', 'basic') as Agent<SfView, SfAction> : null;
    const policy: SfPolicy = people[seat] ?? ((view, legal) => {
      const action = bot!.decide(view, legal, createRng('unused'));
      if (action instanceof Promise) throw new Error('the basic bot decides at once');
      return action;
    });
    return {
      decide: (view, legal) => {
        const action = policy(view, legal);
        decisions.push({ seat, bot: bot !== null, view, legal, action });
        return action;
      },
    };
  });
  const ended = await playOut(async () => {
    await playGame({
      game: stirFryEighteen, start: { players, options, seed }, agents, seed,
      onAction: (a) => { last = { turns: a.after.turn.number, scores: a.after.scores, actions: a.n }; },
    });
  });
  return { decisions, ended, turns: last.turns, scores: last.scores, actions: last.actions };
}

/** The Stir Fry Eighteen game's first position: whose turn, and every hand (in the page's order). */
export function sfOpening(seed: string, players: number, options: Record<string, unknown>): { first: number; hands: SfCard[][] } {
  const started = stirFryEighteen.start({ players, options, seed });
  if (!started.ok) throw new Error(started.error.message);
  const s = started.value.state;
  return { first: s.turn.player, hands: s.hands.map((_, seat) => stirFryEighteen.view(s, seat).hand!.slice()) };
}

/** Two card lists hold the same cards. */
export const sameCards = (a: readonly SfCard[], b: readonly SfCard[]): boolean => [...a].sort().join() === [...b].sort().join();

/** The cards of `positions` in `hand`. */
const cardsAt = (hand: readonly SfCard[], positions: readonly number[]): SfCard[] => positions.map((i) => hand[i]!);

/** The legal action of `type` with these cards (in any order), if any. */
export function sfWith(legal: readonly SfAction[], type: 'cook' | 'discard-pair' | 'discard-down', cards: readonly SfCard[]): SfAction | undefined {
  return legal.find((a) => a.type === type && sameCards(a.cards, cards));
}

/**
 * The Stir Fry Eighteen player of support/sf.ts, as a policy: trusts every taste test; discards down
 * as `discardDownChoice`; on its turn cooks the best dish (`cookBest`), else, with `pairs`, declares
 * the first real pair while it may (as sf-full-game does), else ends the turn.
 */
export function sfCookOrEnd({ pairs = false }: { pairs?: boolean } = {}): SfPolicy {
  return (view, legal) => {
    const hand = view.hand ?? [];
    if (view.phase === 'taste-test') return legal.find((a) => a.type === 'trust')!;
    if (view.phase === 'discard-down') return sfWith(legal, 'discard-down', cardsAt(hand, discardDownChoice(hand)))!;
    const dish = bestDish(hand);
    if (dish !== null) {
      const cook = sfWith(legal, 'cook', cardsAt(hand, dish.positions));
      // The page would wait for a Cook button that never comes: the policy is not the page's.
      if (cook === undefined) throw new Error(`no legal cook of ${cardsAt(hand, dish.positions).join(', ')}`);
      return cook;
    }
    const pair = pairs ? realPair(hand) : null;
    if (pair !== null && legal.some((a) => a.type === 'discard-pair')) return sfWith(legal, 'discard-pair', cardsAt(hand, pair))!;
    return legal.find((a) => a.type === 'end-turn')!;
  };
}
