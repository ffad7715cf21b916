import type { Clock } from '../clock.js';
import type { PlayerRow, Store } from '../store/store.js';

const DAY_MS = 86_400_000;
/** A session's use is written at most this often (ms): enough for its expiry and the list of devices, and cheap. */
export const TOUCH_MS = 5 * 60_000;
/**
 * An expired session is kept this many days more before the sweep deletes it, so that a device
 * coming back soon after hears that its session expired (and signs in again) rather than finding
 * its token unknown.
 */
export const EXPIRED_KEPT_DAYS = 90;

/** What a session token turned out to be: its player, a session that expired (now ended), or none known. */
export type SessionUse =
  | { readonly ok: true; readonly player: PlayerRow }
  | { readonly ok: false; readonly why: 'unknown' | 'expired' };

/**
 * Whether a session token may be used now, and recording that it was (docs/operations.md, "Sessions
 * and sign-in"). An account's session unused for `idleDays` (PARLOR_SESSION_IDLE_DAYS) has expired:
 * it is ended on the spot and refused, so its device signs in again with the password. A guest's
 * token is the guest (there is no password to sign in again with), so it never expires; idle
 * guests are pruned instead (PARLOR_GUEST_PRUNE_DAYS). Times are read from the server's clock.
 */
export class SessionChecks {
  /** Live sessions recorded as in use by the sweep, and when. */
  private readonly touched = new Map<string, number>();

  constructor(private readonly store: Store, private readonly clock: Clock, private readonly idleDays: number) {}

  /**
   * The session of a token's hash, used now: `hello` and the API's bearer tokens come here. The use
   * is written when the last one written is TOUCH_MS old, with the device and place it came from
   * when they are known (an API call's User-Agent and address).
   */
  async use(tokenHash: string, seen?: { readonly device: string; readonly place: string }): Promise<SessionUse> {
    const s = await this.store.session(tokenHash);
    if (s === null) return { ok: false, why: 'unknown' };
    const now = this.clock.now();
    if ((s.player.accountSince ?? null) !== null && now - Date.parse(s.lastUsed) > this.idleDays * DAY_MS) {
      await this.store.deleteSession(tokenHash);
      return { ok: false, why: 'expired' };
    }
    if (now - Date.parse(s.lastUsed) >= TOUCH_MS) {
      const at = new Date(now).toISOString();
      await (seen === undefined ? this.store.touchSession(tokenHash, at) : this.store.devices.describeSession(tokenHash, at, seen.device, seen.place));
    }
    return { ok: true, player: s.player };
  }

  /** The session was in use until now (its socket closed): its idle time counts from here. Never fails. */
  usedUntilNow(tokenHash: string): void {
    void this.store.touchSession(tokenHash, new Date(this.clock.now()).toISOString()).catch(() => {});
  }

  /**
   * The sweep: sessions with a connection here (`live`) are recorded as in use, at most once a day
   * each, so that no process prunes a session another keeps open; then the accounts' sessions
   * unused for `idleDays` + EXPIRED_KEPT_DAYS are deleted (they could only be refused). How many were.
   */
  async prune(live: ReadonlySet<string>): Promise<number> {
    const now = this.clock.now();
    for (const [session, at] of this.touched) if (!live.has(session) || now - at >= DAY_MS) this.touched.delete(session);
    for (const session of live) {
      if (this.touched.has(session)) continue;
      await this.store.touchSession(session, new Date(now).toISOString());
      this.touched.set(session, now);
    }
    return this.store.pruneSessions(new Date(now - (this.idleDays + EXPIRED_KEPT_DAYS) * DAY_MS).toISOString());
  }

  /** How long an account's session may go unused, for messages. */
  get days(): number { return this.idleDays; }
}
