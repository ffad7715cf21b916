/**
 * An account's signed-in devices over HTTP (docs/api.md, "Devices and your data"): one per
 * session, named by an opaque id (never its token or the token's hash), with where and when,
 * roughly.
 */

/** One signed-in device (a session). */
export interface DeviceSession {
  /** Opaque and stable for the session; `DELETE /api/accounts/sessions/<id>` signs it out. */
  readonly id: string;
  /** Browser and system, roughly ("Firefox on Windows"); "Unknown device" when it did not say. */
  readonly device: string;
  /** Its address cut to the network (IPv4 /24, IPv6 /48), or "unknown". No map of places is used. */
  readonly place: string;
  /** When it signed in (ISO 8601). */
  readonly createdAt: string;
  /** When it was last used (ISO 8601), to within a few minutes. */
  readonly lastUsed: string;
  /** The session of the request that asked. */
  readonly current: boolean;
}

/** `GET /api/accounts/sessions`: the account's sessions, the most recently used first. */
export interface DeviceList {
  readonly sessions: readonly DeviceSession[];
}

/** `POST /api/accounts/sessions/end-others`: how many sessions were signed out. */
export interface SessionsEnded {
  readonly ended: number;
}
