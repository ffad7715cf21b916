import { PROTOCOL_ERRORS } from '@parlor/protocol';
import type { Connection } from './connection.js';
import type { Metrics } from './metrics.js';
import { LeaseLost, StoreUnavailable } from './store/store.js';
import { Refusal, type TableHost } from './table/types.js';

/**
 * What a message's failure tells its sender, as `error`: a refusal as it is; a store that could
 * not write as STORE_UNAVAILABLE (nothing happened, try again); a write refused for a lost lease as
 * TRY_AGAIN (the table is moving; `lost` lets it go); anything else as SERVER_ERROR, logged.
 */
export function refused(d: { readonly log: TableHost['log']; readonly metrics: Metrics; readonly lost: (tableId: string) => void },
  c: Connection, re: string | number | undefined, caught: unknown): void {
  if (caught instanceof LeaseLost) d.lost(caught.tableId);
  const e = caught instanceof StoreUnavailable
    ? new Refusal('STORE_UNAVAILABLE', `The server could not save just now (${caught.reason}); nothing was played or changed. Try again in a moment.`)
    : caught instanceof LeaseLost ? new Refusal('TRY_AGAIN', PROTOCOL_ERRORS.TRY_AGAIN) : caught;
  if (e instanceof Refusal && e.code === 'STORE_UNAVAILABLE') d.log.error({ err: caught }, 'the store is unavailable; a request was refused');
  if (e instanceof Refusal) {
    d.metrics.refused.inc({ code: e.code });
    c.send({ type: 'error', ...(re === undefined ? {} : { re }), code: e.code, message: e.message });
    return;
  }
  d.log.error({ err: e }, 'message handling failed');
  c.send({ type: 'error', ...(re === undefined ? {} : { re }), code: 'SERVER_ERROR', message: 'Something went wrong on the server; nothing was changed.' });
}
