import type { GameId } from './catalog.js';
import type { AnyGame } from './core/game.js';
import { flip7 } from './flip-7/game.js';
import { stirFryEighteen } from './stir-fry-eighteen/game.js';

/**
 * The one registry of games. Everything else that lists games — the protocol's game ids, the bots'
 * levels, the CLI's and the web client's game lists, the scenario runner — derives from it. Each
 * game's facts without its rules (name, seats, options) are in catalog.ts, which the ids, the type
 * GameId and isGameId come from; a game module is built on them (`...SF_INFO`). Adding a game is one
 * folder of this package, one line here and one in catalog.ts (docs/architecture.md).
 */
export const GAMES = {
  'stir-fry-eighteen': stirFryEighteen,
  'flip-7': flip7,
} as const satisfies { readonly [G in GameId]: AnyGame };

/** The module of a registered game. */
export function gameModule(id: GameId): AnyGame {
  return GAMES[id];
}

/** A registered game's view, action and event types, by id. */
type Module<G extends GameId> = (typeof GAMES)[G];
export type ViewOf<G extends GameId> = ReturnType<Module<G>['view']>;
export type ActionOf<G extends GameId> = ReturnType<Module<G>['legalActions']>[number];
export type EventOf<G extends GameId> = ReturnType<Module<G>['eventsFor']>[number];
export type StatsOf<G extends GameId> = ReturnType<Module<G>['stats']>[number];
/** Any registered game's view, action, event or per-seat statistics. */
export type AnyView = ViewOf<GameId>;
export type AnyAction = ActionOf<GameId>;
export type AnyEvent = EventOf<GameId>;
export type AnyStats = StatsOf<GameId>;
