/// <reference lib="webworker" />
import { type CoachResult, coachGame } from '@parlor/bots';
import type { GameExport } from '@parlor/protocol';

/**
 * The coach's analysis off the page's thread: a Flip 7 game's decisions are solved one by one
 * (seconds on a slow phone), and the page stays responsive meanwhile. One request per worker:
 * the export and the seat in, the `CoachResult` out.
 */
self.onmessage = (e: MessageEvent<{ exported: GameExport; seat: number }>) => {
  const result: CoachResult = coachGame(e.data.exported, e.data.seat);
  self.postMessage(result);
};
