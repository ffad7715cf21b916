import type { SessionChecks } from './accounts/sessions.js';
import type { ServerConfig } from './config.js';
import type { LiveSessions } from './live-sessions.js';
import type { Store } from './store/store.js';

/**
 * The sweep's pruning: guests idle past `guestPruneDays`, accounts' sessions unused past their
 * expiry, and chat lines older than `chatKeepDays`; a failure is tried again at the next sweep.
 */
export async function pruneIdle(d: {
  readonly store: Store; readonly config: ServerConfig; readonly sessions: SessionChecks; readonly live: LiveSessions;
  readonly log: { warn(obj: object, msg: string): void };
}, now: number): Promise<void> {
  try {
    const before = new Date(now - d.config.guestPruneDays * 86_400_000).toISOString();
    const pruned = await d.store.pruneGuests(before);
    if (pruned > 0) d.log.warn({ pruned }, 'pruned idle guests');
    const expired = await d.sessions.prune(d.live.sessions());
    if (expired > 0) d.log.warn({ expired }, 'deleted expired sessions');
    const chat = await d.store.moderation.pruneChat(now - d.config.chatKeepDays * 86_400_000);
    if (chat > 0) d.log.warn({ chat }, 'pruned chat lines past their keeping and mutes of pruned guests');
  } catch (e) {
    d.log.warn({ err: e }, 'pruning idle guests, expired sessions or old chat failed; it is tried again at the next sweep');
  }
}
