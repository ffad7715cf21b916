/**
 * "Play now" and "Join an open table" sign in first (ui/lobby/play.ts, signedIn): with no server to
 * reach they say so at once — the browser offline, or a connection attempt that closes without a
 * welcome — instead of waiting out their 20 s, and the client is left trying in the background.
 */
import type { ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import type { ConnectionState, ParlorClient } from '../src/net/client.js';
import type { Store } from '../src/state/store.js';
import { type SignIn, signedIn } from '../src/ui/lobby/play.js';

/** A client whose connection the test drives: what it was asked to do, and its state and messages on demand. */
function fakeClient(token: string | null, state: ConnectionState = 'closed') {
  const states = new Set<(s: ConnectionState) => void>();
  const messages = new Set<(m: ServerMessage) => void>();
  const asked: string[] = [];
  const client = {
    state, token,
    onState: (fn: (s: ConnectionState) => void) => { states.add(fn); return () => states.delete(fn); },
    onMessage: (fn: (m: ServerMessage) => void) => { messages.add(fn); return () => messages.delete(fn); },
    start: (name?: string) => { asked.push(`start ${name}`); },
    signIn: () => { asked.push('reconnect'); },
  };
  return {
    client: client as unknown as ParlorClient,
    asked,
    becomes(s: ConnectionState) { client.state = s; for (const fn of [...states]) fn(s); },
    says(m: ServerMessage) { for (const fn of [...messages]) fn(m); },
  };
}
const store = { get: () => ({ player: null }) } as unknown as Store;

/** The sign-in's answer if it has one by now, else 'waiting'. */
async function answer(p: Promise<SignIn>): Promise<SignIn | 'waiting'> {
  return Promise.race([p, new Promise<'waiting'>((r) => { setTimeout(() => r('waiting'), 0); })]);
}

describe('signing in for a start (signedIn)', () => {
  it('a first visit whose connection closes without a welcome: unreachable at once', async () => {
    const c = fakeClient(null);
    const p = signedIn({ client: c.client, store }, 'Ada', () => true);
    expect(c.asked).toEqual(['start Ada']);
    c.becomes('connecting');
    expect(await answer(p)).toBe('waiting');
    c.becomes('closed');
    expect(await answer(p)).toBe('unreachable');
  });

  it('the browser offline: unreachable at once, the connection started all the same (it keeps trying)', async () => {
    const c = fakeClient(null);
    expect(await answer(signedIn({ client: c.client, store }, 'Ada', () => false))).toBe('unreachable');
    expect(c.asked).toEqual(['start Ada']);
  });

  it('a connection down between two tries is tried again now, and its welcome is the answer', async () => {
    const c = fakeClient('tok', 'closed');
    const p = signedIn({ client: c.client, store }, null, () => true);
    expect(c.asked).toEqual(['reconnect']);
    c.becomes('connecting');
    c.becomes('open');
    expect(await answer(p)).toBe('ok');
  });

  it('a hello refused for good is a refusal, not an unreachable server', async () => {
    const c = fakeClient(null);
    const p = signedIn({ client: c.client, store }, 'Ada', () => true);
    c.becomes('connecting');
    c.says({ type: 'error', code: 'NAME_TAKEN', message: 'taken' } as ServerMessage);
    c.becomes('closed');
    expect(await answer(p)).toBe('refused');
  });

  it('no name to start with: refused, and nothing is started', async () => {
    const c = fakeClient(null);
    expect(await answer(signedIn({ client: c.client, store }, null, () => true))).toBe('refused');
    expect(c.asked).toEqual([]);
  });
});
