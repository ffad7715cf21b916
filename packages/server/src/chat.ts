import { MAX_CHAT_LENGTH, PROTOCOL_ERRORS, type PlayerInfo, type ServerMessage } from '@parlor/protocol';
import type { Clock } from './clock.js';
import type { Connection } from './connection.js';
import { timeOrderedId } from './moderation/ids.js';
import type { LiveModeration } from './moderation/live.js';
import { socialOf } from './social/social.js';
import type { Tables } from './tables.js';
import { type Client, Refusal } from './table/types.js';

/**
 * A chat line at a table, to everyone watching it. Watching a table (a private one with its
 * invite) is what lets one chat there; the text is plain: control and format characters become
 * spaces, and it is 1 to MAX_CHAT_LENGTH characters. The sender is named, marked if an account, with their avatar.
 * A player a moderator muted is refused (CHAT_MUTED). Each line is stored before it is sent, with
 * the id the message carries, so that a report of it holds the very words (moderation/evidence.ts).
 */
export async function chat(d: {
  readonly tables: Tables; readonly clock: Clock; readonly client: (id: string) => Client | undefined;
  /** The sender as others see them: name, account, avatar. */
  readonly who: (id: string) => PlayerInfo;
  readonly moderation: Pick<LiveModeration, 'lines' | 'sanctions'>;
}, c: Connection, tableId: string, text: string): Promise<void> {
  const t = d.tables.hosted.get(tableId);
  if (t === undefined || !c.watching.has(t.id)) throw new Refusal('UNKNOWN_TABLE', 'Watch the table before chatting there.');
  const clean = text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim();
  if (clean.length === 0 || clean.length > MAX_CHAT_LENGTH) throw new Refusal('BAD_MESSAGE', `A chat message has 1 to ${MAX_CHAT_LENGTH} characters.`);
  await d.moderation.sanctions.mayChat(c.playerId!);
  if (!c.chatLimit.take()) throw new Refusal('CHAT_LIMITED', PROTOCOL_ERRORS.CHAT_LIMITED);
  const from = d.who(c.playerId!);
  const at = d.clock.now();
  const lineId = timeOrderedId(at);
  await d.moderation.lines.addChatLine({ id: lineId, tableId: t.id, playerId: c.playerId!, name: from.name, text: clean, at });
  const msg: ServerMessage = { type: 'chat', id: lineId, tableId: t.id, from, text: clean, at: new Date(at).toISOString() };
  // Not to those who blocked the sender or muted this chat (social/social.ts): the line never leaves the server for them.
  const social = socialOf(d.tables.store);
  for (const id of t.watchers) {
    const to = d.client(id);
    if (to !== undefined && social.hears(to.playerId, c.playerId!, t.id)) to.send(msg);
  }
}
