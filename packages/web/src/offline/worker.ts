import { createEngineHost } from './engine-host.js';
import type { EngineRequest, Numbered } from './messages.js';

/**
 * The offline games' Web Worker (a module worker built by Vite): the rules and the bots run here,
 * so that the page stays responsive while a bot thinks. Requests are answered one at a time, in
 * the order they came (engine-host.ts); each answer carries its request's number.
 */
const host = createEngineHost();
// The worker's global scope, typed by hand: the client's TypeScript settings hold the DOM's types, not a worker's.
const scope = self as unknown as { postMessage(message: unknown): void; onmessage: ((e: MessageEvent<Numbered<EngineRequest>>) => void) | null };
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
