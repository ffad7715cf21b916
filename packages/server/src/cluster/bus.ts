import { createClient } from 'redis';

/**
 * Messages between the processes of a cluster, over Redis pub/sub: one connection publishes, one
 * listens. Delivery is at most once and in order per publisher (what pub/sub gives); everything
 * that must survive is in the store, so a lost message costs a retry, never a move. Channel names
 * carry a prefix (PARLOR_REDIS_PREFIX), so that several clusters (or test runs) share one Redis.
 */
export interface Bus {
  /** Sends `msg` to the channel's subscribers; `lost` runs if it could not be sent (Redis is away). */
  publish(channel: string, msg: unknown, lost?: () => void): void;
  subscribe(channel: string, fn: (msg: unknown) => void): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** Runs after the connection to Redis came back (what was published meanwhile is lost). */
  onReconnect(fn: () => void): void;
  /** Whether both connections to Redis are up now. */
  readonly ready: boolean;
  /** Redis commands sent so far (for the load benchmark). */
  readonly commands: number;
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export async function redisBus(url: string, prefix: string, log: Log): Promise<Bus> {
  const reconnectStrategy = (retries: number) => Math.min(2000, 50 * 2 ** Math.min(retries, 6));
  // While Redis is away a message is lost at once rather than queued: a request sent late, after
  // its client was told to try again, would be played twice.
  const pub = createClient({ url, socket: { reconnectStrategy }, disableOfflineQueue: true });
  const sub = createClient({ url, socket: { reconnectStrategy } });
  const handlers = new Map<string, (msg: unknown) => void>();
  const onReconnect: (() => void)[] = [];
  let commands = 0;
  let wasDown = false;
  let closed = false;
  for (const [name, client] of [['publish', pub], ['subscribe', sub]] as const) {
    client.on('error', (err: unknown) => {
      if (!wasDown) log.error({ err, connection: name }, 'the connection to Redis failed; reconnecting');
      wasDown = true;
    });
  }
  sub.on('ready', () => {
    if (!wasDown) return;
    wasDown = false;
    log.warn({}, 'the connection to Redis is back');
    for (const fn of onReconnect) fn();
  });
  await pub.connect();
  await sub.connect();
  const full = (channel: string) => `${prefix}:${channel}`;
  return {
    publish(channel, msg, lost) {
      if (closed) return; // the process is stopping: nobody is listening for it any more
      commands++;
      // Refused at once while the connection is down (no offline queue), or failed on the way.
      pub.publish(full(channel), JSON.stringify(msg)).catch((err: unknown) => {
        if (pub.isReady) log.warn({ err, channel }, 'a message to the cluster was lost');
        lost?.();
      });
    },
    async subscribe(channel, fn) {
      handlers.set(channel, fn);
      commands++;
      await sub.subscribe(full(channel), (text) => {
        let msg: unknown;
        try {
          msg = JSON.parse(text);
        } catch {
          log.warn({ channel }, 'a message from the cluster was not JSON; dropped');
          return;
        }
        handlers.get(channel)?.(msg);
      });
    },
    async unsubscribe(channel) {
      handlers.delete(channel);
      commands++;
      await sub.unsubscribe(full(channel)).catch(() => undefined);
    },
    onReconnect: (fn) => { onReconnect.push(fn); },
    get commands() { return commands; },
    get ready() { return pub.isReady && sub.isReady; },
    async close() {
      closed = true;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
