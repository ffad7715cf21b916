import type { ApiErrorCode } from '@parlor/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { seenBy } from '../accounts/device-label.js';
import type { SessionChecks } from '../accounts/sessions.js';
import { hashToken } from '../identity.js';
import { RateLimit } from '../rate-limit.js';
import type { PlayerRow } from '../store/store.js';
import { StoreUnavailable } from '../store/store.js';

/** A refusal of the HTTP API: a status, a code and a sentence (docs/api.md). */
export class ApiRefusal extends Error {
  constructor(readonly status: number, readonly code: ApiErrorCode, message: string, readonly retryAfter?: number) { super(message); }
}

/** Sends a refusal, or a store fault as 503 STORE_UNAVAILABLE; anything else is rethrown (a 500, logged). */
export function refuse(reply: FastifyReply, e: unknown): FastifyReply {
  if (e instanceof StoreUnavailable) {
    return reply.code(503).header('retry-after', '5').send({ error: 'STORE_UNAVAILABLE', message: 'The server could not read or save just now; nothing was changed. Try again in a moment.' });
  }
  if (!(e instanceof ApiRefusal)) throw e;
  if (e.retryAfter !== undefined) reply.header('retry-after', String(Math.ceil(e.retryAfter)));
  return reply.code(e.status).send({ error: e.code, message: e.message });
}

/** The bearer token of a request, if any. */
export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S{1,200})$/i.exec(h.trim());
  return m === null ? null : m[1]!;
}

/** The player a request's bearer token belongs to (its session used now); UNAUTHORIZED without a valid one, SESSION_EXPIRED for an expired one. */
export async function caller(sessions: SessionChecks, req: FastifyRequest): Promise<{ player: PlayerRow; tokenHash: string }> {
  const token = bearer(req);
  if (token === null) throw new ApiRefusal(401, 'UNAUTHORIZED', 'Send your token as "Authorization: Bearer <token>".');
  const tokenHash = hashToken(token);
  const use = await sessions.use(tokenHash, seenBy(req));
  if (!use.ok && use.why === 'expired') {
    throw new ApiRefusal(401, 'SESSION_EXPIRED', `This sign-in went unused for over ${sessions.days} days and has expired; sign in again with your password.`);
  }
  if (!use.ok) throw new ApiRefusal(401, 'UNAUTHORIZED', 'That token is not known here (signed out?).');
  return { player: use.player, tokenHash };
}

/** Token buckets by key (an address, an account), forgotten once full again. */
export class Buckets {
  private readonly buckets = new Map<string, RateLimit>();
  constructor(private readonly burst: number, private readonly perSecond: number, private readonly now: () => number = Date.now) {}

  /** Takes one; false when the key is out of budget. */
  take(key: string): boolean {
    let b = this.buckets.get(key);
    if (b === undefined) this.buckets.set(key, (b = new RateLimit(this.burst, this.perSecond, this.now)));
    if (this.buckets.size > 10_000) for (const [k, v] of this.buckets) if (v.full()) this.buckets.delete(k);
    return b.take();
  }

  /** Seconds until one more is allowed. */
  wait(): number {
    return 1 / this.perSecond;
  }
}

/** Reads a JSON body against a zod schema; BAD_REQUEST naming the first problem. */
export function body<T>(schema: { safeParse(x: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, raw: unknown): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : '';
  throw new ApiRefusal(400, 'BAD_REQUEST', `Not a valid request${where}: ${issue?.message ?? 'unknown shape'}.`);
}
