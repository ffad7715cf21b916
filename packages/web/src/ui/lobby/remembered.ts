import type { ServerMessage, TableSummary } from '@parlor/protocol';
import { useSyncExternalStore } from 'react';
import type { ParlorClient } from '../../net/client.js';

/**
 * The tables of "Your games" as this browser last saw them, kept in localStorage for the player
 * signed in, so that after a reload a table the welcome names only by id (`seatedAt`) still shows
 * its game, its seats and whether it is private — a private table most of all, which no lobby page
 * lists. Only what `table` messages said: a game may have started or ended since.
 *
 * Why not `table.watch` each id to ask the server: watching a table where you sit is coming back to
 * it (docs/protocol.md, `table.watch`: "A seated player who watches is back"), so the lobby would take
 * back seats a stand-in bot plays for the player, and the game would then wait for someone who is
 * not looking at it. A table known to the server but never seen by this browser (another device)
 * is listed by id; one the player created but does not sit at is forgotten at the next welcome
 * (`seatedAt` names only the tables where they hold a seat).
 */

const KEY = 'parlor.yourTables';
/** At most this many tables are kept (a player holds few seats; the newest are kept). */
export const MAX_REMEMBERED = 30;

export interface Remembered {
  /** Whose tables these are: another player signing in on this browser starts afresh. */
  readonly playerId: string | null;
  readonly tables: Readonly<Record<string, TableSummary>>;
}

export const NOTHING_REMEMBERED: Remembered = { playerId: null, tables: {} };

/** The player's own tables among those seen: where they sit, or that they created. */
const isMine = (t: TableSummary, playerId: string) =>
  t.creator.id === playerId || t.seats.some((s) => s.kind === 'player' && s.player.id === playerId);

/** Folds one server message into what is remembered (pure): `stored` is what localStorage held at start. */
export function foldRemembered(r: Remembered, m: ServerMessage, stored: Remembered): Remembered {
  switch (m.type) {
    case 'welcome': {
      // The welcome's seatedAt is the server's word on which of them are still open or running with my seat.
      const from = r.playerId === m.player.id ? r : stored.playerId === m.player.id ? stored : NOTHING_REMEMBERED;
      const seated = new Set(m.seatedAt ?? []);
      const tables = Object.fromEntries(Object.entries(from.tables).filter(([id]) => seated.has(id)));
      return { playerId: m.player.id, tables };
    }
    case 'table': {
      const { playerId } = r;
      if (playerId === null) return r;
      const t = m.table;
      const keep = t.status !== 'closed' && isMine(t, playerId);
      if (!keep && !(t.id in r.tables)) return r;
      const tables = { ...r.tables };
      delete tables[t.id];
      if (keep) tables[t.id] = t;
      // The newest kept, by creation.
      const ids = Object.keys(tables).sort((a, b) => (tables[b]!.createdAt > tables[a]!.createdAt ? 1 : -1));
      for (const id of ids.slice(MAX_REMEMBERED)) delete tables[id];
      return { playerId, tables };
    }
    default: return r;
  }
}

function load(): Remembered {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Remembered | null;
    if (raw !== null && typeof raw === 'object' && typeof raw.playerId === 'string' && typeof raw.tables === 'object' && raw.tables !== null) return raw;
  } catch { /* unreadable: start afresh */ }
  return NOTHING_REMEMBERED;
}

let remembered: Remembered = NOTHING_REMEMBERED;
const listeners = new Set<() => void>();
const followed = new WeakSet<ParlorClient>();

/** Starts remembering `client`'s tables (once per client; before the first welcome can arrive). */
export function rememberYourTables(client: ParlorClient): void {
  if (followed.has(client)) return;
  followed.add(client);
  const stored = load();
  client.onMessage((m) => {
    const next = foldRemembered(remembered, m, stored);
    if (next === remembered) return;
    remembered = next;
    try { localStorage.setItem(KEY, JSON.stringify(next)); } catch { /* full or blocked: kept for this page only */ }
    for (const l of listeners) l();
  });
}

/** The remembered tables of the player signed in, by id. */
export function useRememberedTables(): Readonly<Record<string, TableSummary>> {
  return useSyncExternalStore((fn) => { listeners.add(fn); return () => listeners.delete(fn); }, () => remembered.tables);
}
