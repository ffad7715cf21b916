import type { FastifyInstance } from 'fastify';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Clock } from '../clock.js';
import type { AccountData } from '../store/devices.js';
import type { Store } from '../store/store.js';
import { ApiRefusal, Buckets, caller, refuse } from './http.js';

/** `GET /api/accounts/export`'s body (docs/api.md, "Devices and your data"). */
export interface AccountExport {
  readonly format: 'parlor-account-export';
  readonly version: 1;
  readonly exportedAt: string;
  readonly player: { readonly id: string; readonly name: string };
  /** Every table's rows about the account, by table, secrets left out (store/devices.ts ACCOUNT_TABLES). */
  readonly tables: AccountData;
}

/**
 * The export of everything stored about an account, as a JSON download: its profile, sessions
 * (without their tokens' hashes), games, ratings and their history, notification settings and
 * address, push subscriptions (their endpoints), one-time links (without their hashes), vacations,
 * turn-based seats and tournaments entered. Never a secret: no token's hash, no password's hash, no
 * push keys. A few each hour: it reads every table.
 */
export function accountExportRoutes(app: FastifyInstance, d: { readonly store: Store; readonly sessions: SessionChecks; readonly clock: Clock }): void {
  const exports = new Buckets(3, 1 / 600, () => d.clock.now());

  app.get('/api/accounts/export', async (req, reply) => {
    try {
      const { player } = await caller(d.sessions, req);
      if (!player.accountSince) throw new ApiRefusal(403, 'ACCOUNT_REQUIRED', 'The export is for accounts: claim your name first.');
      if (!exports.take(player.id)) throw new ApiRefusal(429, 'RATE_LIMITED', `Too many exports lately. Try again in ${Math.ceil(exports.wait())} s.`, exports.wait());
      const body: AccountExport = {
        format: 'parlor-account-export', version: 1, exportedAt: new Date(d.clock.now()).toISOString(),
        player: { id: player.id, name: player.name }, tables: await d.store.devices.accountData(player.id),
      };
      return reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="parlor-account.json"')
        .type('application/json; charset=utf-8').send(JSON.stringify(body, null, 2));
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
