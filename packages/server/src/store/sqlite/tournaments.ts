import type Database from 'better-sqlite3';
import { type Fence, type TournamentPart, type TournamentRow, tournamentLease } from '../store.js';
import type { SqliteLeases } from './leases.js';

interface Stored { id: string; status: string; starts_at: string; private: number; version: number; summary: string; body: string }

interface StoredPart { kind: TournamentPart['kind']; key: string; seq: number; body: string }

const rowOf = (r: Stored, parts?: readonly StoredPart[]): TournamentRow => ({
  id: r.id, status: r.status, startsAt: r.starts_at, private: r.private === 1, version: r.version,
  summary: JSON.parse(r.summary) as unknown, state: JSON.parse(r.body) as unknown,
  ...(parts === undefined ? {} : { parts: parts.map((p) => ({ kind: p.kind, key: p.key, seq: p.seq, body: JSON.parse(p.body) as unknown })) }),
});

/** Tournaments in SQLite: compare-and-set on the version, behind the director's fence when it writes. */
export class SqliteTournaments {
  private readonly s;
  private readonly inTransaction: (fn: () => unknown) => unknown;

  constructor(db: Database.Database, private readonly leases: SqliteLeases) {
    const cols = 'id, status, starts_at, private, version, summary, body';
    this.s = {
      insert: db.prepare(`INSERT INTO tournaments (${cols}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
      update: db.prepare('UPDATE tournaments SET status = ?, starts_at = ?, private = ?, version = ?, summary = ?, body = ? WHERE id = ? AND version = ?'),
      one: db.prepare(`SELECT ${cols} FROM tournaments WHERE id = ?`),
      soonest: db.prepare(`SELECT ${cols} FROM tournaments WHERE status = ? AND private = 0 AND (starts_at || '|' || id) > ? ORDER BY starts_at, id LIMIT ?`),
      latest: db.prepare(`SELECT ${cols} FROM tournaments WHERE status = ? AND private = 0 AND (starts_at || '|' || id) < ? ORDER BY starts_at DESC, id DESC LIMIT ?`),
      live: db.prepare("SELECT id FROM tournaments WHERE status IN ('upcoming', 'running') ORDER BY starts_at, id"),
      parts: db.prepare('SELECT kind, key, seq, body FROM tournament_parts WHERE tournament_id = ? ORDER BY kind, seq'),
      putPart: db.prepare(`INSERT INTO tournament_parts (tournament_id, kind, key, seq, body) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (tournament_id, kind, key) DO UPDATE SET seq = excluded.seq, body = excluded.body`),
      dropPart: db.prepare('DELETE FROM tournament_parts WHERE tournament_id = ? AND kind = ? AND key = ?'),
    };
    this.inTransaction = db.transaction((fn: () => unknown) => fn());
  }

  save(t: TournamentRow, expected: number | null, fence: Fence): boolean {
    return this.inTransaction(() => {
      this.leases.fenced(tournamentLease(t.id), fence);
      const summary = JSON.stringify(t.summary);
      const body = JSON.stringify(t.state);
      const wrote = expected === null
        ? this.s.insert.run(t.id, t.status, t.startsAt, t.private ? 1 : 0, t.version, summary, body).changes === 1
        : this.s.update.run(t.status, t.startsAt, t.private ? 1 : 0, t.version, summary, body, t.id, expected).changes === 1;
      if (!wrote) return false;
      for (const p of t.parts ?? []) {
        if (p.body === null) this.s.dropPart.run(t.id, p.kind, p.key);
        else this.s.putPart.run(t.id, p.kind, p.key, p.seq, JSON.stringify(p.body));
      }
      return true;
    }) as boolean;
  }
  one(id: string): TournamentRow | null {
    const r = this.s.one.get(id) as Stored | undefined;
    return r === undefined ? null : rowOf(r, this.s.parts.all(id) as StoredPart[]);
  }
  list(status: string, limit: number, after: string | undefined): TournamentRow[] {
    const latestFirst = status === 'finished' || status === 'cancelled';
    const rows = latestFirst ? this.s.latest.all(status, after ?? '\uffff', limit) : this.s.soonest.all(status, after ?? '', limit);
    return (rows as Stored[]).map((r) => rowOf(r));
  }
  live(): string[] {
    return (this.s.live.all() as { id: string }[]).map((r) => r.id);
  }
}
