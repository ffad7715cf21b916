import type { GameId } from '@parlor/rules';
import { type ComponentType, Suspense, createElement, lazy } from 'react';
import { loadStrings } from '../../i18n/index.js';
import type { GameProps } from '../table/game-props.js';
import { lazyView } from '../replay/lazy.js';
import type { ReplayProps } from '../replay/types.js';

/** Each game's own locale file (i18n/index.ts, on demand): its screens load it with their code. */
export const GAME_STRINGS: Record<GameId, string> = { 'stir-fry-eighteen': 'sf', 'flip-7': 'f7' };

/** A game's module and its words, together (the words are waited for, not required: offline, they may fail). */
function withStrings<T>(game: GameId, load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), loadStrings(GAME_STRINGS[game]).catch(() => undefined)]).then(([m]) => m);
}

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
  'stir-fry-eighteen': lazyScreen(() => withStrings('stir-fry-eighteen', () => import('./stir-fry-eighteen/SfGame.js')).then((m) => m.SfGame)),
  'flip-7': lazyScreen(() => withStrings('flip-7', () => import('./flip-7/F7Game.js')).then((m) => m.F7Game)),
};

/**
 * Each game's replay view (ui/replay/): one position of a finished game — every hand, the piles,
 * the scores — and the log up to it in the game's words. Typed by the registry like the screens.
 */
export const GAME_REPLAYS: Record<GameId, ComponentType<ReplayProps>> = {
  'stir-fry-eighteen': lazyView(() => withStrings('stir-fry-eighteen', () => import('./stir-fry-eighteen/Replay.js')).then((m) => m.SfReplay)),
  'flip-7': lazyView(() => withStrings('flip-7', () => import('./flip-7/Replay.js')).then((m) => m.F7Replay)),
};
