import type { F7Action, F7CardName, F7State } from '@parlor/rules';
import type { Lesson } from '../../learn/lesson.js';
import { cardLabel } from './text.js';

/**
 * The guided first game of Flip 7: three players (you, Mia, Leo) near the end of a game (you 180,
 * Mia 140, Leo 170; the target is 200). Round 1: you hit, keep a Second Chance, are saved by it,
 * then push your luck once more and bust. Round 2: you flip a Freeze and give it to Leo, the leader,
 * while his line is small; you hit once more (×2) and stay — and win.
 *
 * Flip 7's draw pile is never shuffled between rounds (F7-14), so the deal below fixes every card
 * of the lesson; every move goes through the rules' `apply`.
 */

const YOU = 0;
const MIA = 1;
const LEO = 2;
const HIT: F7Action = { type: 'hit' };
const STAY: F7Action = { type: 'stay' };

export const F7_LESSON: Lesson<F7State, F7Action> = {
  game: 'flip-7',
  short: 'f7',
  cardName: (card, t) => cardLabel(card as F7CardName, t),
  players: 3,
  options: { target: 200 },
  seed: 'parlor guided first game: flip 7',
  setup: {
    // Leo deals first: the deal goes to you, Mia, Leo, and you play first (F7-4, F7-5).
    dealer: LEO,
    scores: [180, 140, 170],
    drawPile: [
      // Round 1 — the deal, then the hits in turn order.
      '5', '9', '2',
      '7', '11', '6',
      'second-chance', '8',
      '5', '7',
      // Round 2 — you deal (the deal passes to the next seat, F7-3): Mia, Leo, you; then the hits.
      '3', '4', '12',
      '12', '9', 'freeze',
      '3', 'x2',
    ],
  },
  steps: [
    { id: 'welcome', rules: ['F7-2', 'F7-4', 'F7-16'] },
    // F7-5: hit.
    { id: 'hit', rules: ['F7-5', 'F7-6'], accept: (a) => a.type === 'hit', highlight: () => ['hit'] },
    // Mia and Leo hit; hit again.
    {
      id: 'again', rules: ['F7-5', 'F7-13'],
      before: [{ seat: MIA, action: HIT }, { seat: LEO, action: HIT }],
      accept: (a) => a.type === 'hit', highlight: () => ['hit'],
    },
    // A Second Chance: keep it (F7-8, F7-11).
    // (Receivers are listed in seat order: `receiver-n` marks the n-th button.)
    { id: 'keep', rules: ['F7-8', 'F7-11'], accept: (a) => a.type === 'give' && a.to === YOU, highlight: () => ['receiver-1'] },
    // Mia stays, Leo hits; hit into a repeated 5 — saved (F7-11).
    {
      id: 'risk', rules: ['F7-5', 'F7-11'],
      before: [{ seat: MIA, action: STAY }, { seat: LEO, action: HIT }],
      accept: (a) => a.type === 'hit', highlight: () => ['hit'],
    },
    // Leo stays; you are alone: push your luck once more (F7-6, F7-12).
    {
      id: 'push', rules: ['F7-11', 'F7-11a', 'F7-6'],
      before: [{ seat: LEO, action: STAY }],
      accept: (a) => a.type === 'hit', highlight: () => ['hit'],
    },
    // Bust: 0 this round; the round's scores; round 2 is dealt (F7-6, F7-12, F7-13, F7-3).
    { id: 'busted', rules: ['F7-6', 'F7-12', 'F7-13', 'F7-14', 'F7-3'], values: (s) => ({ leo: s.scores[LEO]! }) },
    // Mia and Leo hit; you hit into a Freeze.
    {
      id: 'freeze', rules: ['F7-5', 'F7-8'],
      before: [{ seat: MIA, action: HIT }, { seat: LEO, action: HIT }],
      accept: (a) => a.type === 'hit', highlight: () => ['hit'],
    },
    // Give the Freeze to Leo (F7-8, F7-9).
    { id: 'give', rules: ['F7-8', 'F7-9', 'F7-11a'], accept: (a) => a.type === 'give' && a.to === LEO, highlight: () => ['receiver-3'] },
    // Mia busts; hit once more (×2).
    {
      id: 'double', rules: ['F7-6', 'F7-13'],
      before: [{ seat: MIA, action: HIT }],
      accept: (a) => a.type === 'hit', highlight: () => ['hit'],
    },
    // Stay: bank 24 (F7-5, F7-13) — the round ends and someone passed the target (F7-15).
    { id: 'stay', rules: ['F7-5', 'F7-13', 'F7-15'], accept: (a) => a.type === 'stay', highlight: () => ['stay'] },
    { id: 'end', rules: ['F7-15'], values: (s) => ({ score: s.scores[YOU]! }) },
  ],
};
