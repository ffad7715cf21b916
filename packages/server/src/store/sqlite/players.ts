import type Database from 'better-sqlite3';
import type { PlayerRow } from '../store.js';

/** A player as SQLite gives it (`bot` an integer 0/1). */
export type SqlitePlayerRow = Omit<PlayerRow, 'bot'> & { readonly bot: number };
/** The player of a row read with `bot`: the flag as a boolean. */
export function sqlitePlayer(r: SqlitePlayerRow): PlayerRow {
  return { ...r, bot: r.bot === 1 };
}

/** Players and their sessions in SQLite: who a token belongs to, names, last seen, and pruning guests. */
export class SqlitePlayers {
  private readonly s;

  constructor(private readonly db: Database.Database) {
    this.s = {
      addPlayer: db.prepare('INSERT INTO players (id, name, token_hash, created_at, last_seen) VALUES (?, ?, ?, ?, ?)'),
      byToken: db.prepare(`SELECT p.id, p.name, p.token_hash AS tokenHash, p.created_at AS createdAt, p.account_since AS accountSince, p.avatar, p.bot
        FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = ?`),
      byId: db.prepare('SELECT id, name, token_hash AS tokenHash, created_at AS createdAt, account_since AS accountSince, avatar, bot FROM players WHERE id = ?'),
      addSession: db.prepare('INSERT INTO sessions (token_hash, player_id, created_at) VALUES (?, ?, ?)'),
      deleteSession: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      deleteSessions: db.prepare('DELETE FROM sessions WHERE player_id = ? AND token_hash != ?'),
      rename: db.prepare('UPDATE players SET name = ? WHERE id = ?'),
      touch: db.prepare('UPDATE players SET last_seen = ? WHERE id = ?'),
      // Each "still in use" set is gathered once (not per player): finished games through
      // player_games, unfinished ones and unclosed tables from their bodies. Accounts are never pruned.
      prune: db.prepare(`
        DELETE FROM players WHERE COALESCE(last_seen, created_at) < ? AND account_since IS NULL
          AND NOT EXISTS (SELECT 1 FROM player_games pg WHERE pg.player_id = players.id)
          AND id NOT IN (SELECT json_extract(t.body, '$.creatorId') FROM tables t WHERE t.status != 'closed' AND json_extract(t.body, '$.creatorId') IS NOT NULL)
          AND id NOT IN (SELECT json_extract(s.value, '$.playerId') FROM tables t, json_each(t.body, '$.seats') s
                         WHERE t.status != 'closed' AND json_extract(s.value, '$.playerId') IS NOT NULL)
          AND id NOT IN (SELECT json_extract(s.value, '$.playerId') FROM games g, json_each(g.body, '$.seats') s
                         WHERE g.finished_at IS NULL AND json_extract(s.value, '$.playerId') IS NOT NULL)`),
    };
  }

  addPlayer(p: PlayerRow): void {
    this.db.transaction(() => {
      this.s.addPlayer.run(p.id, p.name, p.tokenHash, p.createdAt, p.createdAt);
      this.s.addSession.run(p.tokenHash, p.id, p.createdAt);
    })();
  }
  addSession(tokenHash: string, playerId: string, at: string): void {
    this.s.addSession.run(tokenHash, playerId, at);
  }
  deleteSession(tokenHash: string): void {
    this.s.deleteSession.run(tokenHash);
  }
  deleteSessions(playerId: string, keep = ''): void {
    this.s.deleteSessions.run(playerId, keep);
  }
  playerByTokenHash(tokenHash: string): PlayerRow | null {
    const r = this.s.byToken.get(tokenHash) as SqlitePlayerRow | undefined;
    return r === undefined ? null : sqlitePlayer(r);
  }
  playerById(id: string): PlayerRow | null {
    const r = this.s.byId.get(id) as SqlitePlayerRow | undefined;
    return r === undefined ? null : sqlitePlayer(r);
  }
  renamePlayer(id: string, name: string): void {
    this.s.rename.run(name, id);
  }
  touchPlayer(id: string, at: string): void {
    this.s.touch.run(at, id);
  }
  pruneGuests(before: string): number {
    return this.s.prune.run(before).changes;
  }
}
