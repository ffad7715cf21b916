import type { Frame } from '../frame.js';
import type { Bus } from './bus.js';
import type { ProcItem } from './messages.js';

interface Queue {
  readonly items: ProcItem[];
  /** The frame of the last item when it is a delivery: the next connection to get that frame joins it. */
  frame: Frame | null;
}

/**
 * What this process sends to each other process, gathered over one turn of the event loop and sent
 * at its end as one Redis message per process, in order: a move's reply and the updates of every
 * watcher there go together. A frame sent to several connections of one process in a row (a table's
 * update for its watchers there) goes once, with the list of those connections.
 */
export class Outbox {
  private readonly queues = new Map<string, Queue>();

  /** `lost`: what was sent to a process in one message that the bus could not publish. */
  constructor(private readonly bus: Bus, private readonly lost: (proc: string, items: readonly ProcItem[]) => void = () => {}) {}

  /** Sends `item` to process `proc`. */
  post(proc: string, item: ProcItem): void {
    const q = this.queue(proc);
    q.items.push(item);
    q.frame = null;
  }

  /** Sends `frame` to connection `conn` of process `proc`. */
  deliver(proc: string, conn: string, frame: Frame): void {
    const q = this.queue(proc);
    const last = q.items.at(-1);
    if (q.frame === frame && last?.t === 'deliver') {
      last.conns.push(conn);
      return;
    }
    q.items.push({ t: 'deliver', conns: [conn], frame: frame.json });
    q.frame = frame;
  }

  private queue(proc: string): Queue {
    let q = this.queues.get(proc);
    if (q === undefined) {
      this.queues.set(proc, (q = { items: [], frame: null }));
      if (this.queues.size === 1) setImmediate(() => this.flush());
    }
    return q;
  }

  private flush(): void {
    for (const [proc, { items }] of this.queues) {
      this.bus.publish(`proc:${proc}`, items.length === 1 ? items[0] : { t: 'batch', msgs: items }, () => this.lost(proc, items));
    }
    this.queues.clear();
  }
}
