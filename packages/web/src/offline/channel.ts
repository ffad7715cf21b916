import type { EngineHost } from './engine-host.js';
import type { EnginePush, EngineReply, EngineRequest, Numbered, WorkerMessage } from './messages.js';

/** How the page reaches the offline engine: the Web Worker in the browser, the host itself in tests. */
export interface EngineChannel {
  request(req: EngineRequest): Promise<EngineReply>;
  /** The engine's pushes, in the order it sent them; the function returned stops listening. */
  listen(fn: (p: EnginePush) => void): () => void;
}

/** The engine called in this thread, one request at a time in order, as the worker answers them (tests). */
export function directChannel(host: EngineHost): EngineChannel {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    request(req) {
      const answer = queue.then(() => host.handle(req));
      queue = answer.catch(() => undefined);
      return answer;
    },
    listen: (fn) => host.listen(fn),
  };
}

let shared: EngineChannel | null = null;

/**
 * The offline worker (worker.ts), started the first time it is needed and kept for the page's life
 * (one game is open in it at a time). Its answers are matched to requests by number; its pushes go
 * to every listener.
 */
export function workerChannel(): EngineChannel {
  if (shared !== null) return shared;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'parlor-offline' });
  const pending = new Map<number, (r: EngineReply) => void>();
  const listeners = new Set<(p: EnginePush) => void>();
  let next = 1;
  worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
    const m = e.data;
    if ('push' in m) {
      for (const fn of listeners) fn(m.push);
      return;
    }
    const resolve = pending.get(m.n);
    pending.delete(m.n);
    resolve?.(m.reply);
  };
  worker.onerror = (e) => {
    // A worker that failed to load (or threw outside a request) answers nothing more: every pending request is refused.
    for (const resolve of pending.values()) resolve({ type: 'refused', code: 'ENGINE_FAILED', message: e.message });
    pending.clear();
  };
  shared = {
    request(req) {
      const n = next++;
      return new Promise<EngineReply>((resolve) => {
        pending.set(n, resolve);
        worker.postMessage({ ...req, n } satisfies Numbered<EngineRequest>);
      });
    },
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  return shared;
}
