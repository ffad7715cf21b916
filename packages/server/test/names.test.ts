import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMessage } from '@parlor/protocol';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { nameKey, nameSkeletons } from '../src/accounts/names.js';
import { copySqliteToPostgres } from '../src/store/copy.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { serverPerTest } from './support/per-test.js';
import { type TestSchema, addGuest, at, freshSchema, skipPostgres } from './support/stores.js';

// Names that cannot impersonate: a guest may not take a name that could be mistaken for an
// account's (UTS #39 skeletons, with case, normalisation, accents and end punctuation), nor may an
// account be made with one; distinct names in other scripts stay distinct.

const { start, server, anonymous, connect } = serverPerTest();

/** Lookalikes of `Alice`: Cyrillic і, a combining acute, a trailing dot, a capital I for the l, a digit 1, a full stop of CJK text, a middle dot first. */
const ALICE_LOOKALIKES = ['Al\u0456ce', 'Ali\u0301ce', 'Alice.', 'AIice', 'A1ice', 'Alice\u3002', '\u00b7Alice', 'Ａlіcе'];

/** Distinct names people have, in Japanese, Korean and Polish, pairs that differ by a little. */
const DISTINCT = [
  ['ゆうき', 'ゆうぎ'], ['はな', 'ばな'], ['ぱん', 'ばん'], ['さくら', 'さくや'],
  ['김민준', '김민지'], ['이서연', '이서윤'], ['박지훈', '박지환'],
  ['Małgorzata', 'Małgosia'], ['Zofia', 'Zosia'], ['Wojciech', 'Grzegorz'], ['Łucja', 'Łukasz'],
] as const;

const similar = (a: string, b: string) => {
  const x = nameSkeletons(a);
  const y = nameSkeletons(b);
  return x.folded === y.folded || x.cased === y.cased;
};

describe('skeletons', () => {
  it('a lookalike of a name shares a skeleton with it; the same name under case and width shares both', () => {
    for (const n of ALICE_LOOKALIKES) expect(similar(n, 'Alice'), n).toBe(true);
    expect(nameSkeletons('ALICE').folded).toBe(nameSkeletons('Alice').folded);
    expect(nameSkeletons('Ａｌｉｃｅ')).toEqual(nameSkeletons('Alice'));
    // Zero-width characters are nothing; a Polish ł is an l with a stroke; the ends' punctuation goes.
    expect(nameSkeletons('Al\u200bice')).toEqual(nameSkeletons('Alice'));
    expect(similar('Łukasz', 'Lukasz')).toBe(true);
    expect(similar('Bob!', 'Bob')).toBe(true);
    // Japanese katakana カ and the kanji 力 look the same.
    expect(similar('カイ', '力イ')).toBe(true);
  });

  it('distinct names, in any script, are not confused', () => {
    for (const [a, b] of DISTINCT) expect(similar(a, b), `${a} / ${b}`).toBe(false);
    expect(similar('Alice', 'Alicia')).toBe(false);
    expect(similar('Ann', 'Anna')).toBe(false);
    expect(similar('Al', 'Ali')).toBe(false);
    // A name of punctuation alone keeps it (it is not the empty name).
    expect(similar('...', '!!!')).toBe(false);
  });
});

describe('over the wire', () => {
  async function call(method: string, path: string, body: unknown, token?: string) {
    const res = await fetch(`${server().url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text === '' ? {} : JSON.parse(text)) as { error?: string; message?: string } };
  }

  it('a guest cannot take a lookalike of an account name, new or as a rename; the same name is NAME_TAKEN', async () => {
    await start();
    expect((await call('POST', '/api/accounts', { name: 'Alice', password: 'long enough pw' })).status).toBe(201);
    for (const name of ALICE_LOOKALIKES) {
      const refused = await (await anonymous()).request({ type: 'hello', name });
      expect(refused, name).toMatchObject({ type: 'error', code: 'NAME_LOOKALIKE' });
      expect((refused as { message: string }).message).toContain('"Alice"');
    }
    expect(await (await anonymous()).request({ type: 'hello', name: 'alice' })).toMatchObject({ type: 'error', code: 'NAME_TAKEN' });
    // A guest renaming with their token: refused, and their name stays.
    const guest = await connect('Bob');
    const again = await anonymous();
    expect(await again.request({ type: 'hello', token: guest.token!, name: 'Al\u0456ce' })).toMatchObject({ type: 'error', code: 'NAME_LOOKALIKE' });
    expect(await (await anonymous()).request({ type: 'hello', token: guest.token! })).toMatchObject({ type: 'welcome', player: { name: 'Bob' } });
    // Names that only resemble it a little are anyone's.
    for (const name of ['Alicia', 'Alina', 'Ali']) expect(await (await anonymous()).request({ type: 'hello', name }), name).toMatchObject({ type: 'welcome' });
  });

  it('an account cannot be made, nor a guest claim one, with a lookalike of another account; deleting the account frees it', async () => {
    await start();
    const alice = await call('POST', '/api/accounts', { name: 'Alice', password: 'long enough pw' });
    expect(alice.status).toBe(201);
    for (const name of ALICE_LOOKALIKES) {
      const r = await call('POST', '/api/accounts', { name, password: 'long enough pw' });
      expect(r, name).toMatchObject({ status: 409, json: { error: 'NAME_LOOKALIKE' } });
      expect(r.json.message).toContain('"Alice"');
    }
    expect(await call('POST', '/api/accounts', { name: 'ALICE', password: 'long enough pw' })).toMatchObject({ status: 409, json: { error: 'NAME_TAKEN' } });
    // A guest under another name claims it as a lookalike: refused, and still a guest.
    const bob = await connect('Bob');
    expect(await call('POST', '/api/accounts', { name: 'Alice.', password: 'long enough pw' }, bob.token!)).toMatchObject({ status: 409, json: { error: 'NAME_LOOKALIKE' } });
    expect((await (await fetch(`${server().url}/api/me`, { headers: { authorization: `Bearer ${bob.token!}` } })).json())).toMatchObject({ name: 'Bob', account: false });
    // Once Alice's account is deleted, the lookalike is free.
    const token = (alice.json as { token?: string }).token!;
    expect((await call('DELETE', '/api/accounts', { password: 'long enough pw' }, token)).status).toBe(204);
    expect(await (await anonymous()).request({ type: 'hello', name: 'Al\u0456ce' })).toMatchObject({ type: 'welcome' });
  });

  it('names in other scripts make accounts and guests, and similar-looking but different ones are not refused', async () => {
    await start({ guestsPerAddressPerHour: 1000 });
    // Guests claim them (claims are not counted against the address's new accounts).
    for (const [a] of DISTINCT) {
      const guest = await connect(a);
      expect((await call('POST', '/api/accounts', { name: a, password: 'long enough pw' }, guest.token!)).status, a).toBe(201);
    }
    for (const [, b] of DISTINCT) expect(await (await anonymous()).request({ type: 'hello', name: b }), b).toMatchObject({ type: 'welcome', player: { name: b } });
    // And each account's own lookalike is refused in its script too: Cyrillic а for Latin a in a Polish name.
    expect(await (await anonymous()).request({ type: 'hello', name: 'M\u0430łgorzata' })).toMatchObject({ type: 'error', code: 'NAME_LOOKALIKE' });
  });
});

describe('accounts are marked where players see each other', () => {
  it('a seat and a chat line say whether their player is an account', async () => {
    await start();
    const bob = await connect('Bob');
    const created = await fetch(`${server().url}/api/accounts`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Alice', password: 'long enough pw' }),
    });
    const { token } = await created.json() as { token: string };
    const alice = await anonymous();
    expect(await alice.request({ type: 'hello', token })).toMatchObject({ type: 'welcome', account: true });
    const t = await bob.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    expect(await alice.request({ type: 'table.watch', tableId: t.table.id })).toMatchObject({ type: 'table' });
    const seated = bob.waitFor((m) => m.type === 'table' && m.table.seats[1]?.kind === 'player');
    expect(await alice.request({ type: 'table.sit', tableId: t.table.id, seat: 1 })).toMatchObject({ type: 'ok' });
    const seats = (await seated as Extract<ServerMessage, { type: 'table' }>).table.seats;
    expect(seats[0]).toMatchObject({ kind: 'player', player: { name: 'Bob', account: false } });
    expect(seats[1]).toMatchObject({ kind: 'player', player: { name: 'Alice', account: true } });
    const line = bob.waitFor((m) => m.type === 'chat' && m.from.name === 'Alice');
    expect(await alice.request({ type: 'chat.send', tableId: t.table.id, text: 'hello' })).toMatchObject({ type: 'ok' });
    expect(await line).toMatchObject({ type: 'chat', from: { name: 'Alice', account: true } });
    const own = alice.waitFor((m) => m.type === 'chat' && m.from.name === 'Bob');
    expect(await bob.request({ type: 'chat.send', tableId: t.table.id, text: 'hi' })).toMatchObject({ type: 'ok' });
    expect(await own).toMatchObject({ type: 'chat', from: { name: 'Bob', account: false } });
  });
});

/** The store keeps each skeleton for one account, and computes the skeletons of accounts it has none for. */
const kinds: { name: string; skip: boolean; fresh(): Promise<{ open(): Promise<Store>; sql(text: string): Promise<unknown>; drop(): Promise<void> }> }[] = [
  {
    name: 'SQLite', skip: false,
    fresh: async () => {
      const db = join(mkdtempSync(join(tmpdir(), 'parlor-names-')), 'parlor.db');
      return {
        open: async () => new SqliteStore(db),
        sql: async (text) => {
          const d = new Database(db);
          try { d.exec(text); } finally { d.close(); }
        },
        drop: async () => {},
      };
    },
  },
  {
    name: 'PostgreSQL', skip: await skipPostgres('names.test.ts'),
    fresh: async () => {
      const schema: TestSchema = await freshSchema();
      return { open: () => PostgresStore.open(schema.url, { max: 2 }), sql: (text) => schema.query(text), drop: () => schema.drop() };
    },
  },
];

describe.each(kinds)('$name store', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => { for (const f of cleanup.splice(0).reverse()) await f(); });
  async function fresh() {
    const db = await kind.fresh();
    cleanup.push(() => db.drop());
    const store = await db.open();
    cleanup.push(() => store.close());
    return { db, store };
  }
  const claim = (store: Store, id: string, name: string, t: number) => store.claimAccount(id, name, nameKey(name), 'scrypt$x', at(t));

  it.skipIf(kind.skip)('a claim of a lookalike fails whole, even past the check; the account found is the one it resembles', async () => {
    const { store } = await fresh();
    for (const id of ['ann', 'bob']) await addGuest(store, id);
    expect(await claim(store, 'ann', 'Alice', 1)).toBe(true);
    expect(await claim(store, 'bob', 'Al\u0456ce', 2)).toBe(false);
    expect(await store.accountOf('bob')).toBeNull();
    expect(await store.playerById('bob')).toMatchObject({ name: 'bob' });
    expect(await store.accountLike('Alice.')).toMatchObject({ playerId: 'ann', name: 'Alice' });
    expect(await store.accountLike('Alicia')).toBeNull();
    await store.deleteAccount('ann', 'deleted player', at(3));
    expect(await store.accountLike('Alice.')).toBeNull();
    expect(await claim(store, 'bob', 'Al\u0456ce', 4)).toBe(true);
  });

  it.skipIf(kind.skip)('of two lookalike claims made at once through two stores on one database, one is made', async () => {
    const { db, store } = await fresh();
    const other = await db.open();
    cleanup.push(() => other.close());
    for (let round = 0; round < 5; round++) {
      const [a, b] = [`a${round}`, `b${round}`];
      await addGuest(store, a);
      await addGuest(store, b);
      const name = `Round${round}`;
      const made = await Promise.all([claim(store, a, name, 10 + round), claim(other, b, name.replace('o', '\u043e'), 10 + round)]);
      expect(made.filter(Boolean), name).toHaveLength(1);
    }
  });

  it.skipIf(kind.skip)('accounts without skeletons (made before them) get them when the store opens, lookalikes made before included', async () => {
    const { db, store } = await fresh();
    for (const id of ['ann', 'bob', 'cy']) await addGuest(store, id);
    expect(await claim(store, 'ann', 'Alice', 1)).toBe(true);
    expect(await claim(store, 'cy', 'Cyril', 3)).toBe(true);
    await store.close();
    // As a database of migration 6 had them: no skeletons, and two accounts that are lookalikes.
    await db.sql("DELETE FROM name_skeletons; DELETE FROM meta WHERE key = 'name_skeletons'; "
      + `UPDATE players SET name = 'Al\u0456ce', name_key = 'al\u0456ce', password = 'x', account_since = '${at(2)}' WHERE id = 'bob'`);
    const reopened = await db.open();
    cleanup.push(() => reopened.close());
    // The oldest of the lookalikes is named; the other keeps its keys, so it stays protected when Ann's account goes.
    expect(await reopened.accountLike('Alice.')).toMatchObject({ playerId: 'ann' });
    expect(await reopened.accountLike('Cyr\u0456l')).toMatchObject({ playerId: 'cy' });
    await reopened.deleteAccount('ann', 'deleted player', at(5));
    expect(await reopened.accountLike('Alice')).toMatchObject({ playerId: 'bob', name: 'Al\u0456ce' });
    await addGuest(reopened, 'dee');
    expect(await claim(reopened, 'dee', 'ALICE', 6)).toBe(false);
  });
});

describe.skipIf(await skipPostgres('names.test.ts'))('parlor db copy', () => {
  it('a copy to PostgreSQL gets its accounts\' skeletons when a server first opens it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'parlor-names-copy-')), 'parlor.db');
    const sqlite = new SqliteStore(file);
    await addGuest(sqlite, 'ann');
    expect(await sqlite.claimAccount('ann', 'Alice', nameKey('Alice'), 'scrypt$x', at(1))).toBe(true);
    await sqlite.close();
    const schema = await freshSchema();
    try {
      await copySqliteToPostgres(file, schema.url);
      const pg = await PostgresStore.open(schema.url, { max: 2 });
      try {
        expect(await pg.accountLike('Al\u0456ce')).toMatchObject({ playerId: 'ann', name: 'Alice' });
      } finally {
        await pg.close();
      }
    } finally {
      await schema.drop();
    }
  });
});
