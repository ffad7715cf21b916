import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PlayerInfo, SeatInfo } from '@parlor/protocol';
import i18next, { type i18n } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppState, Store } from '../src/state/store.js';
import { BotBadge, BotMarkOf, seatPlayer } from '../src/ui/account/BotBadge.js';
import { chooseBot } from '../src/ui/account/session.js';
import { type Services, ServicesContext } from '../src/ui/context.js';
import { Chat } from '../src/ui/table/Chat.js';
import type { TableState } from '../src/state/store.js';
import { LANGS } from './locale-files.js';

// Bot accounts (an account that says a program plays with it) are marked in words: "Bot" on the
// profile, "bot account" beside the name at a seat and in the chat, in the page's language, with a
// hint. The account page's setting saves it and the app's own player follows.

type AccountFile = { bot: Record<'setting' | 'settingHint' | 'savedOn' | 'savedOff' | 'badge' | 'seat' | 'help', string> } & Record<string, unknown>;
const dir = resolve(import.meta.dirname, '../src/i18n/locales');
const ACCOUNT = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(resolve(dir, l, 'account.json'), 'utf8')) as AccountFile]));

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false },
    resources: Object.fromEntries(Object.entries(ACCOUNT).map(([lang, account]) => [lang, { translation: { account } }])),
  });
});

const render = (el: ReactElement, services = { client: {}, store: {}, navigate: () => {} } as unknown as Services) =>
  renderToStaticMarkup(createElement(ServicesContext.Provider, { value: services }, createElement(I18nextProvider, { i18n }, el)));
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('the bot account badge', () => {
  it.each(LANGS)('says "Bot" and "bot account" in %s, in words, with a hint', async (lang) => {
    await i18n.changeLanguage(lang);
    const bot = ACCOUNT[lang]!.bot;
    const profile = render(createElement(BotBadge));
    expect(profile).toBe(`<span class="badge badge-bot" title="${escaped(bot.help)}">${escaped(bot.badge)}</span>`);
    expect(render(createElement(BotBadge, { seat: true }))).toContain(`>${escaped(bot.seat)}</span>`);
    for (const text of Object.values(bot)) expect(text.trim()).not.toBe('');
    if (lang !== 'en') expect(bot.setting).not.toBe(ACCOUNT.en!.bot.setting);
  });

  it('marks a seat only when its player is a bot account (not a guest, a person, a table bot or an empty seat)', async () => {
    await i18n.changeLanguage('en');
    const robo: PlayerInfo = { id: 'r', name: 'Robo', account: true, bot: true };
    const ann: PlayerInfo = { id: 'a', name: 'Ann', account: true };
    const seat = (s: Partial<SeatInfo> & { kind: SeatInfo['kind'] }) => ({ seat: 0, ...s }) as SeatInfo;
    const mark = (s: SeatInfo | undefined) => render(createElement(BotMarkOf, { player: seatPlayer(s) }));
    expect(mark(seat({ kind: 'player', player: robo, connected: true, away: false } as Partial<SeatInfo> & { kind: 'player' }))).toContain('badge-bot');
    expect(mark(seat({ kind: 'player', player: ann, connected: true, away: false } as Partial<SeatInfo> & { kind: 'player' }))).toBe('');
    expect(mark(seat({ kind: 'bot', level: 'basic' } as Partial<SeatInfo> & { kind: 'bot' }))).toBe('');
    expect(mark(seat({ kind: 'empty' }))).toBe('');
    expect(mark(undefined)).toBe('');
  });

  it('marks the chat lines of a bot account, not of others', async () => {
    await i18n.changeLanguage('en');
    const table = {
      summary: { id: 't1' },
      chat: [
        { from: { id: 'r', name: 'Robo', account: true, bot: true }, text: 'beep', at: '2026-12-01T10:00:00.000Z' },
        { from: { id: 'a', name: 'Ann', account: true }, text: 'hi', at: '2026-12-01T10:00:01.000Z' },
      ],
    } as unknown as TableState;
    const lines = render(createElement(Chat, { table })).split('<li>').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`badge-bot" title="${escaped(ACCOUNT.en!.bot.help)}">${ACCOUNT.en!.bot.seat}<`);
    expect(lines[1]).not.toContain('badge-bot');
  });
});

describe('the account page\'s setting', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  function services(token: string | null) {
    const store = new Store();
    store.update((s): AppState => ({ ...s, player: { id: 'r', name: 'Robo', account: true, avatar: 'owl' }, account: true }));
    return { store, client: { token }, navigate: () => {} } as unknown as Services & { store: Store };
  }
  const calls: { url: string; init: RequestInit }[] = [];
  const reply = (status: number, body?: unknown) => {
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }));
  };

  it('saves it with the account\'s token, and the app\'s own player carries `bot` only while it is one', async () => {
    const s = services('tok');
    reply(204);
    expect(await chooseBot(s, true)).toEqual({ ok: true, value: undefined });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/accounts/bot');
    expect(calls[0]!.init.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ bot: true });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(s.store.get().player).toEqual({ id: 'r', name: 'Robo', account: true, avatar: 'owl', bot: true });
    reply(204);
    expect((await chooseBot(s, false)).ok).toBe(true);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ bot: false });
    expect(s.store.get().player).toEqual({ id: 'r', name: 'Robo', account: true, avatar: 'owl' });
  });

  it('a refusal, or no token, changes nothing', async () => {
    const s = services('tok');
    reply(403, { error: 'UNAUTHORIZED', message: 'Only an account can say it is a bot; claim your name first.' });
    expect(await chooseBot(s, true)).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect(s.store.get().player).toEqual({ id: 'r', name: 'Robo', account: true, avatar: 'owl' });
    const none = services(null);
    reply(204);
    expect(await chooseBot(none, true)).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect(calls).toEqual([]);
    expect(none.store.get().player?.bot).toBeUndefined();
  });
});
