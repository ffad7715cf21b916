import { type AddressInfo, type Server, type Socket, createServer, connect } from 'node:net';

/**
 * What the proxy does with the connections through it:
 * - `pass`: relays both ways;
 * - `stall`: relays nothing either way, its sockets open (a network that stops carrying packets;
 *   what was sent waits, and arrives if it passes again); new connections are taken and stalled too;
 * - `half-open`: relays nothing, and the far side (PostgreSQL's) of every connection is gone, so
 *   the near side waits for ever on a socket that looks open; new connections reach nobody;
 * - `refuse`: new connections are refused (nothing listens on the port); open ones still pass.
 * `drop()` also destroys every connection at once, both sides (the mode stays as it was).
 */
export type ProxyMode = 'pass' | 'stall' | 'half-open' | 'refuse';

interface Pair {
  readonly near: Socket;
  far: Socket | null;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (the test PostgreSQL), for faults between a server
 * and its database that a test turns on and off. node:net alone, in a few lines: the fault modes
 * (a stall that keeps sockets open, a far side cut alone) are what no ready-made relay offers.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<Pair>();
  private port = 0;
  mode: ProxyMode = 'pass';
  /** Connections taken so far. */
  accepted = 0;

  constructor(private readonly target: { readonly host: string; readonly port: number }) {}

  /** A proxy in front of the database of a `postgres://` URL. */
  static forUrl(url: string): TcpProxy {
    const u = new URL(url);
    return new TcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
  }

  /** `url` (of the target) pointed at the proxy instead. */
  through(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async open(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.server !== null) return;
    const server = createServer((near) => this.take(near));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private take(near: Socket): void {
    this.accepted++;
    const pair: Pair = { near, far: null };
    this.pairs.add(pair);
    near.on('error', () => {});
    near.on('close', () => { pair.far?.destroy(); this.pairs.delete(pair); });
    if (this.mode === 'half-open') { near.pause(); return; } // nobody at the other end
    const far = connect(this.target.port, this.target.host);
    pair.far = far;
    far.on('error', () => {});
    far.on('close', () => { if (this.mode !== 'half-open' && this.mode !== 'stall') near.destroy(); });
    near.on('data', (d) => far.write(d));
    far.on('data', (d) => near.write(d));
    if (this.mode === 'stall') { near.pause(); far.pause(); }
  }

  /** Relays again (a stall's waiting bytes go on); a refused port listens again. */
  async pass(): Promise<void> {
    this.mode = 'pass';
    await this.listen();
    for (const p of this.pairs) {
      if (p.far === null || p.far.destroyed) { p.near.destroy(); continue; } // cut by a half-open: there is nothing to relay to
      p.near.resume();
      p.far.resume();
    }
  }

  stall(): void {
    this.mode = 'stall';
    for (const p of this.pairs) { p.near.pause(); p.far?.pause(); }
  }

  halfOpen(): void {
    this.mode = 'half-open';
    for (const p of this.pairs) {
      p.near.pause();
      p.far?.destroy();
      p.far = null;
    }
  }

  /** Every connection through the proxy is destroyed, both sides. */
  drop(): void {
    for (const p of this.pairs) { p.near.destroy(); p.far?.destroy(); }
    this.pairs.clear();
  }

  /** New connections are refused: the port stops listening (open connections stay as they are). */
  refuse(): void {
    this.mode = 'refuse';
    const server = this.server;
    this.server = null;
    // close() stops listening at once; its callback would wait for the open connections to end.
    server?.close();
  }

  close(): void {
    this.drop();
    this.refuse();
  }
}
