import { apiCall } from '../../net/api.js';

/** A friend as `GET /api/friends` lists them: online anywhere, and the open table they sit at. */
export interface Friend {
  readonly name: string; readonly online: boolean;
  /** Where they sit, with a private table's invite when the caller may open it. */
  readonly table?: { readonly id: string; readonly game: string; readonly invite?: string };
}
/** A request or a block: whom, and since when (ms since the epoch). */
export interface Named { readonly name: string; readonly at: number }
export interface FriendLists { readonly friends: readonly Friend[]; readonly incoming: readonly Named[]; readonly outgoing: readonly Named[] }
/** A refused call, as the error text component shows it. */
export type Refusal = { readonly code: string; readonly retryAfter: number | null };

const seg = encodeURIComponent;

/** The calls of docs/api.md, "Friends" and "Blocking and muting". */
export const friendsApi = {
  friends: (token: string) => apiCall<FriendLists>('GET', '/api/friends', { token }),
  blocks: (token: string) => apiCall<{ blocked: Named[] }>('GET', '/api/blocks', { token }),
  mutes: (token: string) => apiCall<{ muted: string[] }>('GET', '/api/chat-mutes', { token }),
  ask: (token: string, name: string) => apiCall<{ status: string }>('POST', '/api/friends/requests', { token, body: { name } }),
  accept: (token: string, name: string) => apiCall<unknown>('POST', `/api/friends/requests/${seg(name)}/accept`, { token }),
  decline: (token: string, name: string) => apiCall<unknown>('POST', `/api/friends/requests/${seg(name)}/decline`, { token }),
  withdraw: (token: string, name: string) => apiCall<unknown>('DELETE', `/api/friends/requests/${seg(name)}`, { token }),
  remove: (token: string, name: string) => apiCall<unknown>('DELETE', `/api/friends/${seg(name)}`, { token }),
  block: (token: string, name: string) => apiCall<unknown>('PUT', `/api/blocks/${seg(name)}`, { token }),
  unblock: (token: string, name: string) => apiCall<unknown>('DELETE', `/api/blocks/${seg(name)}`, { token }),
  muteAll: (token: string, on: boolean) => apiCall<unknown>(on ? 'PUT' : 'DELETE', '/api/chat-mutes/all', { token }),
  /** Mutes (`on`) or unmutes one table's chat for this player, a guest's too. */
  muteTable: (token: string, tableId: string, on: boolean) => apiCall<unknown>(on ? 'PUT' : 'DELETE', `/api/chat-mutes/${seg(tableId)}`, { token }),
};
