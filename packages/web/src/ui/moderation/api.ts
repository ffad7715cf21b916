import type { ModActionRequest, ModActionView, MyModeration, ReportRequest, ReportView } from '@parlor/protocol';
import { apiCall } from '../../net/api.js';

/** The reports and moderation calls of the HTTP API a player makes (docs/api.md, "Reports and moderation"). */
export const moderationApi = {
  report: (token: string, body: Omit<ReportRequest, 'text'> & { text?: string }) => apiCall<{ id: string }>('POST', '/api/reports', { body, token }),
  mine: (token: string) => apiCall<MyModeration>('GET', '/api/me/moderation', { token }),
  appeal: (token: string, id: string, text: string) =>
    apiCall<ModActionView>('POST', `/api/me/moderation/${encodeURIComponent(id)}/appeal`, { body: { text }, token }),
  /** A banned account, signed out: its record, with its name and password standing for a session. */
  banned: (name: string, password: string) => apiCall<MyModeration>('POST', '/api/sessions/banned', { body: { name, password } }),
  bannedAppeal: (name: string, password: string, actionId: string, text: string) =>
    apiCall<ModActionView>('POST', '/api/sessions/banned/appeal', { body: { name, password, actionId, text } }),
};

/** The on-demand locale file of these pages and dialogs. */
export const MODERATION_FILES = ['moderation'] as const;

/** The moderators' calls (`/api/mod/…`); anyone else gets NOT_MODERATOR. */
export const modApi = {
  reports: (token: string, status: ReportStatus = 'open') => apiCall<{ reports: ReportView[] }>('GET', `/api/mod/reports?status=${status}`, { token }),
  /** Every report about one player, any status, newest first. */
  playerReports: (token: string, id: string) => apiCall<PlayerReports>('GET', `/api/mod/players/${encodeURIComponent(id)}/reports`, { token }),
  /** Every action on one player, newest first, with the moderator who took it. */
  playerActions: (token: string, id: string) => apiCall<{ actions: ModeratorsAction[] }>('GET', `/api/mod/players/${encodeURIComponent(id)}/actions`, { token }),
  dismiss: (token: string, id: string) => apiCall<ReportView>('POST', `/api/mod/reports/${encodeURIComponent(id)}/dismiss`, { token }),
  act: (token: string, body: ModActionRequest) => apiCall<ModActionView>('POST', '/api/mod/actions', { body, token }),
  appeals: (token: string) => apiCall<{ appeals: PendingAppeal[] }>('GET', '/api/mod/appeals', { token }),
  answer: (token: string, id: string, answer: 'upheld' | 'lifted', text: string) =>
    apiCall<ModActionView>('POST', `/api/mod/actions/${encodeURIComponent(id)}/answer`, { body: { answer, text }, token }),
};

/** An appeal waiting for a moderator: the action, the player it touched and the moderator who took it. */
export type PendingAppeal = ModActionView & { readonly player: { readonly id: string; readonly name: string }; readonly moderator: string };

/** The statuses of the report queue's tabs: waiting, acted on, dismissed. */
export const REPORT_STATUSES = ['open', 'acted', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** An action as a moderator sees it: with the moderator who took it. */
export type ModeratorsAction = ModActionView & { readonly moderator: string };

/** A report in a player's record: as the queue shows it, with when and by whom it was closed. */
export type PlayerReport = Omit<ReportView, 'history'> & { readonly closedAt: string | null; readonly closedBy: string | null };
export type PlayerReports = { readonly player: { readonly id: string; readonly name: string }; readonly reports: PlayerReport[] };
