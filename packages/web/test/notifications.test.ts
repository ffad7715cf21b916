import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MeNotifications } from '@parlor/protocol';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTICE_KINDS } from '@parlor/protocol';
import i18next, { type i18n } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationSettings } from '../src/ui/account/NotificationSettings.js';
import { type PushEnv, enablePush, keyBytes, pushState } from '../src/ui/account/push.js';
import { ForgotForm, ResetForm } from '../src/ui/account/ResetPages.js';
import { signOut } from '../src/ui/account/session.js';
import { type Services, ServicesContext } from '../src/ui/context.js';
import { LANGS } from './locale-files.js';

// The web's side of notifications: the account page's settings, turning push on for a device, the
// forgotten-password pages, and the service worker's push handling (public/push-sw.js).

const dir = resolve(import.meta.dirname, '../src/i18n/locales');
const ACCOUNT = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(resolve(dir, l, 'account.json'), 'utf8')) as Record<string, unknown>]));

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false },
    resources: Object.fromEntries(Object.entries(ACCOUNT).map(([lang, account]) => [lang, { translation: { account } }])),
  });
});
afterEach(() => { vi.unstubAllGlobals(); });

const services = { client: { token: 'tok' }, store: {}, navigate: () => {} } as unknown as Services;
const render = (el: ReactElement) =>
  renderToStaticMarkup(createElement(ServicesContext.Provider, { value: services }, createElement(I18nextProvider, { i18n }, el)));

/** The `<input>`s of some markup, each as its attributes. */
const inputs = (html: string) => [...html.matchAll(/<input([^>]*)\/?>/g)].map((m) =>
  Object.fromEntries([...m[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''])) as Record<string, string | undefined>);

const me = (over: Partial<MeNotifications> = {}): MeNotifications =>
  ({ email: { address: 'ann@example.org', confirmed: true }, language: 'en', notifications: DEFAULT_NOTIFICATION_SETTINGS, mail: true, ...over });

/** A browser as push.ts sees it, recording what is asked of it. */
function fakeEnv(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const calls: string[] = [];
  let subscription: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const env: PushEnv = {
    Notification: { permission, requestPermission: async () => { calls.push('requestPermission'); return answer; } },
    registration: async () => ({
      pushManager: {
        getSubscription: async () => subscription as unknown as PushSubscription | null,
        subscribe: async (o?: PushSubscriptionOptionsInit) => {
          calls.push(`subscribe ${Buffer.from(o!.applicationServerKey as Uint8Array).toString('base64url')} ${o!.userVisibleOnly}`);
          subscription = { endpoint: 'https://push.example/1', toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }), unsubscribe: async () => true };
          return subscription as unknown as PushSubscription;
        },
      },
    }),
  };
  return { env, calls };
}

describe('notifications on the account page', () => {
  it('a table of every kind by push, mail and nothing, the saved choice checked; the confirmed address said', async () => {
    await i18n.changeLanguage('en');
    const html = render(createElement(NotificationSettings, { env: {}, initial: me({ notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, kinds: { ...DEFAULT_NOTIFICATION_SETTINGS.kinds, 'game-ended': 'email' } } }) }));
    const radios = inputs(html).filter((i) => i.type === 'radio');
    expect(radios.map((i) => `${i.name} ${i.value}`)).toEqual(NOTICE_KINDS.flatMap((k) => ['push', 'email', 'none'].map((c) => `notify-${k} ${c}`)));
    expect(radios.filter((i) => i.checked !== undefined).map((i) => i['aria-label'])).toEqual([
      'Your move: Push', 'A player challenged you: Push', 'A game ended: Mail', 'An invitation to a table: Push',
    ]);
    expect(html).toContain('ann@example.org is confirmed.');
    expect(html).not.toContain('Mail needs a confirmed address.');
  });

  it('mail is offered only with a confirmed address; an address waiting for its link says so; a server without mail says that', async () => {
    await i18n.changeLanguage('en');
    const waiting = render(createElement(NotificationSettings, { env: {}, initial: me({ email: { address: 'ann@example.org', confirmed: false } }) }));
    expect(waiting).toContain('A link to confirm ann@example.org is on its way');
    expect(inputs(waiting).filter((i) => i.value === 'email').every((i) => i.disabled !== undefined)).toBe(true);
    expect(inputs(waiting).find((i) => i.type === 'checkbox')?.disabled).toBe('');
    expect(waiting).toContain('Mail needs a confirmed address.');
    const off = render(createElement(NotificationSettings, { env: {}, initial: me({ email: null, mail: false }) }));
    expect(off).toContain('This server does not send mail.');
    expect(off).not.toContain('type="email"');
  });

  it.each(LANGS)('in %s every notification and reset text is there', async (lang) => {
    await i18n.changeLanguage(lang);
    const a = ACCOUNT[lang] as { notify: Record<string, unknown>; reset: Record<string, string> };
    expect(Object.keys(a.notify).sort()).toEqual(Object.keys((ACCOUNT.en as typeof a).notify).sort());
    const html = render(createElement(NotificationSettings, { env: {}, initial: me() }));
    expect(html).toContain(String(a.notify.title));
    expect(render(createElement(ForgotForm))).toContain(a.reset.forgotTitle);
  });
});

describe('push on this device', () => {
  it('asks permission on the click, subscribes with the server\'s key and sends the subscription', async () => {
    const key = Buffer.from(Array.from({ length: 65 }, (_, i) => i)).toString('base64url');
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (url === '/api/push/key') return new Response(JSON.stringify({ key }), { status: 200 });
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    });
    const { env, calls } = fakeEnv('default');
    expect(await pushState(env)).toBe('off');
    expect(await enablePush(env, 'tok')).toBe('on');
    expect(calls).toEqual(['requestPermission', `subscribe ${key} true`]);
    expect(sent).toEqual([{ url: '/api/push/subscriptions', body: { endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } } }]);
    expect(await pushState({ ...env, Notification: { permission: 'granted', requestPermission: async () => 'granted' } })).toBe('on');
  });

  it('signing out turns this device\'s notifications off first; a browser with no service worker yet does not hold it up', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => { calls.push(`${init.method} ${url} ${String(init.body ?? '')}`); return new Response(null, { status: 204 }); });
    const sub = { endpoint: 'https://push.example/1', unsubscribe: async () => { calls.push('unsubscribe'); return true; } };
    const registration = { pushManager: { getSubscription: async () => sub as unknown as PushSubscription, subscribe: async () => { throw new Error('no'); } } };
    const s = { client: { token: 'tok', signOut: () => calls.push('client.signOut') }, store: { update: () => {} }, navigate: () => {} } as unknown as Services;
    await signOut(s, { Notification: { permission: 'granted', requestPermission: async () => 'granted' }, registration: async () => registration, current: async () => registration });
    expect(calls).toEqual(['DELETE /api/push/subscriptions {"endpoint":"https://push.example/1"}', 'unsubscribe', 'DELETE /api/sessions ', 'client.signOut']);
    calls.length = 0;
    await signOut(s, { Notification: { permission: 'granted', requestPermission: async () => 'granted' }, registration: () => new Promise(() => {}), current: async () => undefined });
    expect(calls).toEqual(['DELETE /api/sessions ', 'client.signOut']);
  });

  it('a refusal is "denied" and nothing is subscribed; a browser without push is "unsupported"', async () => {
    const { env, calls } = fakeEnv('default', 'denied');
    expect(await enablePush(env, 'tok')).toBe('denied');
    expect(calls).toEqual(['requestPermission']);
    expect(await pushState({})).toBe('unsupported');
    expect(await enablePush({}, 'tok')).toBe('unsupported');
    expect([...keyBytes('AQID')]).toEqual([1, 2, 3]);
  });
});

describe('the forgotten password pages', () => {
  it('the reset page without the link\'s token says to open the link again; with one it asks for the new password twice', async () => {
    await i18n.changeLanguage('en');
    expect(render(createElement(ResetForm, { token: null }))).toContain('This page needs the link from the mail');
    const page = inputs(render(createElement(ResetForm, { token: 'abc' })));
    expect(page.map((i) => [i.type, i.autoComplete])).toEqual([['password', 'new-password'], ['password', 'new-password']]);
  });
});

describe('the service worker\'s push handling (public/push-sw.js)', () => {
  const code = readFileSync(resolve(import.meta.dirname, '../public/push-sw.js'), 'utf8');
  function worker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
    const listeners = new Map<string, (e: unknown) => void>();
    const shown: { title: string; options: { body: string; data: { url: string }; tag?: string } }[] = [];
    const opened: string[] = [];
    const self = {
      location: { origin: 'https://parlor.example.org' },
      addEventListener: (type: string, f: (e: unknown) => void) => listeners.set(type, f),
      registration: { showNotification: async (title: string, options: never) => { shown.push({ title, options }); } },
      clients: { matchAll: async () => windows, openWindow: async (url: string) => { opened.push(url); } },
    };
    new Function('self', code)(self);
    const fire = async (type: string, e: object) => {
      let wait: Promise<unknown> = Promise.resolve();
      listeners.get(type)!({ ...e, waitUntil: (p: Promise<unknown>) => { wait = p; } });
      await wait;
    };
    return { fire, shown, opened };
  }

  it('shows a push\'s title and line, keeping its table to open', async () => {
    const w = worker();
    const payload = { title: 'Parlor', body: 'Your move at Flip 7', url: '/t/T1', tag: 'parlor:T1', kind: 'your-move' };
    await w.fire('push', { data: { json: () => payload } });
    expect(w.shown).toEqual([{ title: 'Parlor', options: expect.objectContaining({ body: 'Your move at Flip 7', tag: 'parlor:T1', data: { url: '/t/T1' } }) }]);
    await w.fire('push', { data: { json: () => ({ body: 'x', url: 'https://evil.example/' }) } });
    expect(w.shown[1]!.options.data.url).toBe('/'); // only a path of this site is opened
  });

  it('a click focuses a window already on the table, or opens one', async () => {
    const focused: string[] = [];
    const w = worker([{ url: 'https://parlor.example.org/t/T1', focus: async () => focused.push('T1') }]);
    const click = (url: string) => w.fire('notificationclick', { notification: { close: () => {}, data: { url } } });
    await click('/t/T1');
    expect(focused).toEqual(['T1']);
    await click('/t/T2');
    expect(w.opened).toEqual(['https://parlor.example.org/t/T2']);
  });
});
