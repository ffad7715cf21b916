import type { GameEvent, Seat } from '../core/game.js';
import type { SfCard, SfProtein } from './cards.js';
import type { SfEndReason } from './state.js';

/**
 * What happens in a game of Stir Fry Eighteen, fact by fact. Events marked `only` go to that
 * seat alone (its own cards); all others are public and carry nothing hidden (SF-33).
 */
export type SfEvent =
  | { readonly type: 'turn-start'; readonly player: Seat; readonly turn: number }
  /** Cards drawn (count only). `owed` were due; fewer come when the pile is short (SF-7, SF-26) or
   *  none when the player was caught bluffing this turn (`blocked`, SF-18). */
  | { readonly type: 'draw'; readonly player: Seat; readonly reason: 'turn' | 'discard' | 'cook';
      readonly owed: number; readonly count: number; readonly blocked: boolean }
  | { readonly type: 'drawn'; readonly player: Seat; readonly cards: SfCard[]; readonly only: Seat }
  /** A discard declared face down (SF-9): a pair, or one card claimed to be a protein. */
  | { readonly type: 'declare'; readonly player: Seat; readonly kind: 'pair' | 'protein';
      readonly claim: SfProtein | null; readonly mayTest: Seat[] }
  | { readonly type: 'put-down'; readonly player: Seat; readonly cards: SfCard[]; readonly only: Seat }
  | { readonly type: 'trust'; readonly player: Seat }
  /** SF-16..SF-18: the test, the cards it showed and whether the discard was honest. */
  | { readonly type: 'taste-test'; readonly tester: Seat; readonly declarer: Seat; readonly kind: 'pair' | 'protein';
      readonly claim: SfProtein | null; readonly cards: SfCard[]; readonly honest: boolean }
  | { readonly type: 'tester-discards-hand'; readonly player: Seat; readonly count: number }
  | { readonly type: 'tester-loses-points'; readonly player: Seat; readonly points: number; readonly score: number }
  | { readonly type: 'cook'; readonly player: Seat; readonly cards: SfCard[]; readonly values: number[];
      readonly points: number; readonly score: number; readonly bounced: boolean }
  | { readonly type: 'shuffle'; readonly drawPileSize: number }
  | { readonly type: 'discard-down'; readonly player: Seat; readonly count: number }
  | { readonly type: 'closing-time'; readonly player: Seat; readonly lastTurn: Seat }
  | { readonly type: 'turn-end'; readonly player: Seat }
  | { readonly type: 'game-over'; readonly reason: SfEndReason; readonly winners: Seat[]; readonly scores: number[];
      /** Everything is shown once the game is over (SF-33). */
      readonly hands: SfCard[][]; readonly removed: SfCard | null };

/** Where a mutating step writes its events. */
export type SfEmit = (e: SfEvent) => void;
