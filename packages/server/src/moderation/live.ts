import type { Clock } from '../clock.js';
import type { TableHosting } from '../hosting/hosting.js';
import type { SessionEnd } from '../live-sessions.js';
import type { ModerationStore } from '../store/moderation.js';
import { Sanctions } from './sanctions.js';

/**
 * Moderation in the running server: the sanctions in force (read on every chat line, seat and
 * hello), the chat lines' store, and a moderator's action told to every process of a cluster
 * (presence `moderated`), where the player's sanctions are read again; a ban also ends the player's
 * sessions' sockets everywhere (presence `ended`, why `banned`).
 */
export class LiveModeration {
  readonly sanctions: Sanctions;

  constructor(readonly lines: ModerationStore, clock: Clock, private readonly hosting: Pick<TableHosting, 'moderated'>,
    private readonly sessionsEnded: (e: SessionEnd) => void, private readonly reread: (playerId: string) => void = () => {}) {
    this.sanctions = new Sanctions(lines, clock);
  }

  /** A moderator acted on a player through this process (or lifted an action on appeal). */
  acted(playerId: string, banned: boolean): void {
    this.sanctions.forget(playerId);
    this.hosting.moderated(playerId);
    if (banned) this.sessionsEnded({ player: playerId, why: 'banned' });
  }

  /** Another process said a moderator acted on a player: their sanctions, and their name (a rename), are read again. */
  heard(playerId: string): void {
    this.sanctions.forget(playerId);
    this.reread(playerId);
  }
}
