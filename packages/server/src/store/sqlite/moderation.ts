import type Database from 'better-sqlite3';
import {
  type ChatLineRow, type ModActionRow, type ModerationStore, type ReportRow, type ReportStatus, chatLineOf, modActionOf, reportOf,
} from '../moderation.js';

type Row = Record<string, unknown>;

/** Chat lines, reports, moderators and their actions in SQLite (store/moderation.ts), each call behind the store's `guard`. */
export class SqliteModeration implements ModerationStore {
  private readonly s;

  constructor(db: Database.Database, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      prune: [
        db.prepare('DELETE FROM chat_lines WHERE at < ?'),
        db.prepare('DELETE FROM chat_lines WHERE player_id NOT IN (SELECT id FROM players)'),
        db.prepare('DELETE FROM chat_mutes WHERE player_id NOT IN (SELECT id FROM players)'),
      ],
      addLine: db.prepare('INSERT INTO chat_lines (id, table_id, player_id, name, text, at) VALUES (@id, @tableId, @playerId, @name, @text, @at)'),
      line: db.prepare('SELECT * FROM chat_lines WHERE id = ?'),
      before: db.prepare('SELECT * FROM chat_lines WHERE table_id = ? AND id <= ? ORDER BY id DESC LIMIT ?'),
      after: db.prepare('SELECT * FROM chat_lines WHERE table_id = ? AND id > ? ORDER BY id LIMIT ?'),
      last: db.prepare('SELECT * FROM chat_lines WHERE table_id = ? ORDER BY id DESC LIMIT ?'),
      lastOf: db.prepare('SELECT * FROM chat_lines WHERE table_id = ? AND player_id = ? ORDER BY id DESC LIMIT ?'),
      playerLines: db.prepare('SELECT * FROM chat_lines WHERE player_id = ? ORDER BY id DESC LIMIT ?'),
      addReport: db.prepare(`INSERT INTO reports (id, reporter_id, player_id, reason, text, evidence, status, created_at, closed_at, closed_by)
        VALUES (@id, @reporterId, @playerId, @reason, @text, @evidence, @status, @createdAt, @closedAt, @closedBy)`),
      report: db.prepare('SELECT * FROM reports WHERE id = ?'),
      made: db.prepare('SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ? AND created_at >= ?'),
      open: db.prepare("SELECT 1 FROM reports WHERE reporter_id = ? AND player_id = ? AND status = 'open' LIMIT 1"),
      reports: db.prepare('SELECT * FROM reports WHERE status = ? ORDER BY created_at, id LIMIT ?'),
      reportsOn: db.prepare('SELECT * FROM reports WHERE player_id = ? ORDER BY created_at DESC, id DESC LIMIT ?'),
      close: db.prepare("UPDATE reports SET status = ?, closed_by = ?, closed_at = ? WHERE id = ? AND status = 'open'"),
      grant: db.prepare('INSERT INTO moderators (player_id, granted_at, granted_by) VALUES (?, ?, ?) ON CONFLICT (player_id) DO NOTHING'),
      revoke: db.prepare('DELETE FROM moderators WHERE player_id = ?'),
      isMod: db.prepare('SELECT 1 FROM moderators WHERE player_id = ?'),
      mods: db.prepare('SELECT * FROM moderators ORDER BY granted_at, player_id'),
      addAction: db.prepare(`INSERT INTO mod_actions (id, player_id, moderator_id, kind, reason, report_id, at, until, appeal, appealed_at,
        answer, answer_text, answered_at, answered_by) VALUES (@id, @playerId, @moderatorId, @kind, @reason, @reportId, @at, @until, @appeal,
        @appealedAt, @answer, @answerText, @answeredAt, @answeredBy)`),
      action: db.prepare('SELECT * FROM mod_actions WHERE id = ?'),
      actionsOn: db.prepare('SELECT * FROM mod_actions WHERE player_id = ? ORDER BY at DESC, id DESC'),
      appeals: db.prepare('SELECT * FROM mod_actions WHERE appeal IS NOT NULL AND answer IS NULL ORDER BY appealed_at, id LIMIT ?'),
      appeal: db.prepare('UPDATE mod_actions SET appeal = ?, appealed_at = ? WHERE id = ? AND appeal IS NULL'),
      answer: db.prepare(`UPDATE mod_actions SET answer = ?, answer_text = ?, answered_by = ?, answered_at = ?
        WHERE id = ? AND appeal IS NOT NULL AND answer IS NULL`),
      forget: [
        db.prepare('DELETE FROM chat_lines WHERE player_id = @id'),
        db.prepare('DELETE FROM reports WHERE reporter_id = @id'),
        db.prepare('DELETE FROM moderators WHERE player_id = @id'),
      ],
    };
  }

  addChatLine(line: ChatLineRow): Promise<void> { return this.guard(() => { this.s.addLine.run(line); }); }
  chatLine(id: string): Promise<ChatLineRow | null> {
    return this.guard(() => { const r = this.s.line.get(id) as Row | undefined; return r === undefined ? null : chatLineOf(r); });
  }
  chatLinesAround(tableId: string, id: string, before: number, after: number): Promise<ChatLineRow[]> {
    return this.guard(() => [
      ...(this.s.before.all(tableId, id, before + 1) as Row[]).reverse(), ...(this.s.after.all(tableId, id, after) as Row[]),
    ].map(chatLineOf));
  }
  lastChatLines(tableId: string, n: number, playerId?: string): Promise<ChatLineRow[]> {
    return this.guard(() => ((playerId === undefined ? this.s.last.all(tableId, n) : this.s.lastOf.all(tableId, playerId, n)) as Row[]).reverse().map(chatLineOf));
  }
  playerChatLines(playerId: string, n: number): Promise<ChatLineRow[]> {
    return this.guard(() => (this.s.playerLines.all(playerId, n) as Row[]).reverse().map(chatLineOf));
  }

  addReport(r: ReportRow): Promise<void> { return this.guard(() => { this.s.addReport.run(r); }); }
  report(id: string): Promise<ReportRow | null> {
    return this.guard(() => { const r = this.s.report.get(id) as Row | undefined; return r === undefined ? null : reportOf(r); });
  }
  reportsMadeSince(reporterId: string, since: number): Promise<number> {
    return this.guard(() => Number((this.s.made.get(reporterId, since) as Row).n));
  }
  hasOpenReport(reporterId: string, playerId: string): Promise<boolean> {
    return this.guard(() => this.s.open.get(reporterId, playerId) !== undefined);
  }
  reports(status: ReportStatus, limit: number): Promise<ReportRow[]> {
    return this.guard(() => (this.s.reports.all(status, limit) as Row[]).map(reportOf));
  }
  reportsOn(playerId: string, limit: number): Promise<ReportRow[]> {
    return this.guard(() => (this.s.reportsOn.all(playerId, limit) as Row[]).map(reportOf));
  }
  closeReport(id: string, status: Exclude<ReportStatus, 'open'>, by: string, at: number): Promise<boolean> {
    return this.guard(() => this.s.close.run(status, by, at, id).changes > 0);
  }

  grantModerator(playerId: string, by: string, at: number): Promise<boolean> {
    return this.guard(() => this.s.grant.run(playerId, at, by).changes > 0);
  }
  revokeModerator(playerId: string): Promise<boolean> { return this.guard(() => this.s.revoke.run(playerId).changes > 0); }
  isModerator(playerId: string): Promise<boolean> { return this.guard(() => this.s.isMod.get(playerId) !== undefined); }
  moderators(): Promise<{ playerId: string; grantedAt: number; grantedBy: string }[]> {
    return this.guard(() => (this.s.mods.all() as Row[]).map((r) => ({ playerId: String(r.player_id), grantedAt: Number(r.granted_at), grantedBy: String(r.granted_by) })));
  }

  addModAction(a: ModActionRow): Promise<void> { return this.guard(() => { this.s.addAction.run(a); }); }
  modAction(id: string): Promise<ModActionRow | null> {
    return this.guard(() => { const r = this.s.action.get(id) as Row | undefined; return r === undefined ? null : modActionOf(r); });
  }
  modActionsOn(playerId: string): Promise<ModActionRow[]> {
    return this.guard(() => (this.s.actionsOn.all(playerId) as Row[]).map(modActionOf));
  }
  openAppeals(limit: number): Promise<ModActionRow[]> { return this.guard(() => (this.s.appeals.all(limit) as Row[]).map(modActionOf)); }
  appeal(id: string, text: string, at: number): Promise<boolean> { return this.guard(() => this.s.appeal.run(text, at, id).changes > 0); }
  answerAppeal(id: string, answer: 'upheld' | 'lifted', text: string, by: string, at: number): Promise<boolean> {
    return this.guard(() => this.s.answer.run(answer, text, by, at, id).changes > 0);
  }

  forgetModeration(playerId: string): Promise<void> {
    return this.guard(() => { for (const s of this.s.forget) s.run({ id: playerId }); });
  }
  pruneChat(before: number): Promise<number> {
    return this.guard(() => this.s.prune.reduce((n, s, i) => n + (i === 0 ? s.run(before) : s.run()).changes, 0));
  }
}
