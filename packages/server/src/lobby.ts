import { LOBBY_DEFAULT_LIMIT, LOBBY_MAX_BYTES, type ServerMessage, type TableSummary } from '@parlor/protocol';
import type { GameId } from '@parlor/rules';
import type { TableRow } from './store/store.js';

/**
 * A table as the lobby sees it: a table this process hosts, or (in a cluster) one another process
 * hosts, known by its summary.
 */
export interface LobbyEntry {
  readonly id: string;
  readonly row: Pick<TableRow, 'status' | 'private' | 'game' | 'createdAt'> & { readonly seats: readonly { readonly kind: string }[] };
  summary(): TableSummary;
}

/** What a lobby watcher asked to see. */
export interface LobbyFilter {
  readonly game?: GameId;
  readonly status?: 'open' | 'running';
  readonly freeSeats?: boolean;
  /** Only real-time tables, or only turn-based ones. */
  readonly mode?: 'live' | 'turn-based';
  readonly limit?: number;
}

interface Watch {
  readonly send: (msg: ServerMessage) => void;
  readonly filter: LobbyFilter;
  /** How many tables its pages hold together (new ones push the last off past this). */
  limit: number;
  /** Watching the first page: new tables that belong on it are pushed to it. */
  readonly first: boolean;
  /** The tables this watcher was sent, by id, with their sort keys. */
  readonly page: Map<string, string>;
  /** Changes not yet sent, by table id (the latest per table). */
  readonly pending: Map<string, ServerMessage>;
  timer: NodeJS.Timeout | null;
}

/** A page of the lobby stops short of LOBBY_MAX_BYTES; this leaves room for the reply around it. */
const PAGE_BYTES = LOBBY_MAX_BYTES - 1024;

/**
 * The lobby: public tables that are open or running, best first — open ones with a free seat, then
 * full open ones, then running games; newest first within each. Watchers get a page at a time
 * (filtered by game, status, free seats and mode) and then the changes to what they were sent, gathered
 * for `flushMs` so that a burst of changes costs each watcher one write per table.
 */
export class Lobby {
  private readonly watches = new Map<object, Watch>();
  private sorted: LobbyEntry[] | null = null;
  /** Pages built since the last change, by filter and cursor: a burst of the same watch builds one. */
  private readonly pages = new Map<string, { tables: TableSummary[]; keys: [string, string][]; next: string | null; total: number; limit: number }>();

  constructor(private readonly tables: () => Iterable<LobbyEntry>, private readonly flushMs: number) {}

  /**
   * Watches the lobby: the reply is the page after `cursor` (the first page without one). A page
   * asked with a cursor under the same filter adds to what the watcher watches ("more tables");
   * anything else starts the watch afresh.
   */
  watch(key: object, send: (msg: ServerMessage) => void, filter: LobbyFilter, cursor: string | undefined, re: string | number | undefined): ServerMessage {
    const limit = Math.min(filter.limit ?? LOBBY_DEFAULT_LIMIT, 100);
    const id = JSON.stringify([filter.game, filter.status, filter.freeSeats, filter.mode, limit, cursor]);
    let p = this.pages.get(id);
    if (p === undefined) this.pages.set(id, (p = this.page(filter, limit, cursor)));
    const before = this.watches.get(key);
    const same = before !== undefined && cursor !== undefined && sameFilter(before.filter, filter);
    if (same) {
      for (const [tableId, k] of p.keys) before.page.set(tableId, k);
      before.limit += p.limit;
    } else {
      this.unwatch(key);
      this.watches.set(key, { send, filter, limit: p.limit, first: cursor === undefined, page: new Map(p.keys), pending: new Map(), timer: null });
    }
    return { type: 'lobby', ...(re === undefined ? {} : { re }), tables: p.tables, next: p.next, total: p.total };
  }

  /** The page after `cursor`: at most `limit` tables and PAGE_BYTES. */
  private page(filter: LobbyFilter, limit: number, cursor: string | undefined) {
    const all = this.list().filter((t) => matches(t, filter));
    const start = cursor === undefined ? 0 : all.findIndex((t) => sortKey(t) > cursor);
    const tables: TableSummary[] = [];
    const keys: [string, string][] = [];
    let bytes = 0;
    let i = start < 0 ? all.length : start;
    for (; i < all.length && tables.length < limit; i++) {
      const summary = all[i]!.summary();
      bytes += JSON.stringify(summary).length + 1;
      if (bytes > PAGE_BYTES && tables.length > 0) break;
      tables.push(summary);
      keys.push([all[i]!.id, sortKey(all[i]!)]);
    }
    const next = i < all.length && tables.length > 0 ? sortKey(all[i - 1]!) : null;
    // A page the byte bound cut short takes no more tables than it holds.
    return { tables, keys, next, total: all.length, limit: tables.length < limit && next !== null ? tables.length : limit };
  }

  unwatch(key: object): void {
    const w = this.watches.get(key);
    if (w?.timer) clearTimeout(w.timer);
    this.watches.delete(key);
  }

  get watchers(): number {
    return this.watches.size;
  }

  /**
   * A table was added, changed or left (`gone`: it left memory to wait in the store, and the lobby
   * with it): every watcher it concerns hears of it (soon).
   */
  changed(t: LobbyEntry, gone = false): void {
    this.sorted = null;
    this.pages.clear();
    const key = sortKey(t);
    for (const w of this.watches.values()) {
      const listed = !gone && t.row.status !== 'closed' && matches(t, w.filter);
      if (w.page.has(t.id)) {
        if (listed) { w.page.set(t.id, key); this.queue(w, t.id, { type: 'lobby.table', table: t.summary() }); }
        else { w.page.delete(t.id); this.queue(w, t.id, { type: 'lobby.removed', tableId: t.id }); }
        continue;
      }
      if (!listed || !w.first) continue;
      // A table new to a first-page watcher joins its page if it sorts among its first `limit`.
      let last: [string, string] | null = null;
      for (const entry of w.page) if (last === null || entry[1] > last[1]) last = entry;
      if (w.page.size >= w.limit) {
        if (last === null || key > last[1]) continue;
        w.page.delete(last[0]);
        this.queue(w, last[0], { type: 'lobby.removed', tableId: last[0] });
      }
      w.page.set(t.id, key);
      this.queue(w, t.id, { type: 'lobby.table', table: t.summary() });
    }
  }

  private queue(w: Watch, id: string, msg: ServerMessage): void {
    w.pending.delete(id); // keep the order of the latest change
    w.pending.set(id, msg);
    if (w.timer !== null) return;
    w.timer = setTimeout(() => {
      w.timer = null;
      const msgs = [...w.pending.values()];
      w.pending.clear();
      for (const m of msgs) w.send(m);
    }, this.flushMs);
  }

  close(): void {
    for (const key of [...this.watches.keys()]) this.unwatch(key);
  }

  private list(): LobbyEntry[] {
    this.sorted ??= [...this.tables()].filter(listed).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
    return this.sorted;
  }
}

const sameFilter = (a: LobbyFilter, b: LobbyFilter) => a.game === b.game && a.status === b.status && a.freeSeats === b.freeSeats && a.mode === b.mode;

/** In the lobby at all: public, and open or running. */
function listed(t: LobbyEntry): boolean {
  return !t.row.private && (t.row.status === 'open' || t.row.status === 'running');
}

function matches(t: LobbyEntry, f: LobbyFilter): boolean {
  if (!listed(t)) return false;
  if (f.game !== undefined && t.row.game !== f.game) return false;
  if (f.status !== undefined && t.row.status !== f.status) return false;
  if (f.freeSeats === true && !t.row.seats.some((s) => s.kind === 'empty')) return false;
  // A table's mode is fixed at its creation; its summary (`turnBased`) is what says it, here and in a cluster.
  if (f.mode !== undefined && (t.summary().turnBased !== undefined) !== (f.mode === 'turn-based')) return false;
  return true;
}

/**
 * The lobby's order as one comparable text: rank (0 open with a free seat, 1 open and full, 2
 * running), then newest first (the creation time's complement), then the id. It is also the cursor.
 */
function sortKey(t: LobbyEntry): string {
  const rank = t.row.status === 'running' ? 2 : t.row.seats.some((s) => s.kind === 'empty') ? 0 : 1;
  const newestFirst = String(9_999_999_999_999 - Date.parse(t.row.createdAt)).padStart(13, '0');
  return `${rank}.${newestFirst}.${t.id}`;
}
