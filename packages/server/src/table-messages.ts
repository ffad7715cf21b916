import type { Connection, TableMessage } from './connection.js';
import type { Metrics } from './metrics.js';
import type { Sanctions } from './moderation/sanctions.js';
import type { Players } from './players.js';
import { refuseBlockedSeat, socialOf } from './social/social.js';
import type { Tables } from './tables.js';

/**
 * A message about a table hosted here, handed to the table as its input: watching (a private table
 * with its invite), sitting, acting, starting, leaving and coming back, replacing someone, bots.
 * `ok` answers a message that has no reply of its own. A player a moderator suspended is refused a
 * seat (a rated one only, for a suspension from rated play).
 */
export async function tableMessage(d: { readonly tables: Tables; readonly players: Players; readonly metrics: Metrics; readonly sanctions: Sanctions },
  c: Connection, playerId: string, msg: Exclude<TableMessage, { type: 'chat.send' | 'table.invite' }>, received: number, ok: (tableId?: string) => void): Promise<void> {
  const re = msg.id;
  if (msg.type === 'table.unwatch') {
    c.watching.delete(msg.tableId);
    await d.tables.hosted.get(msg.tableId)?.feed({ type: 'unwatch', watcher: c.id });
    return ok();
  }
  const invite = msg.type === 'table.watch' || msg.type === 'table.sit' ? msg.invite : undefined;
  const t = await d.tables.find(msg.tableId, invite, playerId);
  // A seat is refused across a block, either way; a watcher's blocks and mutes are read for the chat send loop.
  if (msg.type === 'table.sit' || msg.type === 'table.replace') await refuseBlockedSeat(d.tables.store, playerId, t.row);
  if (msg.type === 'table.watch' || msg.type === 'table.sit') await socialOf(d.tables.store).load(playerId);
  if (msg.type === 'table.sit' || msg.type === 'table.replace') await d.sanctions.maySit(playerId, t.row.rated === true);
  if (msg.type === 'table.sit') await d.players.reliability.load(d.tables.store, [playerId]); // a minimum to sit checks a fresh figure
  const person = d.players.person(playerId);
  switch (msg.type) {
    case 'table.watch':
      c.watching.add(t.id);
      return t.feed({ type: 'watch', watcher: c.id, player: playerId, person, ...(re === undefined ? {} : { re }) });
    case 'table.sit':
      await t.feed({ type: 'sit', player: playerId, person, seat: msg.seat, watcher: c.id });
      c.watching.add(t.id);
      break;
    case 'action':
      await t.feed({ type: 'act', player: playerId, seat: msg.seat, seq: msg.seq, action: msg.action });
      d.metrics.actionLatency.observe((performance.now() - received) / 1000);
      break;
    case 'table.start': case 'table.again': await t.start(playerId); break;
    case 'table.leave': await t.feed({ type: 'leave', player: playerId, seat: msg.seat }); break;
    case 'table.back': await t.feed({ type: 'back', player: playerId, seat: msg.seat }); break;
    case 'table.replace': await t.feed({ type: 'replace', player: playerId, seat: msg.seat }); break;
    case 'table.bot.add': await t.feed({ type: 'bot.add', player: playerId, seat: msg.seat, level: msg.level }); break;
    case 'table.bot.remove': await t.feed({ type: 'bot.remove', player: playerId, seat: msg.seat }); break;
  }
  ok(t.id);
}
