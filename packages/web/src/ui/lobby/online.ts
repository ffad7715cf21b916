import type { ServerMessage } from '@parlor/protocol';
import { useSyncExternalStore } from 'react';
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
