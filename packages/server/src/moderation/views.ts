import type { ModActionView } from '@parlor/protocol';
import type { ModActionRow } from '../store/moderation.js';
import { holds } from './sanctions.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An action as the player it touched sees it: no moderator named. */
export function actionView(a: ModActionRow, now: number): ModActionView {
  return {
    id: a.id, kind: a.kind, reason: a.reason, at: new Date(a.at).toISOString(), until: iso(a.until), active: holds(a, now),
    appeal: a.appeal, appealedAt: iso(a.appealedAt), answer: a.answer, answerText: a.answerText, answeredAt: iso(a.answeredAt),
  };
}

/** "for good" or "until <time>", for a refusal's sentence. */
export const untilText = (until: number | null): string => (until === null ? 'for good' : `until ${new Date(until).toISOString()}`);
