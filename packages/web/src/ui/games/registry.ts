import type { GameId } from '@parlor/rules';
import { type ComponentType, Suspense, createElement, lazy } from 'react';
import type { GameProps } from '../table/game-props.js';
import { lazyView } from '../replay/lazy.js';
import type { ReplayProps } from '../replay/types.js';

/**
 * A game's screen as a chunk of its own, loaded the first time a table of that game is shown (its
 * code, styles and the rules it calls stay out of the lobby's first load). Until it has loaded,
 * the screen's place is empty; the rest of the table page is already there.
 */
function lazyScreen(load: () => Promise<ComponentType<GameProps>>): ComponentType<GameProps> {
  const Screen = lazy(async () => ({ default: await load() }));
  return (props: GameProps) => createElement(Suspense, { fallback: null }, createElement(Screen, props));
}

/**
 * Each game's table screen. Typed by the rules registry: a game added there without a screen here
 * is a type error. Its strings are under `games.<id>`, `options.<id>` and its own locale file.
 */
export const GAME_SCREENS: Record<GameId, ComponentType<GameProps>> = {
  'stir-fry-eighteen': lazyScreen(() => import('./stir-fry-eighteen/SfGame.js').then((m) => m.SfGame)),
  'flip-7': lazyScreen(() => import('./flip-7/F7Game.js').then((m) => m.F7Game)),
};

/**
 * Each game's replay view (ui/replay/): one position of a finished game — every hand, the piles,
 * the scores — and the log up to it in the game's words. Typed by the registry like the screens.
 */
export const GAME_REPLAYS: Record<GameId, ComponentType<ReplayProps>> = {
  'stir-fry-eighteen': lazyView(() => import('./stir-fry-eighteen/Replay.js').then((m) => m.SfReplay)),
  'flip-7': lazyView(() => import('./flip-7/Replay.js').then((m) => m.F7Replay)),
};
