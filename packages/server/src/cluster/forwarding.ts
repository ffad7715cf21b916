import type { ClientMessage, ServerMessage } from '@parlor/protocol';
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
 * Requests and deliveries between processes. A message from a socket of this process about a
 * table hosted elsewhere goes to its host as a request; the host handles it as one from its own
 * connections, through a stand-in for the socket whose sends come back here as deliveries (each
 * frame's text, for the connections that get it), written to the socket as they are. A request
 * waits for its host's `done`, or is answered TRY_AGAIN when none comes in time.
 */
export class Forwarding {
  /** Requests forwarded from here, waiting for their host's `done`. */
  private readonly waiting = new Map<number, { resolve: () => void; timer: NodeJS.Timeout }>();
  private nextRequest = 1;
  /** Local connections by id, for deliveries to them; forwarded connections by `<proc>:<conn>`. */
  private readonly local = new Map<string, Connection>();
  private readonly localIds = new WeakMap<Connection, string>();
  private readonly remote = new Map<string, RemoteConnection>();

  /** `unanswered`: a request went unanswered (its host may have died; the table may be moving). */
  constructor(private readonly self: string, private readonly outbox: Outbox, private readonly host: ClusterHost,
    private readonly timing: ClusterTiming, private readonly unanswered: () => void) {}

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
   * answers TRY_AGAIN when the host does not (it died, and the table is moving to another process).
   */
  forward(c: Connection, msg: ClientMessage, host: string): Promise<void> {
    const id = this.nextRequest++;
    const conn = this.localIds.get(c)!;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.unanswered();
        this.host.metrics.forwardTimeouts.inc();
        c.send({ type: 'error', ...(msg.id === undefined ? {} : { re: msg.id }), code: 'TRY_AGAIN', message: 'The table is moving to another server; send that again.' });
        resolve();
      }, this.timing.forwardMs);
      this.waiting.set(id, { resolve, timer });
      this.host.metrics.forwarded.inc();
      const player = { id: c.playerId!, name: this.host.playerName(c.playerId!), account: this.host.isAccount(c.playerId!) };
      this.outbox.post(host, { t: 'req', from: this.self, id, conn, player, address: c.address, msg, sent: Date.now() });
    });
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
        clearTimeout(w.timer);
        this.waiting.delete(m.id);
        w.resolve();
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
    if (Date.now() - m.sent > this.timing.forwardMs - 1000) {
      this.host.log.warn({ from: m.from }, 'a forwarded request came too late; dropped (its client was told to send it again)');
      return;
    }
    // The player as their own process knows them (their name may have changed since).
    this.host.renamed(m.player.id, m.player.name, m.player.account);
    const c = this.remoteConnection(m.from, m.conn, m.player.id, m.address);
    try {
      await this.host.handle(c, m.msg, performance.now());
    } finally {
      this.outbox.post(m.from, { t: 'done', id: m.id });
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

  /** Process `proc` died: its connections forwarded here are gone. */
  processGone(proc: string): void {
    for (const [key, c] of this.remote) {
      if (c.proc === proc) { this.remote.delete(key); this.host.disconnect(c); }
    }
  }

  /** The process stops: nothing waits for an answer any more. */
  stop(): void {
    for (const w of this.waiting.values()) { clearTimeout(w.timer); w.resolve(); }
  }
}
