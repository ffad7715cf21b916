import type { ClientMessage } from '@parlor/protocol';
import type { TableMode } from './create-message.js';

/** The lobby's mode filter: every table, only real-time ones, or only turn-based ones (the server filters, page by page). */
export type LobbyMode = 'all' | TableMode;
export const LOBBY_MODES: readonly LobbyMode[] = ['all', 'live', 'turn-based'];

type Watch = Omit<Extract<ClientMessage, { type: 'lobby.watch' }>, 'id'>;

/**
 * The `lobby.watch` for a filter, and for the page after `cursor`: a further page must be asked
 * under the same filter, or the server starts the watch afresh.
 */
export function lobbyWatch(mode: LobbyMode, cursor?: string): Watch {
  return { type: 'lobby.watch', ...(mode === 'all' ? {} : { mode }), ...(cursor === undefined ? {} : { cursor }) };
}
