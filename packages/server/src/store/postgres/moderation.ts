import {
  type ChatLineRow, type ModActionRow, type ModerationStore, type ReportRow, type ReportStatus, chatLineOf, modActionOf, reportOf,
} from '../moderation.js';
import type { PostgresConnection } from './connection.js';

type Row = Record<string, unknown>;

/** Chat lines, reports, moderators and their actions in PostgreSQL (store/moderation.ts). */
export class PostgresModeration implements ModerationStore {
  constructor(private readonly db: PostgresConnection) {}

  private async rows(sql: string, params: unknown[]): Promise<Row[]> { return (await this.db.q<Row>(sql, params)).rows; }
  private async changed(sql: string, params: unknown[]): Promise<boolean> { return ((await this.db.q(sql, params)).rowCount ?? 0) > 0; }

  async addChatLine(l: ChatLineRow): Promise<void> {
    await this.db.q('INSERT INTO chat_lines (id, table_id, player_id, name, text, at) VALUES ($1, $2, $3, $4, $5, $6)', [l.id, l.tableId, l.playerId, l.name, l.text, l.at]);
  }
  async chatLine(id: string): Promise<ChatLineRow | null> {
    const [r] = await this.rows('SELECT * FROM chat_lines WHERE id = $1', [id]);
    return r === undefined ? null : chatLineOf(r);
  }
  async chatLinesAround(tableId: string, id: string, before: number, after: number): Promise<ChatLineRow[]> {
    // COLLATE "C": ids compare byte by byte, as in SQLite, whatever the database's collation.
    const b = await this.rows('SELECT * FROM chat_lines WHERE table_id = $1 AND id COLLATE "C" <= $2 ORDER BY id COLLATE "C" DESC LIMIT $3', [tableId, id, before + 1]);
    const a = await this.rows('SELECT * FROM chat_lines WHERE table_id = $1 AND id COLLATE "C" > $2 ORDER BY id COLLATE "C" LIMIT $3', [tableId, id, after]);
    return [...b.reverse(), ...a].map(chatLineOf);
  }
  async lastChatLines(tableId: string, n: number, playerId?: string): Promise<ChatLineRow[]> {
    const r = playerId === undefined
      ? await this.rows('SELECT * FROM chat_lines WHERE table_id = $1 ORDER BY id COLLATE "C" DESC LIMIT $2', [tableId, n])
      : await this.rows('SELECT * FROM chat_lines WHERE table_id = $1 AND player_id = $2 ORDER BY id COLLATE "C" DESC LIMIT $3', [tableId, playerId, n]);
    return r.reverse().map(chatLineOf);
  }
  async playerChatLines(playerId: string, n: number): Promise<ChatLineRow[]> {
    return (await this.rows('SELECT * FROM chat_lines WHERE player_id = $1 ORDER BY id COLLATE "C" DESC LIMIT $2', [playerId, n])).reverse().map(chatLineOf);
  }

  async addReport(r: ReportRow): Promise<void> {
    await this.db.q(`INSERT INTO reports (id, reporter_id, player_id, reason, text, evidence, status, created_at, closed_at, closed_by)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [r.id, r.reporterId, r.playerId, r.reason, r.text, r.evidence, r.status, r.createdAt, r.closedAt, r.closedBy]);
  }
  async report(id: string): Promise<ReportRow | null> {
    const [r] = await this.rows('SELECT * FROM reports WHERE id = $1', [id]);
    return r === undefined ? null : reportOf(r);
  }
  async reportsMadeSince(reporterId: string, since: number): Promise<number> {
    return Number((await this.rows('SELECT COUNT(*) AS n FROM reports WHERE reporter_id = $1 AND created_at >= $2', [reporterId, since]))[0]!.n);
  }
  async hasOpenReport(reporterId: string, playerId: string): Promise<boolean> {
    return (await this.rows("SELECT 1 FROM reports WHERE reporter_id = $1 AND player_id = $2 AND status = 'open' LIMIT 1", [reporterId, playerId])).length > 0;
  }
  async reports(status: ReportStatus, limit: number): Promise<ReportRow[]> {
    return (await this.rows('SELECT * FROM reports WHERE status = $1 ORDER BY created_at, id LIMIT $2', [status, limit])).map(reportOf);
  }
  async reportsOn(playerId: string, limit: number): Promise<ReportRow[]> {
    // COLLATE "C" on the tie: ids compare byte by byte, as in SQLite.
    return (await this.rows('SELECT * FROM reports WHERE player_id = $1 ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $2', [playerId, limit])).map(reportOf);
  }
  closeReport(id: string, status: Exclude<ReportStatus, 'open'>, by: string, at: number): Promise<boolean> {
    return this.changed("UPDATE reports SET status = $1, closed_by = $2, closed_at = $3 WHERE id = $4 AND status = 'open'", [status, by, at, id]);
  }

  grantModerator(playerId: string, by: string, at: number): Promise<boolean> {
    return this.changed('INSERT INTO moderators (player_id, granted_at, granted_by) VALUES ($1, $2, $3) ON CONFLICT (player_id) DO NOTHING', [playerId, at, by]);
  }
  revokeModerator(playerId: string): Promise<boolean> { return this.changed('DELETE FROM moderators WHERE player_id = $1', [playerId]); }
  async isModerator(playerId: string): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM moderators WHERE player_id = $1', [playerId])).length > 0;
  }
  async moderators(): Promise<{ playerId: string; grantedAt: number; grantedBy: string }[]> {
    return (await this.rows('SELECT * FROM moderators ORDER BY granted_at, player_id', []))
      .map((r) => ({ playerId: String(r.player_id), grantedAt: Number(r.granted_at), grantedBy: String(r.granted_by) }));
  }

  async addModAction(a: ModActionRow): Promise<void> {
    await this.db.q(`INSERT INTO mod_actions (id, player_id, moderator_id, kind, reason, report_id, at, until, appeal, appealed_at,
      answer, answer_text, answered_at, answered_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [a.id, a.playerId, a.moderatorId, a.kind, a.reason, a.reportId, a.at, a.until, a.appeal, a.appealedAt, a.answer, a.answerText, a.answeredAt, a.answeredBy]);
  }
  async modAction(id: string): Promise<ModActionRow | null> {
    const [r] = await this.rows('SELECT * FROM mod_actions WHERE id = $1', [id]);
    return r === undefined ? null : modActionOf(r);
  }
  async modActionsOn(playerId: string): Promise<ModActionRow[]> {
    return (await this.rows('SELECT * FROM mod_actions WHERE player_id = $1 ORDER BY at DESC, id DESC', [playerId])).map(modActionOf);
  }
  async openAppeals(limit: number): Promise<ModActionRow[]> {
    return (await this.rows('SELECT * FROM mod_actions WHERE appeal IS NOT NULL AND answer IS NULL ORDER BY appealed_at, id LIMIT $1', [limit])).map(modActionOf);
  }
  appeal(id: string, text: string, at: number): Promise<boolean> {
    return this.changed('UPDATE mod_actions SET appeal = $1, appealed_at = $2 WHERE id = $3 AND appeal IS NULL', [text, at, id]);
  }
  answerAppeal(id: string, answer: 'upheld' | 'lifted', text: string, by: string, at: number): Promise<boolean> {
    return this.changed(`UPDATE mod_actions SET answer = $1, answer_text = $2, answered_by = $3, answered_at = $4
      WHERE id = $5 AND appeal IS NOT NULL AND answer IS NULL`, [answer, text, by, at, id]);
  }

  async pruneChat(before: number): Promise<number> {
    const old = await this.db.q('DELETE FROM chat_lines WHERE at < $1 OR player_id NOT IN (SELECT id FROM players)', [before]);
    const mutes = await this.db.q('DELETE FROM chat_mutes WHERE player_id NOT IN (SELECT id FROM players)');
    return (old.rowCount ?? 0) + (mutes.rowCount ?? 0);
  }
  async forgetModeration(playerId: string): Promise<void> {
    await this.db.q(`WITH a AS (DELETE FROM chat_lines WHERE player_id = $1), b AS (DELETE FROM reports WHERE reporter_id = $1)
      DELETE FROM moderators WHERE player_id = $1`, [playerId]);
  }
}
