import { GAME_IDS } from '@parlor/protocol';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { leaderboardHref, profileHref } from '../../net/api.js';
import { useApp, useServices } from '../context.js';
import { CountedName, useWaitingCount } from '../turns/TurnsLink.js';
import './profile.css';

/** A link that moves within the app without reloading it. */
export function Link({ href, children, ...rest }: { href: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'>) {
  const { navigate } = useServices();
  return (
    <a href={href} {...rest} onClick={(e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window: the browser's own
      e.preventDefault();
      navigate(href);
      window.scrollTo(0, 0);
    }}>{children}</a>
  );
}

/** The links between the players' pages: the lobby, the leaderboards, the tournaments, your turns (with the count waiting for you), your games, your profile or account. */
export function Nav() {
  const { t } = useTranslation();
  const player = useApp((s) => s.player);
  const account = useApp((s) => s.account);
  const here = window.location.pathname;
  const waiting = useWaitingCount();
  const links: [string, string][] = [
    ['/', t('account.nav.lobby')],
    [leaderboardHref(GAME_IDS[0]), t('account.nav.leaderboards')],
    ['/tournaments', t('account.nav.tournaments')],
    ['/me/turns', t('turns.nav')],
    ['/me/games', t('account.nav.myGames')],
    ...(account && player !== null ? [[profileHref(player.name), t('account.nav.profile')] as [string, string]] : []),
    ['/account', t('account.nav.account')],
  ];
  return (
    <nav className="page-nav" aria-label={t('account.nav.label')}>
      <ul>
        {links.map(([href, text]) => (
          <li key={href}>
            <Link href={href} aria-current={here === href || (href.startsWith('/leaderboard/') && here.startsWith('/leaderboard/')) ? 'page' : undefined}>
              {href === '/me/turns' && waiting > 0 ? <CountedName count={waiting} className="nav-turns-text" /> : text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
