import { notifyApi } from '../../net/notify-api.js';

/**
 * Web push on this device: asking the browser for permission, subscribing with the server's VAPID
 * key and sending the subscription to the server. The browser's objects come in as `env`, so
 * tests give their own.
 */
export interface PushEnv {
  readonly Notification?: { readonly permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> };
  /** The service worker's registration once it is active (navigator.serviceWorker.ready: it waits for one). */
  readonly registration?: () => Promise<PushRegistration>;
  /** The registration there is now, if any (navigator.serviceWorker.getRegistration: it never waits). */
  readonly current?: () => Promise<PushRegistration | undefined>;
}

type PushRegistration = { readonly pushManager: Pick<PushManager, 'subscribe' | 'getSubscription'> };

/** What the device's notifications are: on, off (could be turned on), refused by the person (in the browser's settings), or not possible here. */
export type PushState = 'on' | 'off' | 'denied' | 'unsupported';

/** The browser's own, where it has them (an iPhone only in an app added to the Home Screen). */
export function browserPushEnv(): PushEnv {
  const w = globalThis as { Notification?: PushEnv['Notification']; PushManager?: unknown; navigator?: Navigator };
  if (w.Notification === undefined || w.PushManager === undefined || w.navigator?.serviceWorker === undefined) return {};
  const sw = w.navigator.serviceWorker;
  return { Notification: w.Notification, registration: () => sw.ready, current: () => sw.getRegistration() };
}

/** A base64url key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function pushState(env: PushEnv): Promise<PushState> {
  if (env.Notification === undefined || env.registration === undefined) return 'unsupported';
  if (env.Notification.permission === 'denied') return 'denied';
  if (env.Notification.permission !== 'granted') return 'off';
  const sub = await (await (env.current ?? env.registration)())?.pushManager.getSubscription();
  return sub === null || sub === undefined ? 'off' : 'on';
}

/**
 * Turns notifications on for this device: permission (asked only now, on the person's click),
 * a subscription with the server's key, sent to the server. Resolves to the state after, or the
 * API's refusal code.
 */
export async function enablePush(env: PushEnv, token: string): Promise<PushState | { error: string }> {
  if (env.Notification === undefined || env.registration === undefined) return 'unsupported';
  const permission = env.Notification.permission === 'granted' ? 'granted' : await env.Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const key = await notifyApi.pushKey();
  if (!key.ok) return { error: key.code };
  const reg = await env.registration();
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.value.key) });
  const sent = await notifyApi.subscribe(token, sub.toJSON());
  return sent.ok ? 'on' : { error: sent.code };
}

/** Turns them off for this device: the browser's subscription ends and the server forgets it. */
export async function disablePush(env: PushEnv, token: string): Promise<PushState | { error: string }> {
  if (env.registration === undefined) return 'unsupported';
  const sub = await (await (env.current ?? env.registration)())?.pushManager.getSubscription();
  if (sub === null || sub === undefined) return 'off';
  const forgot = await notifyApi.unsubscribe(token, sub.endpoint);
  await sub.unsubscribe();
  return forgot.ok ? 'off' : { error: forgot.code };
}
