import type {
  ApiErrorCode, GameExport, GamesPage, Leaderboard, PlayerProfile, RatingMode, SessionReply, TournamentDetail, TournamentRequest, TournamentsPage, YourTurns,
} from '@parlor/protocol';

/**
 * The HTTP API (docs/api.md) from the browser: JSON over `/api/…` on the page's own origin, with the
 * player's token as a bearer token where it matters. Every call resolves to a value or to a refusal
 * with the API's code (`NETWORK` when no reply came), never throws.
 */
export type ApiResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ApiErrorCode | 'NETWORK'; readonly message: string; readonly retryAfter: number | null };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request; `token` adds `Authorization: Bearer …`. A 204 resolves to `undefined`. */
export async function apiCall<T>(method: Method, path: string, opts: { body?: unknown; token?: string | null } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }) });
  } catch (e) {
    return { ok: false, code: 'NETWORK', message: (e as Error).message, retryAfter: null };
  }
  if (res.status === 204) return { ok: true, value: undefined as T };
  let json: unknown = null;
  try { json = await res.json(); } catch { json = null; }
  if (res.ok) return { ok: true, value: json as T };
  const err = typeof json === 'object' && json !== null ? (json as { error?: unknown; message?: unknown }) : {};
  const retry = Number(res.headers.get('retry-after'));
  return {
    ok: false,
    code: typeof err.error === 'string' ? (err.error as ApiErrorCode) : 'NETWORK',
    message: typeof err.message === 'string' ? err.message : res.statusText,
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
  };
}

const q = (params: Record<string, string | null | undefined>): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') s.set(k, v);
  const out = s.toString();
  return out === '' ? '' : `?${out}`;
};
const seg = encodeURIComponent;

/** The HTTP API's calls, one function each (the reply types are `@parlor/protocol`'s). */
export const api = {
  /** Claims the guest `token` belongs to as an account (or makes a new one without a token). */
  claim: (name: string, password: string, token: string | null) =>
    apiCall<SessionReply>('POST', '/api/accounts', { body: { name, password }, token }),
  signIn: (name: string, password: string) => apiCall<SessionReply>('POST', '/api/sessions', { body: { name, password } }),
  signOut: (token: string) => apiCall<void>('DELETE', '/api/sessions', { token }),
  changePassword: (token: string, password: string, newPassword: string) =>
    apiCall<void>('POST', '/api/accounts/password', { body: { password, newPassword }, token }),
  /** The account's avatar: one of `AVATARS`, or null for the pattern of its id. */
  setAvatar: (token: string, avatar: string | null) => apiCall<void>('PUT', '/api/accounts/avatar', { body: { avatar }, token }),
  /** Whether the account is a program playing through the protocol (a bot account). */
  setBot: (token: string, bot: boolean) => apiCall<void>('PUT', '/api/accounts/bot', { body: { bot }, token }),
  deleteAccount: (token: string, password: string) => apiCall<void>('DELETE', '/api/accounts', { body: { password }, token }),
  profile: (name: string, token: string | null) => apiCall<PlayerProfile>('GET', `/api/players/${seg(name)}`, { token }),
  playerGames: (name: string, cursor: string | null, token: string | null) =>
    apiCall<GamesPage>('GET', `/api/players/${seg(name)}/games${q({ cursor })}`, { token }),
  myGames: (cursor: string | null, token: string) => apiCall<GamesPage>('GET', `/api/me/games${q({ cursor })}`, { token }),
  /** This player's running turn-based tables, your move first (docs/api.md, "Your turn-based tables"). */
  myTurns: (token: string) => apiCall<YourTurns>('GET', '/api/me/turns', { token }),
  /** A game's board of real-time ratings, or of its turn-based ones (`mode`, docs/api.md "Ratings"). */
  leaderboard: (game: string, cursor: string | null, mode: RatingMode = 'live') =>
    apiCall<Leaderboard>('GET', `/api/leaderboard/${seg(game)}${q({ cursor, mode: mode === 'live' ? null : mode })}`),
  /** A finished game's export; a private table's with its invite or a player's token. */
  game: (tableId: string, gameNo: number, invite: string | null, token: string | null) =>
    apiCall<GameExport>('GET', `/api/games/${seg(tableId)}/${gameNo}${q({ invite })}`, { token }),
  /** Public tournaments by status (docs/api.md, "Tournaments"): upcoming and running soonest first, finished latest first. */
  tournaments: (status: 'upcoming' | 'running' | 'finished', cursor: string | null, limit: number | null = null) =>
    apiCall<TournamentsPage>('GET', `/api/tournaments${q({ status, cursor, limit: limit === null ? null : String(limit) })}`),
  /** One tournament; a private one with its invite, or to its members by their token. */
  tournament: (id: string, invite: string | null, token: string | null) =>
    apiCall<TournamentDetail>('GET', `/api/tournaments/${seg(id)}${q({ invite })}`, { token }),
  createTournament: (token: string, request: TournamentRequest) => apiCall<{ id: string }>('POST', '/api/tournaments', { body: request, token }),
  joinTournament: (token: string, id: string, invite: string | null) =>
    apiCall<void>('POST', `/api/tournaments/${seg(id)}/join`, { body: invite === null ? {} : { invite }, token }),
  leaveTournament: (token: string, id: string) => apiCall<void>('POST', `/api/tournaments/${seg(id)}/leave`, { body: {}, token }),
};

/** The page of a finished game (its replay), with the invite of a private table when known. */
export function replayHref(tableId: string, gameNo: number, invite: string | null = null, at: number | null = null): string {
  return `/games/${seg(tableId)}/${gameNo}${q({ invite, at: at === null ? null : String(at) })}`;
}

export const profileHref = (name: string): string => `/players/${seg(name)}`;
export const leaderboardHref = (game: string, mode: RatingMode = 'live'): string => `/leaderboard/${seg(game)}${q({ mode: mode === 'live' ? null : mode })}`;
/** A tournament's page, with a private one's invite when known. */
export const tournamentHref = (id: string, invite: string | null = null): string => `/tournaments/${seg(id)}${q({ invite })}`;
