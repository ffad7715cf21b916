import { type ApiResult, api } from '../../net/api.js';
import type { Services } from '../context.js';
import { type PushEnv, browserPushEnv, disablePush } from './push.js';

/**
 * What the account forms do (docs/api.md, "Accounts"): each calls the API with this browser's token
 * and, when it succeeds, tells the WebSocket client — a new token to say hello with, or none.
 */

/** The guest claims their name as an account: the token stays the same; a fresh hello makes the welcome say `account`. */
export async function claimName(s: Services, name: string, password: string): Promise<ApiResult<{ name: string }>> {
  const r = await api.claim(name, password, s.client.token);
  if (r.ok) s.client.signIn(r.value.token);
  return r.ok ? { ok: true, value: { name: r.value.name } } : r;
}

/** Signs in on this device: its new token replaces the guest's, and the connection says hello with it. */
export async function signIn(s: Services, name: string, password: string): Promise<ApiResult<{ name: string }>> {
  const r = await api.signIn(name, password);
  if (r.ok) s.client.signIn(r.value.token);
  return r.ok ? { ok: true, value: { name: r.value.name } } : r;
}

export async function changePassword(s: Services, password: string, newPassword: string): Promise<ApiResult<void>> {
  const token = s.client.token;
  if (token === null) return { ok: false, code: 'UNAUTHORIZED', message: '', retryAfter: null };
  return api.changePassword(token, password, newPassword);
}

/** Chooses the account's avatar (null: the pattern); the app's own player shows it at once, the tables when the server tells them. */
export async function chooseAvatar(s: Services, avatar: string | null): Promise<ApiResult<void>> {
  const token = s.client.token;
  if (token === null) return { ok: false, code: 'UNAUTHORIZED', message: '', retryAfter: null };
  const r = await api.setAvatar(token, avatar);
  if (r.ok) {
    s.store.update((st) => {
      if (st.player === null) return st;
      const { avatar: _old, ...rest } = st.player;
      return { ...st, player: avatar === null ? rest : { ...rest, avatar } };
    });
  }
  return r;
}

/** Says whether the account is a bot; the app's own player carries `bot` only while it is one (as the server sends it). */
export async function chooseBot(s: Services, bot: boolean): Promise<ApiResult<void>> {
  const token = s.client.token;
  if (token === null) return { ok: false, code: 'UNAUTHORIZED', message: '', retryAfter: null };
  const r = await api.setBot(token, bot);
  if (r.ok) {
    s.store.update((st) => {
      if (st.player === null) return st;
      const { bot: _old, ...rest } = st.player;
      return { ...st, player: bot ? { ...rest, bot: true } : rest };
    });
  }
  return r;
}

/** Back to being a new guest: the connection closes, the token is forgotten, the app asks for a name again. */
function forget(s: Services): void {
  s.client.signOut();
  s.store.update((st) => ({ ...st, player: null, account: false, tables: {}, lobby: {}, lobbyPage: { next: null, total: 0 } }));
  s.navigate('/');
}

/** Signs out: this device's session ends (others stay signed in). A token the server no longer knows is signed out already. */
export async function signOut(s: Services, push: PushEnv = browserPushEnv()): Promise<ApiResult<void>> {
  const token = s.client.token;
  // This device stops getting the account's notifications (a shared computer's next user must not see them).
  if (token !== null) await disablePush(push, token).catch(() => null);
  const r = token === null ? null : await api.signOut(token);
  if (r !== null && !r.ok && r.code !== 'UNAUTHORIZED') return r;
  forget(s);
  return { ok: true, value: undefined };
}

/** Deletes the account (its password to be sure); this device is a new guest afterwards. */
export async function deleteAccount(s: Services, password: string): Promise<ApiResult<void>> {
  const token = s.client.token;
  if (token === null) return { ok: false, code: 'UNAUTHORIZED', message: '', retryAfter: null };
  const r = await api.deleteAccount(token, password);
  if (r.ok) forget(s);
  return r;
}
