import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/index.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { type CheckpointDone, Checkpoints } from '../src/store/sqlite/checkpoints.js';

// SQLite's write-ahead log is checkpointed by a thread of its own (store/sqlite/checkpoints.ts):
// the main connection's commits never do it (it would stall the event loop), the thread moves
// every frame into the database file, a thread that cannot run hands checkpointing back to the
// main connection with a warning, and a stop asked for does not.

const file = () => join(mkdtempSync(join(tmpdir(), 'parlor-ckpt-')), 'parlor.db');
const walDb = (path: string) => {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, body TEXT)');
  return db;
};
const autoCheckpoint = (db: Database.Database) => db.pragma('wal_autocheckpoint', { simple: true });

describe('checkpoints by a thread', () => {
  it("the main connection's commits do not checkpoint; the thread moves every frame into the file", async () => {
    const path = file();
    const db = walDb(path);
    const warnings: string[] = [];
    const c = new Checkpoints(db, path, (m) => warnings.push(m), 20);
    const done: CheckpointDone[] = [];
    let allMoved: () => void = () => {};
    const moved = new Promise<void>((resolve) => { allMoved = resolve; });
    let written = false;
    c.onDone = (d) => {
      done.push(d);
      if (written && d.log > 0 && d.checkpointed === d.log) allMoved();
    };
    try {
      expect(autoCheckpoint(db)).toBe(0);
      const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
      // 1,500 commits of a page or more each: past the 1,000 pages at which SQLite would checkpoint in the commit.
      for (let i = 0; i < 1500; i++) insert.run('x'.repeat(4000));
      written = true;
      await moved;
      expect(c.running).toBe(true);
      expect(warnings).toEqual([]);
      const reader = new Database(path, { readonly: true });
      expect(reader.prepare('SELECT count(*) AS n FROM rows').get()).toEqual({ n: 1500 });
      reader.close();
    } finally {
      await c.stop();
      db.close();
    }
    expect(c.running).toBe(false);
    // A stop asked for hands nothing back (the connection closes next).
    expect(warnings).toEqual([]);
  });

  it('a thread that cannot run gives checkpointing back to the main connection, and says so', async () => {
    const path = file();
    const db = walDb(path);
    const warnings: string[] = [];
    let warned: () => void = () => {};
    const said = new Promise<void>((resolve) => { warned = resolve; });
    const c = new Checkpoints(db, join(path, 'no-such-dir', 'x.db'), (m) => { warnings.push(m); warned(); }, 20);
    try {
      await said;
      expect(c.running).toBe(false);
      expect(autoCheckpoint(db)).toBe(1000);
      expect(warnings[0]).toMatch(/checkpointing thread (failed|stopped).*main connection again/);
    } finally {
      await c.stop();
      db.close();
    }
  });

  it('a SQLite file store checkpoints by a thread unless told inline; in memory there is none', async () => {
    const threaded = new SqliteStore(file());
    const inline = new SqliteStore(file(), { checkpoints: 'inline' });
    const memory = new SqliteStore(':memory:');
    try {
      expect(threaded.checkpoints?.running).toBe(true);
      expect(inline.checkpoints).toBeNull();
      expect(memory.checkpoints).toBeNull();
    } finally {
      for (const s of [threaded, inline, memory]) await s.close();
    }
    expect(threaded.checkpoints?.running).toBe(false);
  });

  it('PARLOR_DB_CHECKPOINTS is thread by default, or inline; anything else is refused by name', () => {
    expect(configFromEnv({}).dbCheckpoints).toBe('thread');
    expect(configFromEnv({ PARLOR_DB_CHECKPOINTS: 'inline' }).dbCheckpoints).toBe('inline');
    expect(() => configFromEnv({ PARLOR_DB_CHECKPOINTS: 'never' })).toThrow('PARLOR_DB_CHECKPOINTS must be "thread" or "inline", not "never"');
  });
});
