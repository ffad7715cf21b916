import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountRow } from '../store/store.js';

/** How long a device stays known after it signed in. */
export const DEVICE_DAYS = 365;

/**
 * A known device (docs/operations.md, "Sessions and sign-in"): a browser the account signed in from
 * before. A successful sign-in (or password change) sets a cookie `parlor_device_<player id>` on
 * it: when it was issued and an HMAC-SHA256 of the player and that time, keyed by a hash of the
 * account's stored password hash — a secret only the server's database holds, the same for every
 * process of a cluster, and changed with the password (which forgets every device but the one that
 * changed it). It is sent back to `/api/sessions` only (HttpOnly, SameSite=Strict), for a year.
 * The cookie proves nothing alone: the password is still checked; it only lets its owner pass the
 * account's shared slow-down (sign-in-limits.ts).
 */
const cookieName = (playerId: string) => `parlor_device_${playerId}`;

function mac(account: AccountRow, issued: string): string {
  const key = createHash('sha256').update(`parlor device key|${account.password}`).digest();
  return createHmac('sha256', key).update(`device|${account.playerId}|${issued}`).digest('base64url');
}

/**
 * One cookie's value from a request's Cookie header. Written here rather than with the `cookie`
 * package (which declares Node 22): the only cookies read are this module's own, whose names and
 * values are base64url and digits, so a split on `;` and `=` reads them exactly.
 */
function cookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The id of the known device a request comes from, for `account` at `now`; null when it is not one. */
export function knownDevice(req: FastifyRequest, account: AccountRow, now: number): string | null {
  const value = cookie(req, cookieName(account.playerId));
  const m = value === null ? null : /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (m === null) return null;
  const issued = Number(m[1]);
  if (issued > now + 60_000 || now - issued > DEVICE_DAYS * 86_400_000) return null;
  const want = Buffer.from(mac(account, m[1]!));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? `${account.playerId}.${m[1]}` : null;
}

/** Makes the browser of `req` a known device of `account` (its password as stored now). */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, account: AccountRow, now: number): void {
  const issued = String(now);
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${cookieName(account.playerId)}=${issued}.${mac(account, issued)}; Max-Age=${DEVICE_DAYS * 86_400}; Path=/api/sessions; HttpOnly; SameSite=Strict${secure}`);
}
