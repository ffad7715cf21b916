import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Hub } from '../hub.js';
import type { Store } from '../store/store.js';

/** A write the store took is believed this long; after it, the next /readyz writes again. */
const FRESH_MS = 1000;
/** How long /readyz waits at most for a write under way (less when the store's deadline is shorter). */
const WAIT_MS = 2000;

/**
 * Whether this process can write to its store now: a real write (its row of `meta`), at most one
 * under way at a time, and its success believed for a second, so that a load balancer polling
 * /readyz costs one small write a second at most and never hears "ready" from a success older than that.
 */
export class StoreProbe {
  private okAt: number | null = null;
  private underWay: Promise<string | null> | null = null;

  constructor(private readonly store: Store, private readonly key: string, private readonly clock: Clock, private readonly waitMs: number) {}

  /** null when the store takes writes; else what is wrong, in a word. */
  check(): Promise<string | null> {
    const now = this.clock.now();
    if (this.okAt !== null && now - this.okAt >= 0 && now - this.okAt < FRESH_MS) return Promise.resolve(null);
    // A write that fails past its deadline (the store's own timeouts) ends this one; the wait below
    // only answers sooner.
    this.underWay ??= this.store.probe(this.key, new Date(now).toISOString()).then(
      () => { this.okAt = this.clock.now(); return null; },
      () => { this.okAt = null; return 'unavailable'; },
    ).finally(() => { this.underWay = null; });
    // The probe's own deadline is real time (a socket's), as is this wait: not the tables' clock.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${this.waitMs} ms`), this.waitMs);
      timer.unref();
    });
    return Promise.race([this.underWay, late]).finally(() => clearTimeout(timer));
  }
}

/** What is wrong with the tables hosted here: any retrying a write the store refused, or waiting on one past the store's deadline. */
export function tableProblems(hub: Hub, now: number, deadlineMs: number): string[] {
  let retrying = 0;
  let stuck = 0;
  for (const t of hub.tables.values()) {
    const w = t.storeWait;
    if (w.retryingSince !== null) retrying++;
    else if (w.writingSince !== null && now - w.writingSince > deadlineMs) stuck++;
  }
  return [
    ...(retrying === 0 ? [] : [`tables: ${retrying} retrying a write the store refused`]),
    ...(stuck === 0 ? [] : [`tables: ${stuck} waiting on the store past its deadline`]),
  ];
}

/**
 * GET /readyz, for a load balancer: 200 `{"ok":true}` while this process can write to its store,
 * no table it hosts waits on the store, and (in a cluster) Redis is connected; else 503 with the
 * problems. It says which is wrong, not how (the page is public); the process stays up and
 * recovers on its own.
 */
export function readinessRoute(app: FastifyInstance, hub: Hub, o: { readonly clock: Clock; readonly port: number; readonly deadlineMs: number }): void {
  const probe = new StoreProbe(hub.store, `${hostname()}:${o.port}`, o.clock, Math.min(WAIT_MS, o.deadlineMs));
  app.get('/readyz', async (_req, reply) => {
    const problems: string[] = [];
    const store = await probe.check();
    if (store !== null) problems.push(`store: ${store}`);
    problems.push(...tableProblems(hub, o.clock.now(), o.deadlineMs));
    const hosting = hub.hosting.readiness();
    problems.push(...hosting.problems);
    const ok = problems.length === 0;
    return reply.code(ok ? 200 : 503).send({ ok, ...(ok ? {} : { problems }), ...hosting.about });
  });
}
