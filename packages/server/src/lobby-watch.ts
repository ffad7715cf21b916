import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import type { Connection } from './connection.js';
import { Lobby, type LobbyEntry } from './lobby.js';

/**
 * The lobby as connections watch it: pages of tables and their changes (lobby.ts), and the number
 * of players online — told to each watcher when it changes, at most once every `onlineEveryMs`,
 * and only to those who were told another count.
 */
export class LobbyWatch {
  private readonly lobby: Lobby;
  /** Lobby watchers, each with the online count it was last told (`lobby.online`). */
  private readonly told = new Map<Connection, number>();
  onlineEveryMs = 3000;
  private timer: NodeJS.Timeout | null = null;
  private sentAt = 0;

  constructor(entries: () => Iterable<LobbyEntry>, private readonly online: () => number) {
    this.lobby = new Lobby(entries, 200);
  }

  watch(c: Connection, msg: Extract<ClientMessage, { type: 'lobby.watch' }>): void {
    c.lobby = true;
    const { type: _type, id: re, cursor, ...filter } = msg;
    const page = this.lobby.watch(c, c.send, filter, cursor, re);
    this.told.set(c, this.online());
    c.send(page.type === 'lobby' ? { ...page, online: this.online() } : page);
  }

  unwatch(c: Connection): void {
    c.lobby = false;
    this.lobby.unwatch(c);
    this.told.delete(c);
  }

  /** A table was added, changed or left (`gone`: it left memory to wait in the store). */
  changed(entry: LobbyEntry, gone = false): void { this.lobby.changed(entry, gone); }

  /** The online count may have changed: watchers hear the new count soon. */
  onlineChanged(): void {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.sentAt + this.onlineEveryMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sentAt = Date.now();
      const count = this.online();
      for (const [c, told] of this.told) {
        if (told === count) continue;
        this.told.set(c, count);
        c.send({ type: 'lobby.online', count } satisfies ServerMessage);
      }
    }, wait);
    this.timer.unref();
  }

  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.lobby.close();
  }
}
