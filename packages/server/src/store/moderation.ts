/**
 * Chat lines, reports, moderators and their actions (docs/api.md, "Reports and moderation"). Kept
 * by both stores (migration 18: moderation-migration.ts).
 */
export interface ModerationStore {
  /** What the account made, gone (it is deleted): its chat lines and the reports it made; moderators' actions stay. */
  forgetModeration(playerId: string): Promise<void>;
}
