import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import type { Clock } from '../clock.js';
import type { Connection } from '../connection.js';
import { type Frame, frameOf, frameText } from '../frame.js';
import { randomId } from '../identity.js';
import { RateLimit } from '../rate-limit.js';
import type { ClusterHost } from './host.js';
import type { ProcItem, Request } from './messages.js';
import type { Outbox } from './outbox.js';
import type { ClusterTiming } from './timing.js';

/** Another process's connection as this one sees it. */
type RemoteConnection = Connection & { readonly proc: string };

/**
 * How a forwarded request ended: handled by its host (its answers reached the client), or not —
 * never sent (the bus is down, the host is gone), no answer in time, or, for a quiet request, the
 * code its host refused it with.
 */
export type Forwarded = { readonly ok: true } | { readonly ok: false; readonly code: string };
const HANDLED: Forwarded = { ok: true };

interface Waiting {
  readonly c: Connection;
  readonly msg: ClientMessage;
  readonly host: string;
  readonly quiet: boolean;
  readonly resolve: (r: Forwarded | Promise<Forwarded>) => void;
  readonly cancel: () => void;
}

export interface ForwardingDeps {
  readonly self: string;
  readonly outbox: Outbox;
  readonly host: ClusterHost;
  readonly timing: ClusterTiming;
  /** What the wait for a host's answer is armed on. */
  readonly clock: Clock;
  /** Whether anything can be sent now (the bus is connected). */
  readonly connected: () => boolean;
  /** Whether process `proc` is taken for dead (not heard from for a while). */
  readonly dead: (proc: string) => boolean;
  /** A request went unanswered (its host may have died; the table may be moving). */
  readonly unanswered: () => void;
}

/**
 * Requests and deliveries between processes. A message from a socket of this process about a
 * table hosted elsewhere goes to its host as a request; the host handles it as one from its own
 * connections, through a stand-in for the socket whose sends come back here as deliveries (each
 * frame's text, for the connections that get it), written to the socket as they are. A request
 * waits for its host's `done`; it is answered TRY_AGAIN at once when it cannot be sent (the bus is
 * down, the host is taken for dead, the publish failed) and after `forwardMs` when no answer came.
 * A request waiting on a host that died, or on one whose table moved to another process, is
 * handled again at once: sent to the table's new host (or handled here, if this process took it).
 * A quiet request (a watch the server sends again for its client) sends the client no refusal:
 * its host says in `done` what it was refused with.
 */
export class Forwarding {
  /** Requests forwarded from here, waiting for their host's `done`. */
  private readonly waiting = new Map<number, Waiting>();
  private nextRequest = 1;
  /** Local connections by id, for deliveries to them; forwarded connections by `<proc>:<conn>`. */
  private readonly local = new Map<string, Connection>();
  private readonly localIds = new WeakMap<Connection, string>();
  private readonly remote = new Map<string, RemoteConnection>();
  private readonly self: string;
  private readonly outbox: Outbox;
  private readonly host: ClusterHost;

  constructor(private readonly d: ForwardingDeps) {
    this.self = d.self;
    this.outbox = d.outbox;
    this.host = d.host;
  }

  /** A connection of this process: deliveries for it come through the cluster. */
  attach(c: Connection): void {
    const id = randomId(6);
    this.local.set(id, c);
    this.localIds.set(c, id);
  }

  /** A connection of this process closed: the hosts it talked to forget it. */
  detach(c: Connection, hosts: Iterable<string>): void {
    const id = this.localIds.get(c);
    if (id === undefined) return;
    this.local.delete(id);
    for (const proc of new Set(hosts)) this.outbox.post(proc, { t: 'gone', from: this.self, conn: id });
  }

  /**
   * Sends `msg`, from connection `c` of this process, to `host`, the process hosting its table;
   * resolves once the host has handled it (its replies reach the client through this process), or
   * once the client was told TRY_AGAIN (a quiet request: told nothing).
   */
  forward(c: Connection, msg: ClientMessage, host: string, quiet = false): Promise<Forwarded> {
    const conn = this.localIds.get(c);
    if (conn === undefined || !this.d.connected() || this.d.dead(host)) return Promise.resolve(this.notHandled(c, msg, quiet));
    const id = this.nextRequest++;
    return new Promise((resolve) => {
      const cancel = this.d.clock.after(this.d.timing.forwardMs, () => {
        if (!this.waiting.delete(id)) return;
        this.d.unanswered();
        this.host.metrics.forwardTimeouts.inc();
        resolve(this.notHandled(c, msg, quiet));
      });
      this.waiting.set(id, { c, msg, host, quiet, resolve, cancel });
      this.host.metrics.forwarded.inc();
      const player = {
        id: c.playerId!, name: this.host.playerName(c.playerId!), account: this.host.isAccount(c.playerId!), avatar: this.host.avatar(c.playerId!),
        ...(this.host.isBot(c.playerId!) ? { bot: true } : {}),
      };
      this.outbox.post(host, { t: 'req', from: this.self, id, conn, player, address: c.address, msg, sent: Date.now(), ...(quiet ? { quiet } : {}) });
    });
  }

  /** A request that did not reach its host, or got no answer: the client is told to send it again (a quiet one is not). */
  private notHandled(c: Connection, msg: ClientMessage, quiet: boolean): Forwarded {
    if (!quiet) c.send({ type: 'error', ...(msg.id === undefined ? {} : { re: msg.id }), code: 'TRY_AGAIN', message: 'The table is moving to another server; send that again.' });
    return { ok: false, code: 'TRY_AGAIN' };
  }

  /** The requests waiting on `test`'s hosts stop waiting: each handled again (re-routed) or, quiet, answered TRY_AGAIN. */
  private again(test: (w: Waiting) => boolean): void {
    for (const [id, w] of this.waiting) {
      if (!test(w)) continue;
      this.waiting.delete(id);
      w.cancel();
      if (w.quiet) w.resolve({ ok: false, code: 'TRY_AGAIN' });
      else w.resolve(this.host.handle(w.c, w.msg, performance.now()).then(() => HANDLED));
    }
  }

  /** What was sent to process `proc` in these items was lost (the publish failed): its requests are answered at once. */
  lost(proc: string, items: readonly ProcItem[]): void {
    for (const item of items) {
      if (item.t !== 'req') continue;
      const w = this.waiting.get(item.id);
      if (w === undefined || w.host !== proc) continue;
      this.waiting.delete(item.id);
      w.cancel();
      w.resolve(this.notHandled(w.c, w.msg, w.quiet));
    }
  }

  /** Table `tableId` is hosted by `owner` now: requests about it waiting on another process are handled again. */
  moved(tableId: string, owner: string): void {
    this.again((w) => w.host !== owner && 'tableId' in w.msg && w.msg.tableId === tableId);
  }

  /** One item from another process (parsed). */
  async receive(m: ProcItem): Promise<void> {
    switch (m.t) {
      case 'deliver': {
        // The text its host serialized once, written to each socket as it is.
        const frame = frameText(m.frame);
        for (const conn of m.conns) this.local.get(conn)?.sendFrame(frame);
        return;
      }
      case 'done': {
        const w = this.waiting.get(m.id);
        if (w === undefined) return;
        w.cancel();
        this.waiting.delete(m.id);
        w.resolve(m.refused === undefined ? HANDLED : { ok: false, code: m.refused });
        return;
      }
      case 'gone': {
        const key = `${m.from}:${m.conn}`;
        const c = this.remote.get(key);
        if (c !== undefined) { this.remote.delete(key); this.host.disconnect(c); }
        return;
      }
      case 'req': return this.request(m);
    }
  }

  private async request(m: Request): Promise<void> {
    // A request its sender has stopped waiting for (it answered TRY_AGAIN) is not played: the
    // client may be sending it again. (A second of clock difference between machines is allowed.)
    if (Date.now() - m.sent > this.d.timing.forwardMs - 1000) {
      this.host.log.warn({ from: m.from }, 'a forwarded request came too late; dropped (its client was told to send it again)');
      return;
    }
    // The player as their own process knows them (their name may have changed since).
    this.host.renamed(m.player.id, m.player.name, m.player.account, m.player.avatar ?? null, m.player.bot === true);
    const remote = this.remoteConnection(m.from, m.conn, m.player.id, m.address);
    // A quiet request's refusal goes back in its `done` rather than to the client (what the stand-in
    // is sent after the request is handled, such as the table's next updates, goes on as usual).
    let refused: string | undefined;
    let handling = true;
    const c: RemoteConnection = m.quiet !== true ? remote : {
      ...remote,
      send: (msg: ServerMessage) => {
        if (handling && msg.type === 'error') refused ??= msg.code;
        else remote.send(msg);
      },
    };
    try {
      await this.host.handle(c, m.msg, performance.now());
    } finally {
      handling = false;
      this.outbox.post(m.from, { t: 'done', id: m.id, ...(refused === undefined ? {} : { refused }) });
    }
  }

  /** The connection of another process as this one sees it: what it is sent goes back there. */
  private remoteConnection(proc: string, conn: string, playerId: string, address: string): RemoteConnection {
    const key = `${proc}:${conn}`;
    let c = this.remote.get(key);
    if (c === undefined) {
      c = {
        id: key, proc, playerId, address, watching: new Set(), lobby: false, remote: true,
        send: (msg: ServerMessage) => this.outbox.deliver(proc, conn, frameOf(msg)),
        sendFrame: (frame: Frame) => this.outbox.deliver(proc, conn, frame),
        // Rate limits are applied where the socket is.
        limit: new RateLimit(1e9, 1e9), chatLimit: new RateLimit(3, 1),
      };
      this.remote.set(key, c);
    }
    return c;
  }

  /** Process `proc` died: its connections forwarded here are gone, and requests waiting on it are handled again. */
  processGone(proc: string): void {
    for (const [key, c] of this.remote) {
      if (c.proc === proc) { this.remote.delete(key); this.host.disconnect(c); }
    }
    this.again((w) => w.host === proc);
  }

  /** The process stops: nothing waits for an answer any more. */
  stop(): void {
    for (const w of this.waiting.values()) { w.cancel(); w.resolve({ ok: false, code: 'TRY_AGAIN' }); }
    this.waiting.clear();
  }
}
