import { randomBytes } from 'node:crypto';
import { type GameId, NOTICE_KINDS, type NoticeKind } from '@parlor/protocol';
import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import { noticeMail, pushPayload } from './compose.js';
import { type NotifyKeys, unsubscribeToken } from './keys.js';
import type { Links } from './links.js';
import type { Mailer } from './mailer.js';
import type { PushSender } from './push.js';
import { accountNotify } from './settings.js';
import { textsFor } from './texts/index.js';

export type { NoticeKind } from '@parlor/protocol';

/** Something to tell one player about one table (docs/notifications.md, "What is sent when"). */
export interface Notice {
  readonly kind: NoticeKind;
  /** The account to tell (a guest is ignored: nothing is sent). */
  readonly playerId: string;
  readonly tableId: string;
  /** The move it is about, e.g. `${gameNo}:${seq}`: at most one mail per table per moveKey. */
  readonly moveKey: string;
  readonly game: GameId;
  /** game-ended: the player's place (1 = first). */
  readonly place?: number;
  /** invitation / challenge: who (a display name). */
  readonly from?: string;
  /** your-move: when the move times out (epoch ms). */
  readonly dueAt?: number;
  /** invitation to a private table: its invite, which the notice's link carries so that it opens the table. */
  readonly invite?: string;
}

export interface Notifier {
  /** Queues a notice; never throws, never waits for the sending. */
  notify(n: Notice): void;
  /** Stops: nothing more is queued or retried; resolves once the sends under way are done. */
  close(): Promise<void>;
  /** Deliveries queued or waiting for a retry (tests wait for 0). */
  readonly pending: number;
}

export interface NotifierDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly log: { warn(obj: object, msg: string): void };
  readonly keys: NotifyKeys;
  readonly links: Links;
  /** Null: this server sends no mail (PARLOR_SMTP unset). */
  readonly mailer: Mailer | null;
  readonly push: PushSender;
  /** Whether the player has a page open on the table now: then nothing is sent (they can see it). */
  readonly hasOpenPage: (playerId: string, tableId: string) => boolean;
}

/** How many times one delivery is tried, and the waits between tries (ms). */
export const RETRY_WAITS = [1_000, 10_000, 60_000] as const;
/** How long a push service keeps a push for a device that is offline (seconds): a day, as a move's notice is stale after that. */
const PUSH_TTL = 86_400;

/** One thing to do for a notice: work out its deliveries, push to a device, mail an address. */
type Step = () => Promise<'done' | 'retry'>;

/**
 * The notifier: each notice is checked (an account, no page open on the table, its settings) and
 * becomes a push to each of the account's devices or a mail (or a line of the daily digest). Each
 * delivery is tried on its own, again after RETRY_WAITS on the clock, then logged as lost — with
 * the notice's kind and table only, never an address, endpoint or token. A device whose push
 * service answers 404/410 has unsubscribed: its subscription is deleted.
 */
export function createNotifier(d: NotifierDeps): Notifier {
  let closed = false;
  let pending = 0;
  const running = new Set<Promise<void>>();
  const timers = new Set<() => void>();

  const attempt = (what: { kind: NoticeKind; tableId: string; channel: string }, step: Step, tried: number) => {
    const p = step().catch(() => 'retry' as const).then((r) => {
      if (r === 'done' || closed) { pending--; return; }
      const wait = RETRY_WAITS[tried];
      if (wait === undefined) {
        pending--;
        d.log.warn({ kind: what.kind, tableId: what.tableId, channel: what.channel, tries: tried + 1 }, 'a notification could not be delivered');
        return;
      }
      const cancel = d.clock.after(wait, () => { timers.delete(cancel); attempt(what, step, tried + 1); });
      timers.add(cancel);
    }).finally(() => running.delete(p));
    running.add(p);
  };
  const schedule = (what: { kind: NoticeKind; tableId: string; channel: string }, step: Step) => {
    if (closed) return;
    pending++;
    attempt(what, step, 0);
  };

  const resolve = (n: Notice): Step => async () => {
    const player = await d.store.playerById(n.playerId);
    if (player === null || (player.accountSince ?? null) === null) return 'done'; // a guest hears nothing
    if (d.hasOpenPage(n.playerId, n.tableId)) return 'done';
    const a = accountNotify(n.playerId, await d.store.notifications.notifyAccount(n.playerId));
    const channel = a.settings.kinds[n.kind];
    const t = textsFor(a.language);
    if (channel === 'push') {
      const payload = pushPayload(t, a.language, n);
      for (const sub of await d.store.notifications.pushSubscriptions(n.playerId)) {
        schedule({ kind: n.kind, tableId: n.tableId, channel: 'push' }, async () => {
          const r = await d.push.send(sub, payload, PUSH_TTL);
          if (r === 'gone') await d.store.notifications.deletePushSubscription(sub.endpoint, sub.playerId);
          return r === 'failed' ? 'retry' : 'done';
        });
      }
    } else if (channel === 'email' && d.mailer !== null && a.email !== null && a.emailConfirmed) {
      if (!await d.store.notifications.markMailed(n.playerId, n.tableId, n.moveKey)) return 'done'; // this move was mailed already
      if (a.settings.digest) {
        await d.store.notifications.addDigestItem({ id: randomBytes(8).toString('hex'), playerId: n.playerId, at: d.clock.now(), notice: JSON.stringify(n) });
        return 'done';
      }
      const mail = noticeMail(t, a.language, n, a.email, {
        table: d.links.table(n.tableId, n.invite),
        stopKind: d.links.unsubscribe(unsubscribeToken(d.keys, n.playerId, n.kind)),
        stopAll: d.links.unsubscribe(unsubscribeToken(d.keys, n.playerId, 'all')),
      });
      const mailer = d.mailer;
      schedule({ kind: n.kind, tableId: n.tableId, channel: 'email' }, async () => { await mailer.send(mail); return 'done'; });
    }
    return 'done';
  };

  return {
    notify(n) {
      try {
        // A notice that is not one (a caller's bug) is dropped at once rather than retried.
        if (typeof n?.playerId !== 'string' || typeof n.tableId !== 'string' || typeof n.moveKey !== 'string' || !(NOTICE_KINDS as readonly string[]).includes(n.kind)) return;
        schedule({ kind: n.kind, tableId: n.tableId, channel: 'check' }, resolve(n));
      } catch {
        // notify never throws: a notice that cannot even be queued is dropped
      }
    },
    async close() {
      closed = true;
      for (const cancel of timers) cancel();
      timers.clear();
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    get pending() { return pending; },
  };
}
