import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParlorServer, configFromEnv, startServer } from '@parlor/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/index.js';

// `parlor mod grant|revoke|list` on the server's database: the account named becomes a moderator
// (the running server lets it read the report queue at once) and stops being one; unknown names
// and repeats are refused with a reason and status 1.

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => { for (const f of cleanup.splice(0).reverse()) await f(); vi.restoreAllMocks(); });

async function parlor(...args: string[]): Promise<{ status: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => { out.push(String(line)); });
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => { err.push(String(line)); });
  try {
    return { status: await main(['node', 'parlor', ...args]), out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

async function server(db: string): Promise<ParlorServer> {
  const s = await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath: db, botDelayMs: [0, 0], logLevel: 'silent' }, { logger: false });
  cleanup.push(() => s.close());
  return s;
}

describe('parlor mod', () => {
  it('grants and revokes an account, which the running server heeds at once; refuses unknown names and repeats', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'parlor-mod-')), 'parlor.db');
    const s = await server(db);
    const made = await fetch(`${s.url}/api/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Mona', password: 'a long password' }) });
    const { token } = await made.json() as { token: string };
    const queue = async () => (await fetch(`${s.url}/api/mod/reports`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await queue()).toBe(403);

    expect(await parlor('mod', 'list', '--db', db)).toMatchObject({ status: 0, out: ['no moderators'] });
    expect(await parlor('mod', 'grant', 'mona', '--db', db)).toMatchObject({ status: 0, out: [expect.stringContaining('Mona is a moderator now')] });
    expect(await queue()).toBe(200);
    expect(await parlor('mod', 'grant', 'Mona', '--db', db)).toMatchObject({ status: 1, err: [expect.stringContaining('a moderator already')] });
    const listed = await parlor('mod', 'list', '--db', db);
    expect(listed.status).toBe(0);
    expect(listed.out).toEqual([expect.stringMatching(/^Mona {2}since \d{4}-/)]);
    expect(await parlor('mod', 'grant', 'Nobody', '--db', db)).toMatchObject({ status: 1, err: [expect.stringContaining('no account is named "Nobody"')] });

    expect(await parlor('mod', 'revoke', 'Mona', '--db', db)).toMatchObject({ status: 0, out: [expect.stringContaining('no longer a moderator')] });
    expect(await queue()).toBe(403);
    expect(await parlor('mod', 'revoke', 'Mona', '--db', db)).toMatchObject({ status: 1, err: [expect.stringContaining('is not a moderator')] });
    expect((await parlor('mod', 'grant')).status).toBe(2); // the name is required
  });
});
