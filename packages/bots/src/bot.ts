import type { Agent, GameEvent } from '@parlor/rules';

export type BotLevel = 'random' | 'basic' | 'expert';
/** Every level there is, weakest first; each game has `random` and whichever others it implements. */
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'basic', 'expert'];

/**
 * A bot plays one seat of one game: an agent of the game driver (rules' `playGame`). It decides
 * from the seat's view and the legal actions alone — never the game state — so it cannot cheat,
 * and it can take over any seat at any moment.
 *
 * `observe` (optional) receives the events of every move as the seat sees them (public events and
 * the seat's own), for bots that remember what they saw (a belief over unseen cards). A bot that
 * joins mid-game simply starts remembering from then on.
 */
export interface Bot<V = unknown, A = unknown, E extends GameEvent = GameEvent> extends Agent<V, A, E> {
  readonly level: BotLevel;
}

/** Makes a fresh bot for one seat of one game. */
export type BotFactory<V = unknown, A = unknown, E extends GameEvent = GameEvent> = () => Bot<V, A, E>;
