import type { Seat } from '../core/game.js';
import { F7_FLIP_THREE } from './cards.js';
import type { F7EventSink, F7ScoreBreakdown } from './events.js';
import { f7ScoreLine, scoreTotal } from './score.js';
import { type F7State } from './state.js';

export type RoundEndReason = 'no-one-active' | 'flip-7' | 'no-cards';

/** Starts a round dealt by `dealer` (F7-3, F7-4); the run loop then plays the deal. */
export function startRound(s: F7State, dealer: Seat, ev: F7EventSink): void {
  const n = s.players;
  for (let i = 0; i < n; i++) {
    s.status[i] = 'active';
    s.mask[i] = 0;
    s.count[i] = 0;
    s.sc[i] = 0;
    s.flipped[i] = 0;
  }
  s.round += 1;
  s.dealer = dealer;
  s.phase = 'deal';
  s.cursor = dealer;
  s.dealLeft = n;
  s.ask = 'none';
  if (ev) ev.push({ type: 'round-start', round: s.round, dealer });
}

/**
 * F7-12 end of round: score every line (F7-13), put every card in front of players and every card
 * in transit on the discard pile (F7-14, the draw pile stays as it is), then either end the game
 * (F7-15) or start the next round with the next dealer (F7-3).
 */
export function endRound(s: F7State, reason: RoundEndReason, flip7Seat: Seat, ev: F7EventSink): void {
  const n = s.players;
  const breakdown: F7ScoreBreakdown[] | null = ev ? [] : null;
  const discard = s.discard;
  for (let i = 0; i < n; i++) {
    const line = s.lines[i]!;
    const busted = s.status[i] === 'busted';
    if (breakdown) {
      const b = f7ScoreLine(line, busted, i === flip7Seat);
      breakdown.push(b);
      s.scores[i]! += b.total;
    } else {
      s.scores[i]! += scoreTotal(line, busted, i === flip7Seat);
    }
    for (let k = 0; k < line.length; k++) discard.push(line[k]!);
    line.length = 0; // F7-14: all cards in front of players go to the discard pile
  }
  // Cards in no one's line go to the discard pile too (F7-10: a Flip Three is discarded once done).
  for (const f of s.f3) {
    if (f.stage === 'flipping') {
      s.discard.push(F7_FLIP_THREE);
      if (ev) ev.push({ type: 'flip-three-end', seat: f.r, reason: 'round-end' });
    }
    for (const c of f.aside) s.discard.push(c);
  }
  if (s.f3.length > 0) s.f3 = [];
  if (s.ask === 'give' && s.direct === 1) s.discard.push(s.card);
  s.ask = 'none';
  if (ev && breakdown) {
    ev.push({ type: 'round-end', round: s.round, reason, flip7: flip7Seat >= 0 ? flip7Seat : null, breakdown, scores: s.scores.slice() });
  }
  const winner = soleLeaderPastTarget(s.scores, s.target);
  if (winner >= 0) {
    s.phase = 'over';
    s.winners = [winner];
    if (ev) ev.push({ type: 'game-over', winners: [winner], scores: s.scores.slice() });
    return;
  }
  startRound(s, (s.dealer + 1) % n, ev);
}

/**
 * F7-15: the seat that wins now, or −1. The game ends only when someone has reached the target and
 * one player alone holds the highest total; a tie for the lead plays another round.
 */
export function soleLeaderPastTarget(scores: readonly number[], target: number): Seat {
  let best = -1, who = -1, tied = false;
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i]!;
    if (v > best) { best = v; who = i; tied = false; } else if (v === best) tied = true;
  }
  return best >= target && !tied ? who : -1;
}
