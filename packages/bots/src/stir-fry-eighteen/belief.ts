import { type SfEvent, type SfProtein, type SfView, sfCardIndex } from '@parlor/rules';
import {
  type Counts, CHICKEN, KINDS, PORK, SHRIMP, TOFU, add, countsOf, equal, size, sub, universe, zeros,
} from './cards.js';
import { HandTracker } from './tracker.js';

/**
 * The expert's belief over the cards it cannot see (SF-33), rebuilt from the view and kept up to
 * date from the events it observes (public ones and its own).
 *
 * Known exactly: its hand, its own face-down cards and every open card this turn (reveals SF-16,
 * dishes SF-21). The rest is the unknown pool U: other hands, the pile, others' face-down cards and,
 * with Tofu (SF-30), the removed base card. For every opponent a HandTracker holds an exact
 * distribution over (hand, face-down cards, pending declaration), under these assumptions:
 *
 * A1. At each reshuffle (SF-22, SF-25) every card outside the hands is shuffled uniformly.
 * A2. From one opponent's tracker, the unknown cards outside that opponent are exchangeable: the
 *     pile, the other hands, their face-down cards and the removed card are a uniform split of the
 *     rest (the information about the other opponents is not carried across trackers). With Tofu
 *     the removed card is a uniform base card of that rest. Exact with one opponent (heads-up).
 * A3. Opponents' private choices carry no information except through the declaration model:
 *     discards-down are uniform; a dish is any dish the hand holds; a declaration is honest with
 *     probability h (the opponent's "honest type", learned below) — an honest pair uniformly among
 *     those it holds, or the claimed protein — and otherwise uniformly random cards.
 * A4. The type h is a per-opponent number updated by Bayes on each declaration (an honest player
 *     declares only what it holds, at rate ρH; a bluffer declares at rate ρB, claims uniform), on
 *     each action phase without a declaration, and on every taste test it loses or wins; it is
 *     used as a known number in the tracker (not jointly tracked with the hand).
 */
export const RHO_HONEST = 0.5;
export const RHO_BLUFF = 0.85;
const H_MIN = 0.001, H_MAX = 0.999;

export interface PendingDeclaration {
  readonly declarer: number;
  readonly kind: 'pair' | 'protein';
  readonly claim: SfProtein | null;
  /** P(lie) under the model, for an opponent's declaration; null when not known (joined mid-window). */
  readonly pLie: number | null;
  /** P(seat holds the claimed card), per seat, when declared (for the testing-rate estimates). */
  readonly pKnow: number[];
}

export class SfBelief {
  me = -1;
  players = 0;
  tofu = false;
  /** The options this belief was built for. */
  total: Counts = zeros();
  hand: Counts = zeros();
  /** My face-down cards this turn. */
  myDown: Counts = zeros();
  /** Open cards this turn (reveals, dishes). */
  open: Counts = zeros();
  trackers: (HandTracker | null)[] = [];
  /** Per seat: P(honest type) (A4). */
  honesty: number[] = [];
  /** Per seat: taste tests called without (probably) knowing, and the chances to (for P(tested)). */
  blindTests: number[] = [];
  blindChances: number[] = [];
  /** Per seat, tests/chances on declarations I made (what I care about). */
  pending: PendingDeclaration | null = null;
  turnPlayer = -1;
  declaredPair = false;
  declaredProtein = false;
  actionPhaseClosed = false;
  ready = false;

  /** The unknown pool U. */
  unknown(): Counts {
    return sub(sub(sub(this.total, this.hand), this.myDown), this.open);
  }

  /** (Re)builds from a view: exact hand/open/own cards; opponents' hidden cards uniform over U (A1, A2). */
  init(view: SfView): void {
    this.me = view.viewer === 'spectator' ? -1 : view.viewer;
    this.players = view.players;
    this.tofu = view.options.tofu;
    this.total = universe(view.options);
    this.hand = countsOf(view.hand ?? []);
    this.myDown = zeros();
    this.open = zeros();
    const otherDown: number[] = new Array<number>(view.players).fill(0);
    for (const p of view.putDown) {
      if (p.open) this.open = add(this.open, countsOf(p.cards!));
      else if (p.by === this.me) this.myDown = add(this.myDown, countsOf(p.cards!));
      else otherDown[p.by]! += p.count;
    }
    const u = this.unknown();
    if (this.honesty.length !== view.players) {
      this.honesty = new Array<number>(view.players).fill(0.5);
      this.blindTests = new Array<number>(view.players).fill(0);
      this.blindChances = new Array<number>(view.players).fill(0);
    }
    this.trackers = [];
    for (let q = 0; q < view.players; q++) {
      if (q === this.me) { this.trackers.push(null); continue; }
      const t = new HandTracker(this.tofu);
      t.draw(u, view.handSizes[q]!);
      if (otherDown[q]! > 0) t.draw(u, otherDown[q]!, true);
      this.trackers.push(t);
    }
    this.pending = view.declaration === null ? null : {
      declarer: view.declaration.declarer, kind: view.declaration.kind, claim: view.declaration.claim, pLie: null,
      pKnow: new Array<number>(view.players).fill(0),
    };
    this.turnPlayer = view.turn.player;
    this.declaredPair = view.turn.pairDone;
    this.declaredProtein = view.turn.proteinDone;
    this.actionPhaseClosed = view.turn.cooked || view.phase === 'discard-down';
    this.ready = true;
  }

  /** Whether the belief agrees with what the view shows (else it is rebuilt). */
  consistent(view: SfView): boolean {
    if (!this.ready || view.players !== this.players || view.viewer !== this.me) return false;
    if (!equal(this.hand, countsOf(view.hand ?? []))) return false;
    let hidden = view.drawPileSize + (this.tofu ? 1 : 0);
    for (let q = 0; q < view.players; q++) {
      if (q === this.me) continue;
      const t = this.trackers[q]!;
      if (t.handSize() !== view.handSizes[q]!) return false;
      hidden += view.handSizes[q]!;
    }
    for (const p of view.putDown) if (!p.open && p.by !== this.me) hidden += p.count;
    return hidden === size(this.unknown());
  }

  sync(view: SfView): void {
    if (!this.consistent(view)) this.init(view);
  }

  /** P(seat q holds a card of kind i) now. */
  pHolds(q: number, i: number): number {
    const t = this.trackers[q];
    return t ? t.pHolds(i) : 0;
  }

  /** Expected composition of the draw pile (U minus every opponent's expected hidden cards, minus the removed card). */
  pileEstimate(): Counts {
    const u = this.unknown();
    const e = u.map((x) => x) as Counts;
    for (const t of this.trackers) {
      if (!t) continue;
      const h = t.expectedHidden();
      for (let i = 0; i < KINDS; i++) e[i] = e[i]! - h[i]!;
    }
    if (this.tofu) {
      let base = 0;
      for (let i = 0; i < KINDS; i++) if (i !== TOFU) base += Math.max(0, e[i]!);
      if (base > 0) for (let i = 0; i < KINDS; i++) if (i !== TOFU) e[i] = e[i]! - Math.max(0, e[i]!) / base;
    }
    for (let i = 0; i < KINDS; i++) e[i] = Math.max(0, e[i]!);
    return e;
  }

  /** P(the opponent is an honest type). */
  honest(q: number): number {
    return this.honesty[q] ?? 0.5;
  }

  /** How often q tests without knowing: (blind tests + 0.3) / (chances + 3). */
  blindRate(q: number): number {
    return Math.min(0.9, Math.max(0.01, (this.blindTests[q]! + 0.3) / (this.blindChances[q]! + 3)));
  }

  private setHonesty(q: number, lh: number, lb: number): void {
    const h = this.honesty[q]!;
    const n = h * lh + (1 - h) * lb;
    if (n > 0) this.honesty[q] = Math.min(H_MAX, Math.max(H_MIN, (h * lh) / n));
  }

  /** An opponent's action phase ended: the declarations it did not make are evidence too (A4). */
  private closeActionPhase(q: number): void {
    if (this.actionPhaseClosed || q === this.me) return;
    this.actionPhaseClosed = true;
    const t = this.trackers[q];
    if (!t) return;
    if (!this.declaredPair && t.handSize() >= 2) {
      this.setHonesty(q, 1 - RHO_HONEST * t.pHasPair(), 1 - RHO_BLUFF);
    }
    if (!this.declaredProtein && t.handSize() >= 1) {
      const proteins = this.tofu ? [SHRIMP, PORK, CHICKEN, TOFU] : [SHRIMP, PORK, CHICKEN];
      this.setHonesty(q, 1 - RHO_HONEST * t.pHoldsAny(proteins), 1 - RHO_BLUFF);
    }
  }

  private seenElsewhere(x: Counts, except: number): void {
    const u = this.unknown();
    this.trackers.forEach((t, q) => { if (t && q !== except) t.seenElsewhere(u, x); });
  }

  observe(events: readonly SfEvent[]): void {
    if (!this.ready) return;
    for (const e of events) this.apply(e);
  }

  private settlePending(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    if (p.declarer !== this.me) this.trackers[p.declarer]?.settle();
  }

  private apply(e: SfEvent): void {
    switch (e.type) {
      case 'turn-start':
        this.turnPlayer = e.player;
        this.declaredPair = this.declaredProtein = this.actionPhaseClosed = false;
        return;
      case 'draw':
        this.settlePending();
        if (e.player !== this.me && e.count > 0) this.trackers[e.player]?.draw(this.unknown(), e.count);
        return;
      case 'drawn': {
        const x = countsOf(e.cards);
        this.seenElsewhere(x, -1);
        this.hand = add(this.hand, x);
        return;
      }
      case 'declare': {
        if (e.kind === 'pair') this.declaredPair = true; else this.declaredProtein = true;
        const claim = e.claim === null ? -1 : sfCardIndex(e.claim);
        const pKnow = new Array<number>(this.players).fill(0);
        for (const q of e.mayTest) {
          if (claim < 0) continue;
          if (q === this.me) pKnow[q] = this.hand[claim]! > 0 ? 1 : 0;
          else if (e.player === this.me) pKnow[q] = this.trackers[q]!.pHolds(claim);
          else pKnow[q] = this.trackers[q]!.pHolds(claim);
        }
        let pLie: number | null = null;
        if (e.player !== this.me) {
          const t = this.trackers[e.player]!;
          const q = e.player;
          const h = this.honesty[q]!;
          const nClaims = this.tofu ? 4 : 3;
          const r = t.declare(e.kind, claim, h, RHO_HONEST, RHO_BLUFF, nClaims);
          pLie = r.pLie;
          this.honesty[q] = Math.min(H_MAX, Math.max(H_MIN, r.pHonest));
        }
        this.pending = { declarer: e.player, kind: e.kind, claim: e.claim, pLie, pKnow };
        if (e.mayTest.length === 0) this.settlePending();
        return;
      }
      case 'put-down': {
        const x = countsOf(e.cards);
        this.hand = sub(this.hand, x);
        this.myDown = add(this.myDown, x);
        return;
      }
      case 'trust': {
        const p = this.pending;
        if (p !== null) {
          this.blindChances[e.player]! += 1 - p.pKnow[e.player]!;
        }
        return;
      }
      case 'taste-test': {
        const x = countsOf(e.cards);
        const p = this.pending;
        this.pending = null;
        if (p !== null) {
          const k = 1 - p.pKnow[e.tester]!;
          this.blindChances[e.tester]! += k;
          this.blindTests[e.tester]! += k;
        }
        if (e.declarer === this.me) {
          this.myDown = sub(this.myDown, x);
          this.open = add(this.open, x);
        } else {
          this.trackers[e.declarer]!.reveal(x);
          this.seenElsewhere(x, e.declarer);
          this.open = add(this.open, x);
          if (e.honest) this.setHonesty(e.declarer, 1, 0.3);
          else this.setHonesty(e.declarer, 0.02, 1);
        }
        return;
      }
      case 'tester-discards-hand':
        if (e.player === this.me) {
          this.myDown = add(this.myDown, this.hand);
          this.hand = zeros();
        } else this.trackers[e.player]?.handDown();
        return;
      case 'cook': {
        const x = countsOf(e.cards);
        if (e.player === this.me) {
          this.hand = sub(this.hand, x);
        } else {
          this.closeActionPhase(e.player);
          this.trackers[e.player]!.cook(x);
          this.seenElsewhere(x, e.player);
        }
        this.open = add(this.open, x);
        return;
      }
      case 'shuffle':
        this.settlePending();
        this.open = zeros();
        this.myDown = zeros();
        for (const t of this.trackers) t?.shuffle();
        return;
      case 'discard-down':
        if (e.player !== this.me) {
          this.closeActionPhase(e.player);
          this.trackers[e.player]?.discardDown(e.count);
        }
        return;
      case 'turn-end':
        this.closeActionPhase(e.player);
        return;
      case 'game-over':
        this.ready = false;
        return;
      default:
        return;
    }
  }
}
