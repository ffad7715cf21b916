import {
  type Counts, KINDS, TOFU, choose, contains, encode, forEachSubset, size, zeros,
} from './cards.js';

/**
 * The distribution over one opponent's hidden cards, exact under the assumptions of belief.ts.
 * A state is (H, P, D): the opponent's hand, the cards it put down face down this turn and not yet
 * returned, and the cards of its declaration still waiting for taste-test answers. Each is a count
 * vector; a state is keyed by one number.
 */
const M = 3_300_000; // > encode(the whole deck) = 3,245,659
const D_NONE = 0;
/** Above this many states a tracker forgets the kinds of settled face-down discards (A5). */
export const FORGET_ABOVE = 1500;

/** A declaration's cards (1 or 2) as a small code: 1+i for one card, 10+9i+j (i ≤ j) for two. */
export function dCode(d: readonly number[]): number {
  const ks: number[] = [];
  for (let i = 0; i < KINDS; i++) for (let n = 0; n < d[i]!; n++) ks.push(i);
  if (ks.length === 0) return D_NONE;
  if (ks.length === 1) return 1 + ks[0]!;
  return 10 + ks[0]! * 9 + ks[1]!;
}

const key = (h: number, p: number, d: number) => h + M * (p + M * d);

export interface TrackerState {
  readonly h: Counts;
  readonly p: Counts;
  readonly d: Counts;
  readonly w: number;
}

export class HandTracker {
  /** The states: hand, face-down cards, pending declaration, probability (normalized). */
  private hs: Counts[] = [zeros()];
  private ps: Counts[] = [zeros()];
  private ds: Counts[] = [zeros()];
  private ws: number[] = [1];
  private marginals: { holds: number[]; pair: number; hidden: Counts; hand: Counts } | null = null;
  /** Face-down cards of this turn whose kinds were forgotten (A5). */
  forgotten = 0;
  private forgetting = false;
  constructor(readonly tofuGame: boolean) {}

  /** Iterate the states. Arrays are shared: do not modify them. */
  each(f: (h: Counts, p: Counts, d: Counts, w: number) => void): void {
    for (let s = 0; s < this.ws.length; s++) f(this.hs[s]!, this.ps[s]!, this.ds[s]!, this.ws[s]!);
  }

  list(): TrackerState[] {
    const out: TrackerState[] = [];
    this.each((h, p, d, w) => out.push({ h: h.slice(), p: p.slice(), d: d.slice(), w }));
    return out;
  }

  private rebuild(f: (h: Counts, p: Counts, d: Counts, w: number, put: (h: Counts, p: Counts, d: Counts, w: number) => void) => void): number {
    const index = new Map<number, number>();
    const hs: Counts[] = [], ps: Counts[] = [], ds: Counts[] = [], ws: number[] = [];
    const put = (h2: Counts, p2: Counts, d2: Counts, w2: number) => {
      if (!(w2 > 0)) return;
      const k = key(encode(h2), encode(p2), dCode(d2));
      const at = index.get(k);
      if (at !== undefined) { ws[at] = ws[at]! + w2; return; }
      index.set(k, ws.length);
      hs.push(h2.slice()); ps.push(p2.slice()); ds.push(d2.slice()); ws.push(w2);
    };
    for (let s = 0; s < this.ws.length; s++) f(this.hs[s]!, this.ps[s]!, this.ds[s]!, this.ws[s]!, put);
    let total = 0;
    for (const w of ws) total += w;
    if (total > 0) {
      for (let s = 0; s < ws.length; s++) ws[s] = ws[s]! / total;
      this.hs = hs; this.ps = ps; this.ds = ds; this.ws = ws;
      this.marginals = null;
      if (ws.length > FORGET_ABOVE && !this.forgetting) this.forgetDown();
    }
    return total;
  }

  /**
   * Bounds the work when an opponent draws and discards a lot in one turn: forgets which cards its
   * settled face-down discards are (assumption A5), keeping only how many. Under A2 a forgotten
   * card is exchangeable with the rest of the unknown pool, so draws then come from U − H − D —
   * which is exactly the marginal over the forgotten cards if they were a uniform part of the rest.
   */
  private forgetDown(): void {
    let n = 0;
    for (let i = 0; i < KINDS; i++) n += this.ps[0]![i]!;
    if (n === 0) return;
    this.forgotten += n;
    const none = zeros();
    this.forgetting = true;
    this.rebuild((h, _p, d, w, put) => put(h, none, d, w));
    this.forgetting = false;
  }

  /** P(holds kind i), P(honest pair), expected hidden cards and hand, in one pass (cached). */
  private stats() {
    if (this.marginals !== null) return this.marginals;
    const holds = zeros(), hidden = zeros(), hand = zeros();
    let pair = 0;
    for (let s = 0; s < this.ws.length; s++) {
      const h = this.hs[s]!, p = this.ps[s]!, d = this.ds[s]!, w = this.ws[s]!;
      let n = 0, two = false;
      for (let i = 0; i < KINDS; i++) {
        const c = h[i]!;
        n += c;
        if (c > 0) holds[i] = holds[i]! + w;
        if (c >= 2) two = true;
        hand[i] = hand[i]! + w * c;
        hidden[i] = hidden[i]! + w * (c + p[i]! + d[i]!);
      }
      if (two || (h[TOFU]! > 0 && n >= 2)) pair += w;
    }
    this.marginals = { holds, pair, hidden, hand };
    return this.marginals;
  }

  /**
   * Where the opponent's draws come from, given a state: the unknown pool U minus its own cards
   * (everything else unknown is exchangeable, assumption A2). With Tofu one unknown base card is the
   * removed one and cannot be drawn (SF-30).
   */
  private rest(u: readonly number[], h: Counts, p: Counts, d: Counts, out: Counts): Counts {
    for (let i = 0; i < KINDS; i++) out[i] = u[i]! - h[i]! - p[i]! - d[i]!;
    return out;
  }

  /**
   * Probability weight of `x` (counts) coming out of the rest R: Π C(R_i, x_i), times (B − x_base)/B
   * with Tofu (the removed card is a uniform base card of R and never among them); the normalizing
   * C(|R|(−1), |x|) is the same for every state and cancels, except in `draw` where it is applied.
   */
  private weightFrom(r: Counts, x: readonly number[]): number {
    let w = 1;
    for (let i = 0; i < KINDS; i++) {
      if (x[i]! > r[i]!) return 0;
      w *= choose(r[i]!, x[i]!);
    }
    if (this.tofuGame) {
      const base = size(r) - r[TOFU]!;
      const xBase = size(x) - x[TOFU]!;
      w *= base > 0 ? (base - xBase) / base : 0;
    }
    return w;
  }

  /** The opponent draws `k` unseen cards from the pile (SF-7, SF-9, SF-22). */
  draw(u: readonly number[], k: number, intoDown = false): void {
    if (k <= 0) return;
    const r = zeros(), h2 = zeros();
    this.rebuild((h, p, d, w, put) => {
      this.rest(u, h, p, d, r);
      const n = size(r) - (this.tofuGame ? 1 : 0);
      const norm = choose(n, k);
      if (norm === 0) return;
      forEachSubset(r, k, (y, ways) => {
        let wy = ways;
        if (this.tofuGame) {
          const base = size(r) - r[TOFU]!;
          wy *= base > 0 ? (base - (size(y) - y[TOFU]!)) / base : 0;
        }
        if (wy === 0) return;
        if (intoDown) {
          for (let i = 0; i < KINDS; i++) h2[i] = p[i]! + y[i]!;
          put(h, h2, d, (w * wy) / norm);
        } else {
          for (let i = 0; i < KINDS; i++) h2[i] = h[i]! + y[i]!;
          put(h2, p, d, (w * wy) / norm);
        }
      });
    });
  }

  /** Cards `x` were seen coming from somewhere other than this opponent (Bayes on A2). */
  seenElsewhere(u: readonly number[], x: readonly number[]): void {
    if (size(x) === 0) return;
    const r = zeros();
    this.rebuild((h, p, d, w, put) => {
      put(h, p, d, w * this.weightFrom(this.rest(u, h, p, d, r), x));
    });
  }

  /**
   * The opponent declares a discard (SF-9). Choice model (A3): it is honest with probability
   * `honest` — a pair uniformly among the honest pairs it holds (SF-12), or the claimed protein —
   * else it puts down uniformly random cards. `rhoH`/`rhoB` are how readily each kind of player
   * declares. Returns the probability that the discard is a lie and that the player is honest.
   */
  declare(kind: 'pair' | 'protein', claim: number, honest: number, rhoH: number, rhoB: number, nClaims: number): { pLie: number; pHonest: number } {
    let lie = 0, hon = 0, all = 0;
    const h2 = zeros(), d2 = zeros();
    const total = this.rebuild((h, p, d, w, put) => {
      const n = size(h);
      if (kind === 'protein') {
        if (n < 1) return;
        for (let z = 0; z < KINDS; z++) {
          if (h[z]! === 0) continue;
          const wh = z === claim ? honest * rhoH : 0;
          const wb = (1 - honest) * (rhoB / nClaims) * (h[z]! / n);
          const wz = w * (wh + wb);
          all += wz; hon += w * wh;
          if (z !== claim) lie += w * wb;
          for (let i = 0; i < KINDS; i++) h2[i] = h[i]!;
          h2[z]!--;
          d2.fill(0); d2[z] = 1;
          put(h2, p, d2, wz);
        }
      } else {
        if (n < 2) return;
        let honestPairs = 0;
        for (let i = 0; i < KINDS; i++) {
          if (h[i]! === 0) continue;
          for (let j = i; j < KINDS; j++) {
            if ((i === j && h[i]! >= 2) || (i !== j && h[j]! > 0 && (i === TOFU || j === TOFU))) honestPairs++;
          }
        }
        const pairs = choose(n, 2);
        for (let i = 0; i < KINDS; i++) {
          if (h[i]! === 0) continue;
          for (let j = i; j < KINDS; j++) {
            if (i === j ? h[i]! < 2 : h[j]! === 0) continue;
            const isHonest = i === j || i === TOFU || j === TOFU;
            const ways = i === j ? choose(h[i]!, 2) : h[i]! * h[j]!;
            const wh = isHonest ? (honest * rhoH) / honestPairs : 0;
            const wb = (1 - honest) * rhoB * (ways / pairs);
            const wz = w * (wh + wb);
            all += wz; hon += w * wh;
            if (!isHonest) lie += w * wb;
            for (let t = 0; t < KINDS; t++) h2[t] = h[t]!;
            h2[i]!--; h2[j]!--;
            d2.fill(0); d2[i]!++; d2[j]!++;
            put(h2, p, d2, wz);
          }
        }
      }
    });
    if (total === 0 || all === 0) return { pLie: 0.5, pHonest: honest };
    return { pLie: lie / all, pHonest: hon / all };
  }

  /** A taste test showed the declaration's cards (SF-16): they leave the hidden places. */
  reveal(cards: readonly number[]): void {
    const code = dCode(cards);
    const none = zeros();
    this.rebuild((h, p, d, w, put) => {
      if (dCode(d) === code) put(h, p, none, w);
    });
  }

  /** The declaration window closed unrevealed: its cards stay face down with the others (SF-13). */
  settle(): void {
    const p2 = zeros(), none = zeros();
    this.rebuild((h, p, d, w, put) => {
      for (let i = 0; i < KINDS; i++) p2[i] = p[i]! + d[i]!;
      put(h, p2, none, w);
    });
  }

  /** The opponent cooked `x` from its hand (SF-21). */
  cook(x: readonly number[]): void {
    const h2 = zeros();
    this.rebuild((h, p, d, w, put) => {
      if (!contains(h, x)) return;
      for (let i = 0; i < KINDS; i++) h2[i] = h[i]! - x[i]!;
      put(h2, p, d, w);
    });
  }

  /** The opponent, as tester of an honest discard, put its whole hand down face down (SF-17). */
  handDown(): void {
    const p2 = zeros(), none = zeros();
    this.rebuild((h, p, d, w, put) => {
      for (let i = 0; i < KINDS; i++) p2[i] = p[i]! + h[i]!;
      put(none, p2, d, w);
    });
  }

  /** The opponent discarded `n` cards down to 3 (SF-24); which ones is uniform (A3). */
  discardDown(n: number): void {
    const h2 = zeros(), p2 = zeros();
    this.rebuild((h, p, d, w, put) => {
      const total = choose(size(h), n);
      if (total === 0) return;
      forEachSubset(h, n, (z, ways) => {
        for (let i = 0; i < KINDS; i++) { h2[i] = h[i]! - z[i]!; p2[i] = p[i]! + z[i]!; }
        put(h2, p2, d, (w * ways) / total);
      });
    });
  }

  /** Everything put down returns to the pile (SF-22, SF-25). */
  shuffle(): void {
    this.forgotten = 0;
    const none = zeros();
    this.rebuild((h, _p, _d, w, put) => put(h, none, none, w));
  }

  /** P(the hand holds at least one of kind i). */
  pHolds(i: number): number {
    return this.stats().holds[i]!;
  }

  /** P(the hand holds an honest pair, SF-12). */
  pHasPair(): number {
    return this.stats().pair;
  }

  /** P(the hand holds any of the kinds in `kinds`). */
  pHoldsAny(kinds: readonly number[]): number {
    let s = 0;
    this.each((h, _p, _d, w) => { if (kinds.some((i) => h[i]! > 0)) s += w; });
    return s;
  }

  /** Expected counts of the opponent's hidden cards (hand + face-down put-downs), per kind. */
  expectedHidden(): Counts {
    return this.stats().hidden.slice();
  }

  expectedHand(): Counts {
    return this.stats().hand.slice();
  }

  handSize(): number {
    return this.ws.length === 0 ? 0 : size(this.hs[0]!);
  }

  hiddenSize(): number {
    return this.ws.length === 0 ? 0 : size(this.hs[0]!) + size(this.ps[0]!) + size(this.ds[0]!) + this.forgotten;
  }

  get count(): number {
    return this.ws.length;
  }
}

