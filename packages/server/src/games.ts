import { GAMES } from '@parlor/bots';
import type { GameId } from '@parlor/protocol';
import { type F7Event, type Game, type GameEvent, type SfEvent, f7Stats, sfStats } from '@parlor/rules';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, GameEvent, any>;

export function gameModule(id: GameId): AnyGame {
  return GAMES[id];
}

/**
 * What a seat does when a window in which several seats are asked at once closes unanswered:
 * in Stir Fry Eighteen's taste-test window, it trusts (SF-14). Null: no such default.
 */
export function windowDefault(game: GameId): unknown {
  return game === 'stir-fry-eighteen' ? { type: 'trust' } : null;
}

/**
 * Whether the game is in a window where opponents answer at once against a clock (Stir Fry
 * Eighteen's taste-test window, SF-14) — true even when only one of them is still to answer.
 */
export function inWindow(game: GameId, state: unknown): boolean {
  return game === 'stir-fry-eighteen' && (state as { phase: string }).phase === 'taste-test';
}

/** End-of-game statistics per player, computed by the rules package from every event of the game. */
export function gameStats(game: GameId, events: readonly GameEvent[], players: number): unknown[] {
  return game === 'stir-fry-eighteen'
    ? sfStats(events as SfEvent[], players)
    : f7Stats(events as F7Event[], players);
}
