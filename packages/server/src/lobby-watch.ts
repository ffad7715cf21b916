import type { ClientMessage, ServerMessage, TableSummary } from '@parlor/protocol';
import type { Connection } from './connection.js';
import { Lobby, type LobbyEntry } from './lobby.js';
import { type Social, socialOf } from './social/social.js';
import type { Store } from './store/store.js';

/**
 * The lobby as connections watch it: pages of tables and their changes (lobby.ts), and the number
 * of players online — told to each watcher when it changes, at most once every `onlineEveryMs`,
 * and only to those who were told another count. A table where a player the watcher blocked sits
 * is left out of what that watcher is sent (a change to it becomes its removal).
 */
export class LobbyWatch {
  private readonly lobby: Lobby;
  /** Lobby watchers, each with the online count it was last told (`lobby.online`). */
  private readonly told = new Map<Connection, number>();
  onlineEveryMs = 3000;
  private timer: NodeJS.Timeout | null = null;
  private sentAt = 0;

  private readonly social: Social;

  /** `store`: where each watcher's blocks are read (social/social.ts). */
  constructor(entries: () => Iterable<LobbyEntry>, private readonly online: () => number, store: Store) {
    this.social = socialOf(store);
    this.lobby = new Lobby(entries, 200);
  }

  async watch(c: Connection, msg: Extract<ClientMessage, { type: 'lobby.watch' }>): Promise<void> {
    const viewer = c.playerId!;
    await this.social.load(viewer);
    c.lobby = true;
    const { type: _type, id: re, cursor, ...filter } = msg;
    const hidden = (t: TableSummary) => this.social.blocks(viewer, t.creator.id) || t.seats.some((s) => s.kind === 'player' && this.social.blocks(viewer, s.player.id));
    const send = (m: ServerMessage) => c.send(m.type === 'lobby.table' && hidden(m.table) ? { type: 'lobby.removed', tableId: m.table.id } : m);
    const listed = this.lobby.watch(c, send, filter, cursor, re);
    const page = listed.type === 'lobby' ? { ...listed, tables: listed.tables.filter((t) => !hidden(t)) } : listed;
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
