import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../i18n/index.js';
import type { ParlorClient } from '../net/client.js';
import type { Store } from '../state/store.js';
import { AccountMenu } from './account/AccountMenu.js';
import { ServicesContext, useApp, useServices } from './context.js';
import { NameForm } from './lobby/NameForm.js';
import { followLobbyFacts } from './lobby/online.js';
import { rememberYourTables } from './lobby/remembered.js';
import { Notice } from './Notice.js';
import { Invitations } from './invitations/Invitations.js';
import { UpdateNote } from './UpdateNote.js';
import { page } from './routes.js';
import { SettingsMenu } from './settings/SettingsMenu.js';
import { TurnsLink, useTurnsTitle } from './turns/TurnsLink.js';
import { followTurns } from './turns/turns-store.js';
import { WithStrings } from './WithStrings.js';
import './shell.css';

// A moderator's action holding the account back, or a recent warning: a notice, a chunk of its own
// loaded for accounts only (ui/moderation/ModerationNotice.tsx).
const ModerationNotice = lazy(() => import('./moderation/ModerationNotice.js').then((m) => ({ default: m.ModerationNotice })));

/** The current path, and a way to go elsewhere without reloading (routes.tsx says what each shows). */
function usePath(): [string, (p: string) => void] {
  const [path, setPath] = useState(() => window.location.pathname + window.location.search);
  useEffect(() => {
    const on = () => setPath(window.location.pathname + window.location.search);
    window.addEventListener('popstate', on);
    return () => window.removeEventListener('popstate', on);
  }, []);
  const navigate = useCallback((p: string) => { window.history.pushState(null, '', p); setPath(p); }, []);
  return [path, navigate];
}

export function App({ client, store }: { client: ParlorClient; store: Store }) {
  // Before the first welcome can arrive: the online count and the seats it lists (ui/lobby/online.ts),
  // and the tables of "Your games" as this browser saw them (ui/lobby/remembered.ts).
  followLobbyFacts(client);
  rememberYourTables(client);
  // The player's turn-based tables, for the header's count and the tab title (ui/turns/).
  followTurns(client);
  const [path, navigate] = usePath();
  const services = useMemo(() => ({ client, store, navigate }), [client, store, navigate]);
  return (
    <ServicesContext.Provider value={services}>
      <Shell path={path} />
    </ServicesContext.Provider>
  );
}

/**
 * Pages that need no name: "How to play", the guided games and the offline games run in the browser
 * alone, and what is there to read — a finished game's replay, a player's profile and games, the
 * leaderboards — opens at once from a shared link (the public read API needs no identity). A name
 * is asked for where one is needed: to sit at a table, to chat, for "Your games" and the account.
 */
const NO_NAME_NEEDED = /^\/(?:learn|offline|games|players|leaderboard)(?:\/|$)/;

/**
 * The locale files a page needs beyond those loaded at start (i18n/index.ts). A game's own come with
 * the part of it a page shows (its screen, replay, "How to play" or lesson: ui/games/web-game.ts).
 */
function pageStrings(pathname: string): readonly string[] {
  if (/^\/learn(?:\/|$)/.test(pathname)) return LEARN_STRINGS;
  if (/^\/games\//.test(pathname)) return REPLAY_STRINGS;
  if (/^\/tournaments(?:\/|$)/.test(pathname)) return TOURNAMENT_STRINGS;
  return NO_STRINGS;
}
const LEARN_STRINGS = ['learn'] as const;
const REPLAY_STRINGS = ['replay'] as const;
const TOURNAMENT_STRINGS = ['tournament'] as const;
const NO_STRINGS = [] as const;

function Shell({ path }: { path: string }) {
  const { t } = useTranslation();
  const player = useApp((s) => s.player);
  const account = useApp((s) => s.account);
  const { client } = useServices();
  const url = new URL(path, window.location.origin);
  const needsName = player === null && client.token === null && !NO_NAME_NEEDED.test(url.pathname);
  useFocusKeeper(path);
  useTurnsTitle();
  return (
    <>
      <a className="skip" href="#main">{t('app.skip')}</a>
      <Header />
      <main id="main">
        {/* In the main region (every part of the page is in a landmark). The name form says its own
            refusals beside the field, once. */}
        {!needsName && <Notice />}
        {!needsName && account && <Suspense fallback={null}><ModerationNotice /></Suspense>}
        {!needsName && <Invitations />}
        <UpdateNote />
        {needsName ? <NameForm /> : <WithStrings files={pageStrings(url.pathname)}>{page(url)}</WithStrings>}
      </main>
    </>
  );
}

function Header() {
  const { t, i18n } = useTranslation();
  const { navigate } = useServices();
  const connection = useApp((s) => s.connection);
  const { client } = useServices();
  // Nothing to connect before a first visitor has a name: no "Offline" then.
  const connecting = client.token !== null || connection !== 'closed';
  return (
    <header className="top">
      <a className="brand" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className="logo">
          <path d="M3 21 L15 3 M8 21 L20 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
        </svg> <span className="brand-name">{t('app.name')}</span>
      </a>
      {connecting && <span className={`conn conn-${connection}`} role="status"><span className="conn-text">{t(`app.connection.${connection}`)}</span></span>}
      {/* The turn-based tables waiting for your move, counted; nothing before a name. */}
      <TurnsLink />
      {/* Who you are (guest or account), with the account pages; nothing before a name. */}
      <AccountMenu />
      <SettingsMenu />
      <label className="lang">
        <span className="visually-hidden">{t('app.language')}</span>
        <select aria-label={t('app.language')} value={i18n.language} onChange={(e) => void setLanguage(e.target.value as Language)}>
          {LANGUAGES.map((l) => <option key={l.code} value={l.code} lang={l.code}>{l.name}</option>)}
        </select>
      </label>
    </header>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The first control inside `root` that can take the keyboard and is shown. */
function firstFocusable(root: HTMLElement): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) if (el.getClientRects().length > 0) return el;
  return null;
}

/** The page's heading (its h1), else the main region, takes the keyboard; true when it was the heading. */
function focusPage(): boolean {
  const main = document.getElementById('main');
  const heading = main?.querySelector<HTMLElement>('h1') ?? null;
  const target = heading ?? main;
  if (target === null) return false;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
  return heading !== null;
}

/**
 * Keeps the keyboard's place when the page changes under it, so that it never falls to the page's
 * body: after going to another page it goes to that page's heading (once the page shows one); when
 * the focused control disappears (a "Sit here" that became "Leave seat", a bot added, a form closed)
 * it goes to the first control left in the nearest part of the page still there. Game screens and
 * other parts marked `data-own-focus` place the keyboard themselves.
 */
function useFocusKeeper(path: string): void {
  const firstPath = useRef(true);
  const headingDue = useRef(false);
  useEffect(() => {
    let lastChain: HTMLElement[] = [];
    const onFocusIn = (e: FocusEvent) => {
      const el = e.target;
      if (!(el instanceof HTMLElement)) return;
      if (el.id !== 'main') headingDue.current = false;
      const chain: HTMLElement[] = [];
      for (let a: HTMLElement | null = el; a !== null && a !== document.body; a = a.parentElement) chain.push(a);
      lastChain = chain;
    };
    let scheduled = false;
    const check = () => {
      scheduled = false;
      const active = document.activeElement;
      const lost = active === null || active === document.body;
      if (headingDue.current) {
        if (lost || active?.id === 'main') focusPage();
        return;
      }
      const last = lastChain[0];
      if (!lost || last === undefined || last.isConnected) return;
      if (lastChain.some((a) => a.hasAttribute('data-own-focus'))) return;
      // The nearest part still there, inside the page or the header (not the page itself, nor the whole app).
      const main = document.getElementById('main');
      const anchor = lastChain.find((a) => a.isConnected && a !== main && !(main !== null && a.contains(main)));
      const target = anchor === undefined ? null : firstFocusable(anchor);
      if (target !== null) target.focus();
      else focusPage();
    };
    // After the page's own effects (which may place the keyboard themselves).
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(check, 0);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
  useEffect(() => {
    if (firstPath.current) { firstPath.current = false; return; }
    // A page loading its parts shows its heading a little later: the keyboard waits on the main region.
    headingDue.current = !focusPage();
  }, [path]);
}
