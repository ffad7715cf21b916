import type { ModActionKind, ReportReason } from '@parlor/protocol';

/**
 * Chat lines, reports, moderators and their actions (docs/api.md, "Reports and moderation"). Kept
 * by both stores (migration 18: moderation-migration.ts). Times are ms since the epoch.
 */
export interface ModerationStore {
  /** A chat line as sent: ids sort by time (moderation/chat-ids.ts), so a table's lines are read in id order. */
  addChatLine(line: ChatLineRow): Promise<void>;
  chatLine(id: string): Promise<ChatLineRow | null>;
  /** Up to `before` lines of the table up to and with `id`, and up to `after` after it, oldest first. */
  chatLinesAround(tableId: string, id: string, before: number, after: number): Promise<ChatLineRow[]>;
  /** The table's last `n` lines (of `playerId` alone when given), oldest first. */
  lastChatLines(tableId: string, n: number, playerId?: string): Promise<ChatLineRow[]>;
  /** The player's last `n` lines at any table, oldest first. */
  playerChatLines(playerId: string, n: number): Promise<ChatLineRow[]>;

  addReport(r: ReportRow): Promise<void>;
  report(id: string): Promise<ReportRow | null>;
  /** How many reports the account made since `since`. */
  reportsMadeSince(reporterId: string, since: number): Promise<number>;
  /** Whether the reporter has an open report on the player already. */
  hasOpenReport(reporterId: string, playerId: string): Promise<boolean>;
  /** Reports of a status, oldest first (the queue), at most `limit`. */
  reports(status: ReportStatus, limit: number): Promise<ReportRow[]>;
  /** Every report about the player, of any status, newest first, at most `limit` (a moderator's view of their history). */
  reportsOn(playerId: string, limit: number): Promise<ReportRow[]>;
  /** An open report closed (acted on, or dismissed); false when it was not open. */
  closeReport(id: string, status: Exclude<ReportStatus, 'open'>, by: string, at: number): Promise<boolean>;

  /** False when the account is a moderator already. */
  grantModerator(playerId: string, by: string, at: number): Promise<boolean>;
  /** False when the account was not a moderator. */
  revokeModerator(playerId: string): Promise<boolean>;
  isModerator(playerId: string): Promise<boolean>;
  moderators(): Promise<{ playerId: string; grantedAt: number; grantedBy: string }[]>;

  addModAction(a: ModActionRow): Promise<void>;
  modAction(id: string): Promise<ModActionRow | null>;
  /** Every action on the player, newest first. */
  modActionsOn(playerId: string): Promise<ModActionRow[]>;
  /** Actions appealed and not answered yet, oldest appeal first. */
  openAppeals(limit: number): Promise<ModActionRow[]>;
  /** The player's one appeal of an action; false when it was appealed already. */
  appeal(id: string, text: string, at: number): Promise<boolean>;
  /** A moderator's answer to an appeal; false when there is no open appeal. */
  answerAppeal(id: string, answer: 'upheld' | 'lifted', text: string, by: string, at: number): Promise<boolean>;

  /** What the account made, gone (it is deleted): its chat lines and the reports it made; moderators' actions stay. */
  forgetModeration(playerId: string): Promise<void>;
  /**
   * The sweep's pruning: chat lines said before `before` (a report keeps its own copy of the lines
   * it is about), and the chat lines and mutes of players no longer stored (pruned guests); how many rows went.
   */
  pruneChat(before: number): Promise<number>;
}

export interface ChatLineRow {
  readonly id: string;
  readonly tableId: string;
  readonly playerId: string;
  readonly name: string;
  readonly text: string;
  readonly at: number;
}

/** open: in the queue; acted: a moderator acted on it; dismissed: closed with no action. */
export type ReportStatus = 'open' | 'acted' | 'dismissed';

export interface ReportRow {
  readonly id: string;
  readonly reporterId: string;
  readonly playerId: string;
  readonly reason: ReportReason;
  readonly text: string;
  /** JSON of moderation/evidence.ts's Evidence, copied when the report was made. */
  readonly evidence: string;
  readonly status: ReportStatus;
  readonly createdAt: number;
  readonly closedAt: number | null;
  readonly closedBy: string | null;
}


export interface ModActionRow {
  readonly id: string;
  readonly playerId: string;
  readonly moderatorId: string;
  readonly kind: ModActionKind;
  readonly reason: string;
  readonly reportId: string | null;
  readonly at: number;
  /** When a timed action ends; null: for good (a ban, a suspension) or nothing to end (warn, rename). */
  readonly until: number | null;
  readonly appeal: string | null;
  readonly appealedAt: number | null;
  readonly answer: 'upheld' | 'lifted' | null;
  readonly answerText: string | null;
  readonly answeredAt: number | null;
  readonly answeredBy: string | null;
}

/** Row mapping shared by both stores: column names as in migration 18. */
export const chatLineOf = (r: Record<string, unknown>): ChatLineRow => ({
  id: String(r.id), tableId: String(r.table_id), playerId: String(r.player_id), name: String(r.name), text: String(r.text), at: Number(r.at),
});
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const reportOf = (r: Record<string, unknown>): ReportRow => ({
  id: String(r.id), reporterId: String(r.reporter_id), playerId: String(r.player_id), reason: String(r.reason) as ReportReason,
  text: String(r.text), evidence: String(r.evidence), status: String(r.status) as ReportStatus, createdAt: Number(r.created_at),
  closedAt: num(r.closed_at), closedBy: str(r.closed_by),
});
export const modActionOf = (r: Record<string, unknown>): ModActionRow => ({
  id: String(r.id), playerId: String(r.player_id), moderatorId: String(r.moderator_id), kind: String(r.kind) as ModActionKind,
  reason: String(r.reason), reportId: str(r.report_id), at: Number(r.at), until: num(r.until), appeal: str(r.appeal),
  appealedAt: num(r.appealed_at), answer: str(r.answer) as ModActionRow['answer'], answerText: str(r.answer_text),
  answeredAt: num(r.answered_at), answeredBy: str(r.answered_by),
});
