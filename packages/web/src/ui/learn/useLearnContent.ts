import type { GameId } from '@parlor/rules';
import { use } from 'react';
import { WEB_GAMES } from '../games/registry.js';
import type { AnyLesson } from '../games/web-game.js';
import type { HowToPlay } from './rules-content.js';

/**
 * A game's "How to play" and its guided first game, from its entry in the web registry: loaded the
 * first time a page asks (with the game's words), the page suspended until then — the nearest
 * Suspense shows its placeholder (LearnRoute's for the /learn pages, the table's panel its own).
 */
export function useHowToPlay(game: GameId): HowToPlay {
  return use(WEB_GAMES[game].learn()).howToPlay;
}

export function useLesson(game: GameId): AnyLesson {
  return use(WEB_GAMES[game].learn()).lesson;
}
