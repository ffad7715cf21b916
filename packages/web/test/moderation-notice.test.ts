import type { ModActionView } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { WARNING_SHOWN_FOR, noticeActions } from '../src/ui/moderation/ModerationNotice.js';

// The moderation notice (ui/moderation/ModerationNotice.tsx) shows what holds the account back
// now, and a warning for a week until dismissed — never an action run out, lifted or dismissed.

const NOW = Date.parse('2026-12-03T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const action = (over: Partial<ModActionView>): ModActionView => ({
  id: 'a1', kind: 'mute', reason: 'insults', at: iso(NOW - 3_600_000), until: iso(NOW + 3_600_000), active: true,
  appeal: null, appealedAt: null, answer: null, answerText: null, answeredAt: null, ...over,
});

describe('noticeActions', () => {
  it('keeps the mutes, suspensions and bans in force, and drops those run out or lifted', () => {
    const list = [
      action({ id: 'mute' }),
      action({ id: 'old-mute', active: false, until: iso(NOW - 1) }),
      action({ id: 'rated', kind: 'suspend-rated', until: null }),
      action({ id: 'lifted', kind: 'suspend', active: false, answer: 'lifted' }),
      action({ id: 'ban', kind: 'ban', until: null }),
      action({ id: 'rename', kind: 'rename', until: null, active: false }),
    ];
    expect(noticeActions(list, NOW, new Set()).map((a) => a.id)).toEqual(['mute', 'rated', 'ban']);
  });

  it('shows a warning for seven days until it is dismissed, and not one lifted on appeal', () => {
    const warn = (id: string, ago: number, over: Partial<ModActionView> = {}) => action({ id, kind: 'warn', at: iso(NOW - ago), until: null, active: false, ...over });
    const list = [warn('fresh', 60_000), warn('week-old', WARNING_SHOWN_FOR), warn('seen', 60_000), warn('lifted', 60_000, { answer: 'lifted' }), warn('upheld', 60_000, { answer: 'upheld' })];
    expect(noticeActions(list, NOW, new Set(['seen'])).map((a) => a.id)).toEqual(['fresh', 'upheld']);
    expect(noticeActions([warn('almost', WARNING_SHOWN_FOR - 1)], NOW, new Set()).map((a) => a.id)).toEqual(['almost']);
  });
});
