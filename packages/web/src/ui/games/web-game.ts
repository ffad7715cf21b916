import type { GameEvent } from '@parlor/protocol';
import { type ComponentType, Suspense, createElement, lazy } from 'react';
import { loadStrings } from '../../i18n/index.js';
import type { Lesson } from '../learn/lesson.js';
import type { HowToPlay } from '../learn/rules-content.js';
import { lazyView } from '../replay/lazy.js';
import type { ReplayProps } from '../replay/types.js';
import type { GameProps } from '../table/game-props.js';

/** A lesson of any game (the guided page plays it through the rules' module of its `game`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLesson = Lesson<any, any>;

/**
 * Everything the web client knows of one game beyond the rules package, in one object that the
 * game's folder exports (`ui/games/<game>/web-game.ts`) and registry.ts lists once. Each part that
 * brings the game's own code loads it on demand, together with the game's own words, so that an
 * entry in the registry pulls none of it into a page that does not show the game.
 */
export interface WebGame {
  /** Its own locale file (`locales/<lang>/<strings>.json`, on demand), loaded with each part below. */
  readonly strings: string;
  /** The table screen (a table, an offline game, the guided game): empty until its chunk has loaded. */
  readonly screen: ComponentType<GameProps>;
  /** The replay view (ui/replay/): one position of a finished game and the log up to it; a busy placeholder until loaded. */
  readonly replay: ComponentType<ReplayProps>;
  /** What the /learn pages and the table's "How to play" panel show of it (one chunk, GameLearn). */
  readonly learn: () => Promise<GameLearn>;
  /** Its picture on the lobby's game card (decoration, `cover.tsx`): a chunk of its own, the card's place empty until it has loaded. */
  readonly cover: ComponentType<CoverProps>;
  /** Its log's sentences for one move's events (the "Your turns" page's last move), with the game's words loaded. */
  readonly describe: () => Promise<MoveDescriber>;
}

/**
 * One move's events in words, as the game's log says them (`names`: display names by seat; `lang`:
 * the language shown); events that say nothing on their own give no line.
 */
export type MoveDescriber = (events: readonly GameEvent[], names: readonly string[], t: (key: string, values?: Record<string, unknown>) => string, lang: string) => string[];

/** What a game's cover is given: its class, for the card's layout. */
export interface CoverProps {
  readonly className?: string;
}

/**
 * A game's learning material, a chunk of its own (`<game>/learn.ts`): one chunk rather than two keeps
 * the shared chunks of the rules package as the first load has them.
 */
export interface GameLearn {
  /** Its "How to play": sections, the rules they cite and its card gallery (the /learn page, the table's panel). */
  readonly howToPlay: HowToPlay;
  /** Its guided first game (the /learn/<game>/guided page), with the namer of its cards (`cardName`). */
  readonly lesson: AnyLesson;
}

/** What a game's folder gives for its entry: its locale file and a loader for each part. */
export interface WebGameParts {
  readonly strings: string;
  readonly screen: () => Promise<ComponentType<GameProps>>;
  readonly replay: () => Promise<ComponentType<ReplayProps>>;
  readonly learn: () => Promise<GameLearn>;
  readonly cover: () => Promise<ComponentType<CoverProps>>;
  readonly describe: () => Promise<MoveDescriber>;
}

/** A game's module and its words, together (the words are waited for, not required: offline, they may fail). */
function withStrings<T>(strings: string, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadStrings(strings).catch(() => undefined)]).then(([m]) => m);
}

/** A loader that loads once: every call after the first gets the same promise (a page waits on it with React's `use`). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (loading === null) {
      loading = load();
      // A failed load (offline) is tried again next time.
      loading.catch(() => { loading = null; });
    }
    return loading;
  };
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
 * A game's cover as a chunk of its own, loaded once the lobby shows it: a picture without words, so
 * nothing waits for the game's strings. Until it has loaded its place is held by an empty box of its
 * size; if it cannot load (offline), the box stays empty rather than the lobby failing.
 */
function lazyCover(load: () => Promise<ComponentType<CoverProps>>): ComponentType<CoverProps> {
  const Cover = lazy<ComponentType<CoverProps>>(async () => ({ default: await load().catch(() => () => null) }));
  return (props: CoverProps) => createElement(Suspense, { fallback: createElement('div', props.className === undefined ? null : { className: props.className }) }, createElement(Cover, props));
}

/** A game's entry from its parts: each loaded on demand with the game's words. */
export function webGame(parts: WebGameParts): WebGame {
  const { strings } = parts;
  return {
    strings,
    screen: lazyScreen(withStrings(strings, parts.screen)),
    replay: lazyView(withStrings(strings, parts.replay)),
    learn: once(withStrings(strings, parts.learn)),
    cover: lazyCover(parts.cover),
    describe: once(withStrings(strings, parts.describe)),
  };
}
