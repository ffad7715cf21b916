import i18next, { type i18n } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enAccount from '../src/i18n/locales/en/account.json' with { type: 'json' };
import enCommon from '../src/i18n/locales/en/common.json' with { type: 'json' };
import itAccount from '../src/i18n/locales/it/account.json' with { type: 'json' };
import jaAccount from '../src/i18n/locales/ja/account.json' with { type: 'json' };
import koAccount from '../src/i18n/locales/ko/account.json' with { type: 'json' };
import plAccount from '../src/i18n/locales/pl/account.json' with { type: 'json' };
import type { TableState } from '../src/state/store.js';
import { AccountBadge } from '../src/ui/account/AccountBadge.js';
import { type Services, ServicesContext } from '../src/ui/context.js';
import { Chat } from '../src/ui/table/Chat.js';

// Accounts are marked beside their names (seats, chat, profiles), so that a guest with a similar
// name is told apart: a badge whose text, in the page's language, is its accessible name.

const ACCOUNT = { en: enAccount, it: itAccount, ja: jaAccount, ko: koAccount, pl: plAccount };
let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false },
    resources: Object.fromEntries(Object.entries(ACCOUNT).map(([lang, account]) => [lang, { translation: { ...(lang === 'en' ? enCommon : {}), account } }])),
  });
});

const services = { client: {}, store: {}, navigate: () => {} } as unknown as Services;
const render = (el: ReactElement) => renderToStaticMarkup(createElement(ServicesContext.Provider, { value: services }, createElement(I18nextProvider, { i18n }, el)));

describe('the account badge', () => {
  it.each(Object.entries(ACCOUNT))('says "account" in %s, with a hint', async (lang, account) => {
    await i18n.changeLanguage(lang);
    const html = render(createElement(AccountBadge));
    expect(html).toContain(`>${account.badge.label}</span>`);
    expect(html).toContain(`title="${account.badge.help}"`);
    expect(account.badge.label).not.toBe('');
  });

  it('marks the chat lines of accounts, not of guests', async () => {
    await i18n.changeLanguage('en');
    const table = {
      summary: { id: 't1' },
      chat: [
        { from: { id: 'a', name: 'Alice', account: true }, text: 'hello', at: '2026-12-01T10:00:00.000Z' },
        { from: { id: 'b', name: 'Al\u0456ce', account: false }, text: 'hi', at: '2026-12-01T10:00:01.000Z' },
      ],
    } as unknown as TableState;
    const lines = render(createElement(Chat, { table })).split('<li>').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Alice');
    expect(lines[0]).toContain(`badge-account" title="${enAccount.badge.help}">${enAccount.badge.label}<`);
    expect(lines[1]).not.toContain('badge-account');
  });
});
