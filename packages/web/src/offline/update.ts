/**
 * A new version of Parlor, installed while a page of the previous one is open. The service worker
 * of a new build takes over open pages at once (vite.config.ts: skipWaiting, clientsClaim), but a
 * page keeps running the code it loaded: it says so, and a button reloads it into the new version
 * (the person chooses when: mid-game a reload only reconnects, and an offline game resumes from its
 * saved moves). The first worker taking over a page that had none is an install, not an update.
 */

/** What is read of `navigator.serviceWorker`. */
export interface WorkerContainer extends EventTarget {
  readonly controller: unknown;
}

export interface UpdateWatch {
  /** True once a new version controls this page. */
  ready(): boolean;
  subscribe(listener: () => void): () => void;
}

export function watchForUpdate(container: WorkerContainer): UpdateWatch {
  let controlled = container.controller !== null && container.controller !== undefined;
  let ready = false;
  const listeners = new Set<() => void>();
  container.addEventListener('controllerchange', () => {
    if (!controlled) { controlled = true; return; }
    if (ready) return;
    ready = true;
    for (const l of listeners) l();
  });
  return {
    ready: () => ready,
    subscribe(listener) { listeners.add(listener); return () => { listeners.delete(listener); }; },
  };
}

/** This page's watch (null outside a browser, or where there are no service workers). Created by main.tsx's import, before the worker registers. */
export const updateWatch: UpdateWatch | null = typeof navigator === 'undefined' || !('serviceWorker' in navigator) ? null
  : watchForUpdate(navigator.serviceWorker);
