import { MAX_CHAT_LENGTH, PROTOCOL_ERRORS, type PlayerInfo, type ServerMessage } from '@parlor/protocol';
import type { Clock } from './clock.js';
import type { Connection } from './connection.js';
import { socialOf } from './social/social.js';
import type { Tables } from './tables.js';
import { type Client, Refusal } from './table/types.js';

/**
 * A chat line at a table, to everyone watching it. Watching a table (a private one with its
 * invite) is what lets one chat there; the text is plain: control and format characters become
 * spaces, and it is 1 to MAX_CHAT_LENGTH characters. The sender is named, marked if an account, with their avatar.
 */
export function chat(d: {
  readonly tables: Tables; readonly clock: Clock; readonly client: (id: string) => Client | undefined;
  /** The sender as others see them: name, account, avatar. */
  readonly who: (id: string) => PlayerInfo;
}, c: Connection, tableId: string, text: string): void {
  const t = d.tables.hosted.get(tableId);
  if (t === undefined || !c.watching.has(t.id)) throw new Refusal('UNKNOWN_TABLE', 'Watch the table before chatting there.');
  const clean = text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim();
  if (clean.length === 0 || clean.length > MAX_CHAT_LENGTH) throw new Refusal('BAD_MESSAGE', `A chat message has 1 to ${MAX_CHAT_LENGTH} characters.`);
  if (!c.chatLimit.take()) throw new Refusal('CHAT_LIMITED', PROTOCOL_ERRORS.CHAT_LIMITED);
  const msg: ServerMessage = { type: 'chat', tableId: t.id, from: d.who(c.playerId!), text: clean, at: new Date(d.clock.now()).toISOString() };
  // Not to those who blocked the sender or muted this chat (social/social.ts): the line never leaves the server for them.
  const social = socialOf(d.tables.store);
  for (const id of t.watchers) {
    const to = d.client(id);
    if (to !== undefined && social.hears(to.playerId, c.playerId!, t.id)) to.send(msg);
  }
}
