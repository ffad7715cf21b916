import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { ACCOUNT_TABLES } from '../src/store/devices.js';
import type { Store } from '../src/store/store.js';
import { freshSchema, populate, skipPostgres } from './support/stores.js';

// What the account export reads (store/devices.ts): every table that names a player is in
// ACCOUNT_TABLES, read from the schema itself, so that a new one cannot be left out of the export;
// both stores give an account's rows, and its own only, without a secret.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => { for (const f of cleanups.splice(0).reverse()) await f(); });

/** A new SQLite file at the latest schema. */
async function sqliteFile(): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'parlor-export-')), 'parlor.db');
  await new SqliteStore(file).close();
  return file;
}

describe('the tables about a player', () => {
  it('every table with a column naming a player is exported, by that column', async () => {
    const db = new Database(await sqliteFile(), { readonly: true });
    cleanups.push(() => { db.close(); });
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    const byPlayer = tables.filter((t) =>
      (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(t) as { name: string }[]).some((c) => /(^|_)player_id$/.test(c.name)));
    expect(byPlayer.length).toBeGreaterThan(5);
    const exported = new Map(ACCOUNT_TABLES.map((t) => [t.table, t.by]));
    // Each such table is exported by its player column; `players` by its id; a tournament's entrants by their key;
    // reports by their reporter (a report about the account is the moderators' record, not the account's).
    for (const t of byPlayer) expect(exported.get(t), `table ${t} names a player but is not in ACCOUNT_TABLES`).toMatch(t === 'reports' ? /^reporter_id$/ : /player_id$/);
    // Tables that name players by other columns are exported by the account's own one.
    expect(exported.get('friend_requests')).toBe('from_id');
    expect(exported.get('players')).toBe('id');
    expect(exported.get('tournament_parts')).toBe('key');
    // Nothing exported that the schema does not have.
    for (const t of exported.keys()) expect(tables).toContain(t);
  });
});

const kinds: { name: string; skip: boolean; open(): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteStore(await sqliteFile()) },
  {
    name: 'PostgreSQL',
    skip: await skipPostgres('account-data.test.ts'),
    open: async () => {
      const schema = await freshSchema();
      cleanups.push(() => schema.drop());
      return PostgresStore.open(schema.url, { max: 2 });
    },
  },
];

describe.each(kinds)('$name', (kind) => {
  it.skipIf(kind.skip)("an account's rows, its own only, without token hashes, password hash or push keys", async () => {
    const store = await kind.open();
    cleanups.push(() => store.close());
    await populate(store);
    const data = await store.devices.accountData('ann');
    const text = JSON.stringify(data);
    expect(data.players).toEqual([expect.objectContaining({ id: 'ann', name: 'Ann' })]);
    expect(data.sessions!.map((s) => s.device).sort()).toEqual(['Firefox on Android', null]);
    expect(data.sessions![0]).not.toHaveProperty('token_hash');
    expect(data.player_games!.length).toBe(4);
    expect(data.ratings!.length).toBe(2);
    expect(data.rating_history!.length).toBe(2);
    expect(data.notify_accounts).toEqual([expect.objectContaining({ email: 'ann@example.org' })]);
    expect(data.push_subscriptions).toEqual([{ endpoint: 'https://push.example.org/ann-phone', player_id: 'ann', created_at: expect.any(String) }]);
    expect(data.vacations!.length).toBe(1);
    expect(data.mail_marks!.length).toBe(1);
    expect(data.digest_items!.length).toBe(1);
    expect(data.notify_tokens).toEqual([expect.not.objectContaining({ token_hash: expect.anything() })]);
    // Nobody else's rows, and no secret.
    expect(text).not.toMatch(/"bob"|"cy"|"dee"/);
    for (const secret of ['token-ann-phone', 'scrypt$ann', 'BPk', '"au"', 'f'.repeat(64)]) expect(text).not.toContain(secret);
    const ann = await store.playerById('ann');
    expect(text).not.toContain(ann!.tokenHash);
    // The devices of the list: the one described, the most recently used first.
    const devices = await store.devices.devicesOf('ann');
    expect(devices.map((d) => [d.tokenHash, d.device, d.place])).toEqual([['token-ann-phone', 'Firefox on Android', '203.0.113.0/24'], [ann!.tokenHash, null, null]]);
  });
});
