import type { ServerMessage } from '@parlor/protocol';
import { inviteMessages } from '../lobby/create-message.js';

/** An invitation the server refused: to whom, its code and its sentence. */
export interface InviteRefusal { readonly name: string; readonly code: string; readonly message: string }

/** Refusals of the invitations sent with a new table, by table id, until its invite form shows them. */
const waiting = new Map<string, InviteRefusal[]>();

/**
 * Invites `names` to the table just made, one `table.invite` after another through `client`, and
 * keeps the refusals for the table's invite form to show (`refusalsFor`), so that none is lost
 * when the page moves to the table. Resolves with the refusals.
 */
export async function inviteAfterCreate(client: { request(m: ReturnType<typeof inviteMessages>[number]): Promise<ServerMessage> },
  tableId: string, names: readonly string[]): Promise<InviteRefusal[]> {
  const refused: InviteRefusal[] = [];
  for (const m of inviteMessages(tableId, names)) {
    const r = await client.request(m);
    if (r.type === 'error') refused.push({ name: m.name, code: r.code, message: r.message });
  }
  if (refused.length > 0) waiting.set(tableId, [...(waiting.get(tableId) ?? []), ...refused]);
  return refused;
}

/** The refusals kept for `tableId` (read while rendering, so several reads give the same). */
export function refusalsFor(tableId: string): readonly InviteRefusal[] {
  return waiting.get(tableId) ?? [];
}

/** Forgets the refusals kept for `tableId`, once shown. */
export function forgetRefusals(tableId: string): void {
  waiting.delete(tableId);
}
