import { webGame } from '../web-game.js';

/** Stir Fry Eighteen in the web client (its line in ui/games/registry.ts); each part a chunk of its own. */
export const SF_WEB = webGame({
  strings: 'sf',
  screen: () => import('./SfGame.js').then((m) => m.SfGame),
  replay: () => import('./Replay.js').then((m) => m.SfReplay),
  learn: () => import('./learn.js').then((m) => m.SF_LEARN),
  cover: () => import('./cover.js').then((m) => m.default),
  describe: () => import('./describe.js').then((m) => m.describeSfMove),
});
