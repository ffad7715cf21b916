import { type MouseEvent as ReactMouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { profileHref } from '../../net/api.js';
import { useApp, useServices } from '../context.js';
import { signOut } from './session.js';
import { ModMenuItem } from '../moderation/ModMenuItem.js';
import './account.css';

/** The first character of a name as it appears on screen (an emoji or an accented letter whole), for the narrow header's round button. */
export function nameInitial(name: string): string {
  // The first code point where the browser has no Segmenter.
  const first = typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name)[Symbol.iterator]().next().value?.segment
    : [...name][0];
  return (first ?? '').toLocaleUpperCase();
}

/**
 * The header's "who you are": the name, whether it is a guest or an account, and a menu — "Sign in"
 * and "Claim your name" for a guest; "Your profile", "Your games", "Change password", "Sign out" and
 * "Delete account" for an account. A disclosure (details/summary): Enter or Space opens it, Escape
 * closes it, and choosing an entry closes it too. On a narrow screen the button shows the name's
 * initial alone (shell stylesheet), its words kept for screen readers.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const services = useServices();
  const player = useApp((s) => s.player);
  const account = useApp((s) => s.account);
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const d = menu.current;
      if (e.key === 'Escape' && d?.open) { d.open = false; d.querySelector('summary')?.focus(); }
    };
    const onClick = (e: MouseEvent) => {
      const d = menu.current;
      if (d?.open && !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => { document.removeEventListener('keydown', onKey); document.removeEventListener('click', onClick); };
  }, []);
  if (player === null) return null;
  const go = (href: string) => (e: ReactMouseEvent) => {
    e.preventDefault();
    if (menu.current) menu.current.open = false;
    services.navigate(href);
  };
  const entries: [string, string][] = account
    ? [[profileHref(player.name), t('account.nav.profile')], ['/me/games', t('account.nav.myGames')], ['/friends', t('account.nav.friends')], ['/account/password', t('account.password.title')], ['/account/delete', t('account.delete.title')]]
    : [['/account/claim', t('account.claim.title')], ['/account/sign-in', t('account.signIn.title')], ['/me/games', t('account.nav.myGames')], ['/friends', t('account.nav.friends')]];
  return (
    <details className={`account-menu ${account ? 'is-account' : 'is-guest'}`} ref={menu}>
      {/* Named by what it shows, then what it is (a name given apart would have to contain the visible words). */}
      <summary>
        <span className="account-initial" aria-hidden="true">{nameInitial(player.name)}</span>
        <span className="who">{player.name}</span> <span className="account-kind">{account ? t('account.menu.account') : t('account.menu.guest')}</span>
        {' '}<span className="visually-hidden">{t('account.menu.label')}</span>
      </summary>
      <ul>
        {entries.map(([href, text]) => <li key={href}><a href={href} onClick={go(href)}>{text}</a></li>)}
        {account && <ModMenuItem onClick={go('/mod')} />}
        {account && (
          <li>
            <button type="button" className="link-button" onClick={() => { if (menu.current) menu.current.open = false; void signOut(services); }}>
              {t('account.signOut.button')}
            </button>
          </li>
        )}
      </ul>
    </details>
  );
}
