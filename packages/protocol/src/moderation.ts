import { z } from 'zod';

/**
 * Reports and moderation over HTTP (docs/api.md, "Reports and moderation"): an account reports a
 * player; moderators (named by the operator: `parlor mod grant`) act on reports; the player touched
 * sees each action and may appeal it once.
 */

export const REPORT_REASONS = ['abusive-chat', 'cheating', 'leaving', 'offensive-name', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Free text of a report, an action's reason, an appeal or its answer: at most so many characters. */
export const MAX_REPORT_TEXT = 500;
/** Reports an account may make in 24 hours. */
export const REPORTS_PER_DAY = 10;

/** `POST /api/reports`: the player reported, why, and where (a chat line of theirs, or a table). */
export const reportRequest = z.strictObject({
  playerId: z.string().min(1).max(64),
  reason: z.enum(REPORT_REASONS),
  text: z.string().max(MAX_REPORT_TEXT).default(''),
  tableId: z.string().min(1).max(64).optional(),
  chatLineId: z.string().min(1).max(64).optional(),
});
export type ReportRequest = z.infer<typeof reportRequest>;

export const MOD_ACTION_KINDS = ['warn', 'mute', 'suspend-rated', 'suspend', 'rename', 'ban'] as const;
export type ModActionKind = (typeof MOD_ACTION_KINDS)[number];
/** The longest timed action: a year (longer ones are for good: no `hours`). */
export const MAX_ACTION_HOURS = 24 * 366;

/**
 * `POST /api/mod/actions`: a moderator's action on a player, with its reason (shown to them).
 * `hours` times a mute, suspension or ban (without it a suspension or ban is for good; a mute
 * always has one); `name` is a rename's new name (without it: "Player" and four digits);
 * `reportId` closes that report as acted on.
 */
export const modActionRequest = z.strictObject({
  playerId: z.string().min(1).max(64),
  kind: z.enum(MOD_ACTION_KINDS),
  reason: z.string().trim().min(1).max(MAX_REPORT_TEXT),
  hours: z.number().int().min(1).max(MAX_ACTION_HOURS).optional(),
  name: z.string().min(1).max(64).optional(),
  reportId: z.string().min(1).max(64).optional(),
});
export type ModActionRequest = z.infer<typeof modActionRequest>;

/** `POST /api/me/moderation/<id>/appeal`: the player's one appeal of an action. */
export const appealRequest = z.strictObject({ text: z.string().trim().min(1).max(MAX_REPORT_TEXT) });
/** `POST /api/mod/actions/<id>/answer`: a moderator's answer to an appeal; `lifted` ends the action now. */
export const appealAnswerRequest = z.strictObject({ answer: z.enum(['upheld', 'lifted']), text: z.string().trim().min(1).max(MAX_REPORT_TEXT) });

/** An action as the player it touched sees it (no moderator named: moderators act for the site). */
export interface ModActionView {
  readonly id: string;
  readonly kind: ModActionKind;
  readonly reason: string;
  readonly at: string;
  /** When a timed action ends; null: for good, or nothing to end (warn, rename). */
  readonly until: string | null;
  /** Whether it holds now (a mute, suspension or ban not run out nor lifted). */
  readonly active: boolean;
  readonly appeal: string | null;
  readonly appealedAt: string | null;
  readonly answer: 'upheld' | 'lifted' | null;
  readonly answerText: string | null;
  readonly answeredAt: string | null;
}

/** `GET /api/me/moderation`: every action on the account, newest first, and whether they are a moderator (their page /mod). */
export interface MyModeration {
  readonly moderator: boolean;
  readonly actions: ModActionView[];
}

/** A chat line in a report's evidence. */
export interface EvidenceLine { readonly id: string; readonly playerId: string; readonly name: string; readonly text: string; readonly at: string }

/** What a report carries, copied when it was made: only what a spectator could see. */
export interface ReportEvidence {
  readonly reported: { readonly id: string; readonly name: string };
  readonly table: { readonly id: string; readonly game: string; readonly rated: boolean; readonly private: boolean; readonly tournament: string | null } | null;
  readonly players: { readonly seat: number; readonly name: string; readonly playerId: string | null; readonly bot: boolean }[];
  /** The reported line's id, when a line was reported. */
  readonly line: string | null;
  readonly chat: EvidenceLine[];
  /** The table's game; its moves only once it is finished (null while it runs: a move may show a hidden card). */
  readonly game: { readonly gameNo: number; readonly finished: boolean; readonly moves: { seq: number; seat: number; action: unknown; at: string }[] | null } | null;
}

/** A report as a moderator sees it: the reporter by name only, the evidence, and the reported player's past actions. */
export interface ReportView {
  readonly id: string;
  readonly reporter: string;
  readonly player: { readonly id: string; readonly name: string };
  readonly reason: ReportReason;
  readonly text: string;
  readonly status: 'open' | 'acted' | 'dismissed';
  readonly createdAt: string;
  readonly evidence: ReportEvidence;
  /** Moderators' earlier actions on the reported player, newest first. */
  readonly history: (ModActionView & { readonly moderator: string })[];
}
