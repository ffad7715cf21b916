import type { ClientMessage } from '@parlor/protocol';
import { newTableRow } from '@parlor/table';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Connection } from './connection.js';
import { randomId } from './identity.js';
import type { AddressLimits } from './limits.js';
import type { Players } from './players.js';
import { socialOf } from './social/social.js';
import type { Tables } from './tables.js';
import { Refusal } from './table/types.js';

/**
 * A new table, within the limits (a player's open tables, an address's, the server's), made by
 * the table core's rules for a new table; its creator watches it and is told it.
 */
export async function createTable(d: { readonly config: ServerConfig; readonly clock: Clock; readonly players: Players; readonly tables: Tables; readonly limits: AddressLimits },
  c: Connection, playerId: string, msg: Extract<ClientMessage, { type: 'table.create' }>): Promise<void> {
  const { config } = d;
  const mine = d.tables.unfinishedBy(playerId);
  if (mine >= config.maxOpenTablesPerPlayer) {
    throw new Refusal('TOO_MANY_TABLES', `You already have ${mine} open tables (at most ${config.maxOpenTablesPerPlayer}); finish or leave one first.`);
  }
  if (d.limits.tablesOf(c.address) >= config.maxTablesPerAddress) {
    throw new Refusal('TOO_MANY_TABLES', `Too many unfinished tables were created from your address (at most ${config.maxTablesPerAddress}).`);
  }
  const open = d.tables.openCount();
  if (open >= config.maxOpenTables) {
    throw new Refusal('SERVER_FULL', `The server has ${open} tables waiting for players, its most; join one of them, or try again later.`);
  }
  const made = newTableRow(msg, { id: randomId(6), invite: randomId(12), creator: playerId, account: d.players.isAccount(playerId), now: d.clock.now() });
  if (!made.ok) throw new Refusal(made.refusal.code, made.refusal.message);
  const t = await d.tables.create(made.row);
  d.limits.addTable(c.address, t.id);
  // The creator watches: their blocks and mutes are read for the chat send loop (social/social.ts).
  await socialOf(d.tables.store).load(playerId);
  c.watching.add(t.id);
  await t.feed({ type: 'watch', watcher: c.id, player: playerId, person: d.players.person(playerId), ...(msg.id === undefined ? {} : { re: msg.id }) });
}
