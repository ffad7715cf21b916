import type { Me, MeNotifications, NoticeChannel, NoticeKind, NotifyLanguage, PushKey } from '@parlor/protocol';
import { apiCall } from './api.js';

/**
 * The notification calls of the HTTP API (docs/api.md, "Notifications") from the browser. Like
 * `api`, each resolves to a value or a refusal with its code, never throws.
 */
export const notifyApi = {
  /** `GET /api/me` with an account's notification fields (a guest's reply has none). */
  me: (token: string) => apiCall<Me & Partial<MeNotifications>>('GET', '/api/me', { token }),
  pushKey: () => apiCall<PushKey>('GET', '/api/push/key'),
  subscribe: (token: string, subscription: unknown) => apiCall<void>('POST', '/api/push/subscriptions', { body: subscription, token }),
  unsubscribe: (token: string, endpoint: string) => apiCall<void>('DELETE', '/api/push/subscriptions', { body: { endpoint }, token }),
  /** The address to confirm (a mail with a link goes to it), or null to remove it. */
  setEmail: (token: string, email: string | null) => apiCall<void>('PUT', '/api/accounts/email', { body: { email }, token }),
  setNotifications: (token: string, choice: { kinds?: Partial<Record<NoticeKind, NoticeChannel>>; digest?: boolean }) =>
    apiCall<void>('PUT', '/api/accounts/notifications', { body: choice, token }),
  setLanguage: (token: string, language: NotifyLanguage) => apiCall<void>('PUT', '/api/accounts/language', { body: { language }, token }),
  /** A reset link to the account's confirmed address (by its name or that address); always 204. */
  forgot: (name: string) => apiCall<void>('POST', '/api/password/forgot', { body: { name } }),
  reset: (token: string, password: string) => apiCall<void>('POST', '/api/password/reset', { body: { token, password } }),
};
