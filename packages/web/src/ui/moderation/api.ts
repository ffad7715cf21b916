import type { ModActionView, MyModeration, ReportRequest } from '@parlor/protocol';
import { apiCall } from '../../net/api.js';

/** The reports and moderation calls of the HTTP API a player makes (docs/api.md, "Reports and moderation"). */
export const moderationApi = {
  report: (token: string, body: Omit<ReportRequest, 'text'> & { text?: string }) => apiCall<{ id: string }>('POST', '/api/reports', { body, token }),
  mine: (token: string) => apiCall<MyModeration>('GET', '/api/me/moderation', { token }),
  appeal: (token: string, id: string, text: string) =>
    apiCall<ModActionView>('POST', `/api/me/moderation/${encodeURIComponent(id)}/appeal`, { body: { text }, token }),
};

/** The on-demand locale file of these pages and dialogs. */
export const MODERATION_FILES = ['moderation'] as const;
