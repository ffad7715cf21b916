import type { Clock } from '../clock.js';
import type { PlayerRow, Store } from '../store/store.js';

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
  constructor(private readonly store: Store, private readonly clock: Clock, private readonly idleDays: number) {}

  /** The session of a token's hash, used now: `hello` and the API's bearer tokens come here. */
  async use(tokenHash: string): Promise<SessionUse> {
    const s = await this.store.session(tokenHash);
    if (s === null) return { ok: false, why: 'unknown' };
    const now = this.clock.now();
    if ((s.player.accountSince ?? null) !== null && now - Date.parse(s.lastUsed) > this.idleDays * 86_400_000) {
      await this.store.deleteSession(tokenHash);
      return { ok: false, why: 'expired' };
    }
    await this.store.touchSession(tokenHash, new Date(now).toISOString());
    return { ok: true, player: s.player };
  }

  /** The session was in use until now (its socket closed): its idle time counts from here. Never fails. */
  usedUntilNow(tokenHash: string): void {
    void this.store.touchSession(tokenHash, new Date(this.clock.now()).toISOString()).catch(() => {});
  }

  /** How long an account's session may go unused, for messages. */
  get days(): number { return this.idleDays; }
}
