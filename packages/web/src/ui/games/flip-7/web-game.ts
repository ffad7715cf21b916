import { webGame } from '../web-game.js';

/** Flip 7 in the web client (its line in ui/games/registry.ts); each part a chunk of its own. */
export const F7_WEB = webGame({
  strings: 'f7',
  screen: () => import('./F7Game.js').then((m) => m.F7Game),
  replay: () => import('./Replay.js').then((m) => m.F7Replay),
  learn: () => import('./learn.js').then((m) => m.F7_LEARN),
  cover: () => import('./cover.js').then((m) => m.default),
  describe: () => import('./describe.js').then((m) => m.describeF7Move),
});
