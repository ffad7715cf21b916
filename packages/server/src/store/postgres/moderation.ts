import type { ModerationStore } from '../moderation.js';
import type { PostgresConnection } from './connection.js';

/** Chat lines, reports, moderators and their actions in PostgreSQL (store/moderation.ts). */
export class PostgresModeration implements ModerationStore {
  constructor(private readonly db: PostgresConnection) {}

  async forgetModeration(playerId: string): Promise<void> {
    await this.db.q(`WITH a AS (DELETE FROM chat_lines WHERE player_id = $1), b AS (DELETE FROM reports WHERE reporter_id = $1)
      DELETE FROM moderators WHERE player_id = $1`, [playerId]);
  }
}
