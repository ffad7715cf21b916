import type Database from 'better-sqlite3';
import type { ModerationStore } from '../moderation.js';

/** Chat lines, reports, moderators and their actions in SQLite (store/moderation.ts), each call behind the store's `guard`. */
export class SqliteModeration implements ModerationStore {
  private readonly s;

  constructor(db: Database.Database, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      forget: [
        db.prepare('DELETE FROM chat_lines WHERE player_id = @id'),
        db.prepare('DELETE FROM reports WHERE reporter_id = @id'),
        db.prepare('DELETE FROM moderators WHERE player_id = @id'),
      ],
    };
  }

  forgetModeration(playerId: string): Promise<void> {
    return this.guard(() => { for (const s of this.s.forget) s.run({ id: playerId }); });
  }
}
