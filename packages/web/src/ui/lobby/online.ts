import type { ServerMessage } from '@parlor/protocol';
import { useEffect, useSyncExternalStore } from 'react';
import { type ApiResult, apiCall } from '../../net/api.js';
import type { ConnectionState, ParlorClient } from '../../net/client.js';

/**
 * What the lobby knows beside the store: how many players are online (the lobby reply's `online`,
 * then `lobby.online`) and the tables where the welcome said this player holds a seat (`seatedAt`,
 * so that "Your games" lists a private table after a reload too).
 */
export interface LobbyFacts {
  /** Players with an open connection, or null while not known (not connected, or no lobby watched yet). */
  readonly online: number | null;
  readonly seatedAt: readonly string[];
}

export const NO_FACTS: LobbyFacts = { online: null, seatedAt: [] };

/** Folds one server message, or a change of the connection, into the facts (pure). */
export function foldFacts(f: LobbyFacts, m: ServerMessage | { readonly type: 'connection'; readonly state: ConnectionState }): LobbyFacts {
  switch (m.type) {
    case 'welcome': return { ...f, seatedAt: m.seatedAt ?? [] };
    case 'lobby': return typeof m.online === 'number' ? { ...f, online: m.online } : f;
    case 'lobby.online': return { ...f, online: m.count };
    // Offline, the count is not known any more (the next lobby page brings it back).
    case 'connection': return m.state === 'open' ? f : f.online === null ? f : { ...f, online: null };
    default: return f;
  }
}

let facts: LobbyFacts = NO_FACTS;
const listeners = new Set<() => void>();
const followed = new WeakSet<ParlorClient>();

function set(next: LobbyFacts): void {
  if (next === facts) return;
  facts = next;
  for (const l of listeners) l();
}

/** Starts following `client`'s messages (once per client; call it before the connection opens). */
export function followLobbyFacts(client: ParlorClient): void {
  if (followed.has(client)) return;
  followed.add(client);
  client.onMessage((m) => set(foldFacts(facts, m)));
  client.onState((state) => set(foldFacts(facts, { type: 'connection', state })));
}

export function useLobbyFacts(): LobbyFacts {
  return useSyncExternalStore((fn) => { listeners.add(fn); return () => listeners.delete(fn); }, () => facts);
}

// ---- before hello: the count from the HTTP API ----

/** How often the first screen asks again while it shows the count from the API (ms). */
export const API_ONLINE_EVERY_MS = 60_000;

let apiOnline: number | null = null;
const apiListeners = new Set<() => void>();

/** The count `GET /api/online` gave (docs/api.md), or null when it gave none (refused, unreachable, not a count). */
export async function fetchOnline(get: (path: string) => Promise<ApiResult<unknown>> = (p) => apiCall('GET', p)): Promise<number | null> {
  const r = await get('/api/online');
  if (!r.ok) return null;
  const n = (r.value as { online?: unknown } | null)?.online;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * How many people are online for a visitor who has not said hello yet (no connection, so no lobby
 * count): asked of the HTTP API while `active`, again every API_ONLINE_EVERY_MS; null until known.
 * Once connected, the lobby's live count (useLobbyFacts) is the one to show.
 */
export function useOnlineBeforeHello(active: boolean): number | null {
  const count = useSyncExternalStore((fn) => { apiListeners.add(fn); return () => apiListeners.delete(fn); }, () => apiOnline);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const ask = () => void fetchOnline().then((n) => {
      if (!live || n === null || n === apiOnline) return;
      apiOnline = n;
      for (const l of apiListeners) l();
    });
    ask();
    const timer = setInterval(ask, API_ONLINE_EVERY_MS);
    return () => { live = false; clearInterval(timer); };
  }, [active]);
  return active ? count : null;
}
