/**
 * A table started with friends in one step (docs/api.md, "A table with friends"): the `table.invite`s
 * that follow the `table.create` (lobby/create-message.ts), and the refusals kept for the table's
 * invite form (invitations/after-create.ts).
 */
import type { ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { forgetRefusals, inviteAfterCreate, refusalsFor } from '../src/ui/invitations/after-create.js';
import { inviteMessages } from '../src/ui/lobby/create-message.js';

describe('inviteMessages', () => {
  it('is one table.invite per friend, in the order chosen', () => {
    expect(inviteMessages('qym3uLnU', ['Bob', 'Cy'])).toEqual([
      { type: 'table.invite', tableId: 'qym3uLnU', name: 'Bob' },
      { type: 'table.invite', tableId: 'qym3uLnU', name: 'Cy' },
    ]);
  });
  it('names each once, as sign-in compares names, and skips blanks', () => {
    expect(inviteMessages('t1', ['Bob', ' bob ', '', '  ', 'ＢＯＢ', 'Cy']).map((m) => m.name)).toEqual(['Bob', 'Cy']);
  });
  it('is nothing for no friends', () => {
    expect(inviteMessages('t1', [])).toEqual([]);
  });
});

describe('inviteAfterCreate', () => {
  /** A client that answers each invite as `answers` says, and records what it was sent. */
  const fake = (answers: Record<string, ServerMessage>) => {
    const sent: unknown[] = [];
    return {
      sent,
      request: (m: { type: 'table.invite'; tableId: string; name: string }) => {
        sent.push(m);
        return Promise.resolve(answers[m.name] ?? ({ type: 'ok' } as unknown as ServerMessage));
      },
    };
  };
  const refusal = (code: string, message: string) => ({ type: 'error', code, message } as unknown as ServerMessage);

  it('sends every invitation, one after another, and keeps the refusals for the table', async () => {
    const client = fake({ Cy: refusal('INVITE_UNKNOWN', 'No account by that name.') });
    const refused = await inviteAfterCreate(client, 'tA', ['Bob', 'Cy', 'Dee']);
    expect(client.sent.map((m) => (m as { name: string }).name)).toEqual(['Bob', 'Cy', 'Dee']);
    expect(refused).toEqual([{ name: 'Cy', code: 'INVITE_UNKNOWN', message: 'No account by that name.' }]);
    expect(refusalsFor('tA')).toEqual(refused);
    expect(refusalsFor('tA')).toEqual(refused); // reading twice (a render run twice) loses nothing
    expect(refusalsFor('tB')).toEqual([]);
    forgetRefusals('tA');
    expect(refusalsFor('tA')).toEqual([]);
  });
  it('keeps nothing when every invitation went', async () => {
    const client = fake({});
    expect(await inviteAfterCreate(client, 'tC', ['Bob'])).toEqual([]);
    expect(refusalsFor('tC')).toEqual([]);
  });
});
