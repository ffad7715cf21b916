import { type ReactNode, Suspense, lazy } from 'react';
import { LearnRoute } from './learn/LearnRoute.js';
import { Lobby } from './lobby/Lobby.js';
import { OfflineGamePage, OfflinePage, OfflineReplayPage } from './offline/pages.js';
import { AccountPage, type AccountSection, GamesPage, LeaderboardPage, ProfilePage, ReplayPage, segment } from './replay/pages.js';
import { NewTournamentPage, TournamentPage, TournamentsPage } from './tournament/pages.js';

// The table page (and, through it, the game screens and their rules) is a chunk of its own, loaded
// when a table is opened: the first load of the page carries the lobby only.
const TablePage = lazy(() => import('./table/TablePage.js').then((m) => ({ default: m.TablePage })));
// A forgotten password's pages: a chunk of their own, as few open them.
const ForgotPage = lazy(() => import('./account/ResetPages.js').then((m) => ({ default: m.ForgotPage })));
const ResetPage = lazy(() => import('./account/ResetPages.js').then((m) => ({ default: m.ResetPage })));
// "Your turns": a chunk of its own, with the games' describers it loads for each table's last move.
const TurnsPage = lazy(() => import('./turns/TurnsPage.js').then((m) => ({ default: m.TurnsPage })));
// Friends, blocks and the chat switch: a chunk of their own.
// The moderators' page: a chunk of its own.
const ModPage = lazy(() => import('./moderation/ModPage.js').then((m) => ({ default: m.ModPage })));
const ModPlayerPage = lazy(() => import('./moderation/ModPlayerPage.js').then((m) => ({ default: m.ModPlayerPage })));
const FriendsPage = lazy(() => import('./friends/FriendsPage.js').then((m) => ({ default: m.FriendsPage })));
const loading = <div className="page-loading" aria-busy="true" />;

/**
 * The pages of the client, first match wins: each route reads the URL and, when it is its page,
 * renders it. One line a page; the lobby is the last, catch-all route.
 */
export interface Route {
  render(url: URL): ReactNode | null;
}

const path = (re: RegExp, page: (m: RegExpExecArray, url: URL) => ReactNode): Route => ({
  render: (url) => {
    const m = re.exec(url.pathname);
    return m === null ? null : page(m, url);
  },
});

export const ROUTES: readonly Route[] = [
  // `/t/<id>` a table (`?invite=…` for a private one).
  path(/^\/t\/([A-Za-z0-9_-]+)$/, (m, url) => (
    <Suspense fallback={<div className="table-page" aria-busy="true" />}>
      <TablePage tableId={m[1]!} invite={url.searchParams.get('invite')} />
    </Suspense>
  )),
  // An offline game's replay under the address the game screens' end link gives it (`/games/local-…/1`).
  path(/^\/games\/(local-[0-9a-f]{16})\/1$/, (m, url) => <OfflineReplayPage id={m[1]!} at={url.searchParams.get('at')} />),
  // `/games/<tableId>/<gameNo>` a finished game's replay (`?at=<position>`, `?invite=…` for a private table's).
  path(/^\/games\/([A-Za-z0-9_-]+)\/([1-9][0-9]{0,8})$/, (m, url) => <ReplayPage tableId={m[1]!} gameNo={Number(m[2])} invite={url.searchParams.get('invite')} at={url.searchParams.get('at')} />),
  // `/players/<name>` an account's profile, `/players/<name>/games` its games, `/me/games` yours (a guest's too).
  path(/^\/players\/([^/]+)$/, (m) => <ProfilePage name={segment(m[1]!)} />),
  path(/^\/players\/([^/]+)\/games$/, (m) => <GamesPage name={segment(m[1]!)} />),
  path(/^\/me\/games$/, () => <GamesPage name={null} />),
  // `/me/turns` your running turn-based tables, your move first.
  path(/^\/me\/turns$/, () => <Suspense fallback={loading}><TurnsPage /></Suspense>),
  // `/friends` friends, requests, blocked players and the all-chat mute (docs/api.md, "Friends").
  path(/^\/friends\/?$/, () => <Suspense fallback={loading}><FriendsPage /></Suspense>),
  // `/mod` the moderators' page: reports (`?status=acted|dismissed` the closed ones) and appeals (docs/api.md,
  // "Reports and moderation"); `/mod/players/<id>` a player's record, every action and report.
  path(/^\/mod\/?$/, (_m, url) => <Suspense fallback={loading}><ModPage status={url.searchParams.get('status')} /></Suspense>),
  path(/^\/mod\/players\/([A-Za-z0-9_-]+)\/?$/, (m) => <Suspense fallback={loading}><ModPlayerPage playerId={m[1]!} /></Suspense>),
  // `/leaderboard/<game>` accounts by rating in one game.
  path(/^\/leaderboard(?:\/([A-Za-z0-9_-]+))?$/, (m) => <LeaderboardPage game={m[1] ?? null} />),
  // `/account` who you are; `/account/claim`, `/account/sign-in`, `/account/password`, `/account/delete` its forms.
  // `/account/forgot` asks for a reset link; `/reset?token=…` is that link, from the mail (docs/notifications.md).
  path(/^\/account\/forgot$/, () => <Suspense fallback={loading}><ForgotPage /></Suspense>),
  path(/^\/reset$/, (_m, url) => <Suspense fallback={loading}><ResetPage token={url.searchParams.get('token')} /></Suspense>),
  path(/^\/account(?:\/(claim|sign-in|password|delete))?$/, (m) => <AccountPage section={(m[1] ?? 'overview') as AccountSection} />),
  // `/tournaments` the public tournaments, `/tournaments/new` the form that makes one, `/tournaments/<id>` one (`?invite=…` for a private one).
  path(/^\/tournaments\/?$/, () => <TournamentsPage />),
  path(/^\/tournaments\/new\/?$/, () => <NewTournamentPage />),
  path(/^\/tournaments\/([A-Za-z0-9_-]+)\/?$/, (m, url) => <TournamentPage id={m[1]!} invite={url.searchParams.get('invite')} />),
  // `/learn/<game>` how to play a game, `/learn/<game>/guided` its guided first game (in the browser, no server).
  path(/^\/learn\/([A-Za-z0-9_-]+)\/?$/, (m) => <LearnRoute game={m[1]!} page="rules" />),
  path(/^\/learn\/([A-Za-z0-9_-]+)\/guided\/?$/, (m) => <LearnRoute game={m[1]!} page="guided" />),
  // `/offline` games against bots with no connection (issue 14): set up and kept here; `/offline/<id>` one
  // played in the browser (rules and bots in a Web Worker), `/offline/<id>/replay` its replay (`?at=`).
  path(/^\/offline\/?$/, () => <OfflinePage />),
  path(/^\/offline\/(local-[0-9a-f]{16})\/?$/, (m) => <OfflineGamePage id={m[1]!} />),
  path(/^\/offline\/(local-[0-9a-f]{16})\/replay\/?$/, (m, url) => <OfflineReplayPage id={m[1]!} at={url.searchParams.get('at')} />),
  // Anything else: the lobby.
  { render: () => <Lobby /> },
];

export function page(url: URL): ReactNode {
  for (const r of ROUTES) {
    const out = r.render(url);
    if (out !== null) return out;
  }
  return null;
}
