import type { Connection } from './connection.js';

/** Why sessions ended: a sign-out, a password change (every other session), the account deleted or banned by a moderator. */
export type SessionEndReason = 'signed-out' | 'password' | 'deleted' | 'banned';

/**
 * Sessions that ended: of `player`, those in `only`, or (without `only`) every one but `except`.
 * In a cluster it is published to every process (cluster/messages.ts, presence `ended`).
 */
export interface SessionEnd {
  readonly player: string;
  readonly why: SessionEndReason;
  readonly only?: readonly string[];
  readonly except?: string;
}

/** WebSocket close code of a socket whose session ended (4000–4999: the application's own). */
export const SESSION_ENDED_CLOSE = 4401;

const SAID: Record<SessionEndReason, string> = {
  'signed-out': 'This session was signed out; sign in again.',
  password: 'The password of this account was changed, which ends every other session; sign in again with the new one.',
  deleted: 'This account was deleted.',
  banned: 'A moderator has banned this account; its page "Moderation" says why, and how to appeal.',
};

const matches = (e: SessionEnd, player: string, session: string) =>
  player === e.player && (e.only !== undefined ? e.only.includes(session) : session !== e.except);

/** How many ends a hello under way is checked against (a hello takes a few store reads; this is many seconds of sign-outs). */
const RECENT = 1000;

/**
 * The sessions this process's connections said hello with, and ending them: a connection of an
 * ended session is told (SESSION_ENDED), its socket closed at once (SESSION_ENDED_CLOSE), and any
 * message it still sends is refused. A hello that read its session from the store just before the
 * session ended is caught too: it notes `mark()` before the read and `bind` checks the ends since.
 */
export class LiveSessions {
  private readonly bound = new Map<Connection, { readonly player: string; readonly session: string }>();
  private readonly ended = new WeakSet<Connection>();
  private readonly recent: { readonly n: number; readonly end: SessionEnd }[] = [];
  private count = 0;

  /** `c` closed; the session it was bound to, if any. */
  detach(c: Connection): string | null {
    const b = this.bound.get(c);
    this.bound.delete(c);
    return b?.session ?? null;
  }

  /** Before a hello reads its session: the ends after this are checked by `bind`. */
  mark(): number { return this.count; }

  /** `c` is `player` by `session` (read after `mark`): false, nothing bound, when that session ended since. */
  bind(c: Connection, player: string, session: string, mark: number): boolean {
    const missed = this.count - mark;
    if (missed > RECENT) return false; // too many ends to check: safer to ask for hello again
    for (const r of this.recent) if (r.n >= mark && matches(r.end, player, session)) return false;
    this.bound.set(c, { player, session });
    return true;
  }

  /** The sessions (token hashes) with a connection here now. */
  sessions(): Set<string> { return new Set([...this.bound.values()].map((b) => b.session)); }

  /** Whether `c`'s session has ended (its messages are refused). */
  hasEnded(c: Connection): boolean { return this.ended.has(c); }

  /** Sessions ended: their connections here are told and closed. Resolves to how many. */
  end(e: SessionEnd): number {
    this.recent.push({ n: this.count++, end: e });
    if (this.recent.length > RECENT) this.recent.shift();
    let closed = 0;
    for (const [c, b] of this.bound) {
      if (!matches(e, b.player, b.session)) continue;
      this.bound.delete(c);
      this.ended.add(c);
      c.send({ type: 'error', code: 'SESSION_ENDED', message: SAID[e.why] });
      c.close?.(SESSION_ENDED_CLOSE, 'session ended');
      closed++;
    }
    return closed;
  }
}
