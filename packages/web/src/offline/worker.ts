import { systemClock } from './clock.js';
import { createEngineHost } from './engine-host.js';
import type { EngineRequest, Numbered, WorkerMessage } from './messages.js';
import { offlineGames } from './storage.js';

/**
 * The offline games' Web Worker (a module worker built by Vite): the open game's table runs here
 * — the rules, the bots and its clock — so that the page stays responsive while a bot thinks, and
 * each move is stored in IndexedDB from here before the page hears of it. Requests are answered
 * one at a time, in the order they came (engine-host.ts); each answer carries its request's number.
 */
// The worker's global scope, typed by hand: the client's TypeScript settings hold the DOM's types, not a worker's.
const scope = self as unknown as { postMessage(message: WorkerMessage): void; onmessage: ((e: MessageEvent<Numbered<EngineRequest>>) => void) | null };
const host = createEngineHost({ store: offlineGames, clock: systemClock });
host.listen((push) => scope.postMessage({ push }));
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (e) => {
  const req = e.data;
  queue = queue.then(async () => {
    try {
      scope.postMessage({ n: req.n, reply: await host.handle(req) });
    } catch (err) {
      scope.postMessage({ n: req.n, reply: { type: 'refused', code: 'ENGINE_FAILED', message: err instanceof Error ? err.message : String(err) } });
    }
  });
};
