import type { TournamentDetail } from '@parlor/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, replayHref, tournamentHref } from '../../net/api.js';
import { RatedBadge } from '../account/RatedBadge.js';
import { useApp, useServices } from '../context.js';
import { useTitle } from '../learn/useTitle.js';
import { GameCover } from '../lobby/Pictures.js';
import { Link } from '../profile/Nav.js';
import { ErrorText } from './ErrorText.js';
import { MomentText, formatText } from './Facts.js';
import { useTournament } from './live.js';
import { type GameRow, type StandingRow, entryOf, gameRows, isOpen, myTable, podium, pointsText, standingRows } from './standings.js';
import '../account/account.css';
import './tournament.css';

/**
 * `/tournaments/<id>` (`?invite=` for a private one): what the tournament is and where it stands
 * (a countdown to its start or its end, or its round), Join and Leave, the live standings, the
 * games under way and those finished, the results once it is over, and a private one's invite.
 * When the tournament seats you (`tournament.paired`), the page goes to your table at once.
 */
export function TournamentPage({ id, invite }: { id: string; invite: string | null }) {
  const { t } = useTranslation();
  const { navigate } = useServices();
  const me = useApp((s) => s.player?.id ?? null);
  const { detail, error, refresh } = useTournament(id, invite, (tableId) => navigate(`/t/${tableId}`));
  useTitle(`${detail?.name ?? t('tournament.list.title')} — ${t('app.name')}`);
  if (detail === null) {
    return (
      <div className="tournament-page">
        <nav className="tournament-back"><Link href="/tournaments">← {t('tournament.page.back')}</Link></nav>
        {error === null
          ? <p className="page-loading" aria-busy="true" />
          : <p className="panel form-error" role="alert"><ErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
      </div>
    );
  }
  return <Detail detail={detail} invite={invite} me={me} refresh={refresh} />;
}

/** The page once the tournament is known (exported for its tests). */
export function Detail({ detail: d, invite, me, refresh }: { detail: TournamentDetail; invite: string | null; me: string | null; refresh: () => void }) {
  const { t, i18n } = useTranslation();
  const rows = standingRows(d, me, i18n.language);
  const games = gameRows(d);
  const top = podium(d);
  return (
    <div className="tournament-page">
      <nav className="tournament-back"><Link href="/tournaments">← {t('tournament.page.back')}</Link></nav>
      <header className="panel tournament-head">
        <GameCover game={d.game} className="choice-cover" />
        <div className="tournament-head-main">
          <h1>{d.name}</h1>
          <p className="tournament-row-facts">
            <span>{t(`games.${d.game}.name`)}</span>
            <span>{formatText(d, t)}</span>
            {d.rated && <RatedBadge />}
            {d.private && <span className="badge">{t('tournament.page.private')}</span>}
          </p>
          <p className="tournament-moment"><MomentText summary={d} /></p>
        </div>
      </header>
      <Entry detail={d} invite={invite} me={me} refresh={refresh} />
      {d.private && d.invite !== null && <InviteLink id={d.id} invite={d.invite} />}
      {top.length > 0 && (
        <section className="panel tournament-results" aria-labelledby="results-title">
          <h2 id="results-title">{t('tournament.page.results')}</h2>
          <ol className="tournament-podium">
            {top.map((p) => (
              <li key={p.id} className={`place-${p.rank}`}>
                <span className="tournament-place">{t('tournament.page.place', { rank: p.rank })}</span>
                <strong>{p.name}</strong>
                <span className="muted">{t('tournament.page.points', { points: pointsText(p.points, d.format, i18n.language) })}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <Standings detail={d} rows={rows} />
      <Games title={t('tournament.page.live')} empty={t('tournament.page.noLive')} rows={games.live} href={(g) => `/t/${g.tableId}`}
        link={t('tournament.page.watch')} id="live-games" swiss={d.format === 'swiss'} />
      {games.finished.length > 0 && (
        <Games title={t('tournament.page.finished')} empty="" rows={games.finished} href={(g) => replayHref(g.tableId, 1)}
          link={t('tournament.page.replay')} id="finished-games" swiss={d.format === 'swiss'} />
      )}
      <section className="panel tournament-rules" aria-labelledby="rules-title">
        <h2 id="rules-title">{t('tournament.page.rulesTitle')}</h2>
        <p>{t(`tournament.rules.${d.format}`)}</p>
        <ul className="tournament-facts">
          <li>{t('tournament.page.seats', { count: d.seats })}</li>
          <li>{t('tournament.page.moveTimer', { seconds: d.moveTimer })}</li>
          {d.format === 'swiss' && d.roundMinutes !== null && <li>{t('tournament.page.roundMinutes', { minutes: d.roundMinutes })}</li>}
          {d.minPlayers >= 2 && <li>{t('tournament.page.minPlayers', { count: d.minPlayers })}</li>}
          {d.fillWithBots && <li>{t('tournament.page.fillWithBots')}</li>}
          {d.createdBy !== null && <li>{t('tournament.page.createdBy', { name: d.createdBy })}</li>}
        </ul>
      </section>
    </div>
  );
}

/** Join, Leave or "Join again", by where you stand; your table when you have one. */
function Entry({ detail: d, invite, me, refresh }: { detail: TournamentDetail; invite: string | null; me: string | null; refresh: () => void }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ code: string; retryAfter: number | null; message: string } | null>(null);
  const entry = entryOf(d, me);
  const table = myTable(d, me);
  const open = isOpen(d);
  const act = async (what: 'join' | 'leave') => {
    const token = client.token;
    if (token === null) return;
    setBusy(true);
    const r = what === 'join' ? await api.joinTournament(token, d.id, invite ?? d.invite) : await api.leaveTournament(token, d.id);
    setBusy(false);
    setRefusal(r.ok ? null : { code: r.code, retryAfter: r.retryAfter, message: r.message });
    refresh();
  };
  if (!open && entry === 'out') return null;
  return (
    <section className="panel tournament-entry" aria-label={t('tournament.page.entry')}>
      {table !== null && (
        <p className="tournament-your-table">
          {t('tournament.page.yourTable')} <Link href={`/t/${table}`}>{t('tournament.page.goToTable')}</Link>
        </p>
      )}
      <p className="tournament-entry-state" role="status">
        {entry === 'in' && t(d.status === 'finished' ? 'tournament.page.youPlayed' : 'tournament.page.youAreIn')}
        {entry === 'withdrawn' && t('tournament.page.youWithdrew')}
        {entry === 'out' && t('tournament.page.youAreOut')}
      </p>
      {open && (
        <div className="row">
          {entry === 'in'
            ? <button type="button" className="secondary" disabled={busy} onClick={() => void act('leave')}>{t('tournament.page.leave')}</button>
            : <button type="button" disabled={busy} onClick={() => void act('join')}>{t(entry === 'withdrawn' ? 'tournament.page.joinAgain' : 'tournament.page.join')}</button>}
        </div>
      )}
      {refusal !== null && (
        <p className="form-error" role="alert">
          <ErrorText code={refusal.code} retryAfter={refusal.retryAfter} />
          {refusal.code === 'ACCOUNT_REQUIRED' && <> <Link href="/account/claim">{t('account.claim.title')}</Link></>}
        </p>
      )}
      {table === null && entry === 'in' && d.status === 'running' && <p className="hint">{t('tournament.page.waitingTable')}</p>}
    </section>
  );
}

function InviteLink({ id, invite }: { id: string; invite: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${tournamentHref(id, invite)}`;
  return (
    <div className="panel row invite">
      <label>{t('tournament.page.invite')} <input readOnly value={link} onFocus={(e) => e.target.select()} /></label>
      <button type="button" className="secondary" onClick={() => { void navigator.clipboard?.writeText(link); setCopied(true); }}>
        {copied ? t('table.copied') : t('table.copy')}
      </button>
    </div>
  );
}

function Standings({ detail: d, rows }: { detail: TournamentDetail; rows: readonly StandingRow[] }) {
  const { t } = useTranslation();
  const arena = d.format === 'arena';
  return (
    // Its name is the table's scrolling region's (two landmarks of one name would not be told apart).
    <section className="panel">
      <h2 id="standings-title">{t('tournament.page.standings')}</h2>
      {rows.length === 0 ? <p className="hint">{t('tournament.page.noPlayers')}</p> : (
        <div className="tournament-table-scroll scroll-x" tabIndex={0} role="region" aria-labelledby="standings-title">
          <table className="leaderboard tournament-standings">
            <thead>
              <tr>
                <th scope="col">{t('tournament.page.rank')}</th>
                <th scope="col">{t('tournament.page.player')}</th>
                <th scope="col" className="num">{t('tournament.page.pointsHead')}</th>
                {/* The games played: left out on a narrow screen (profile.css, `.wide`), where the other columns matter more. */}
                <th scope="col" className="num wide">{t('tournament.page.games')}</th>
                <th scope="col" className="num">{t('tournament.page.wins')}</th>
                <th scope="col" className="num">{arena ? t('tournament.page.streak') : t('tournament.page.buchholz')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={[r.me ? 'me' : '', r.active ? '' : 'withdrawn'].join(' ').trim() || undefined}>
                  <td>{r.rank}</td>
                  <th scope="row">
                    <span className="tournament-name">{r.name}</span>
                    {r.me && <span className="muted"> ({t('table.you')})</span>}
                    {r.bot && <> <span className="badge badge-bot" title={t('tournament.page.botHelp')}>{t('tournament.page.bot')}</span></>}
                    {!r.active && <> <span className="badge">{t('tournament.page.withdrawn')}</span></>}
                  </th>
                  <td className="num"><strong>{r.points}</strong></td>
                  <td className="num wide">{r.games}</td>
                  <td className="num">{r.wins}</td>
                  <td className="num">
                    {arena ? <>
                      {r.streak}
                      {r.hot && <> <span className="badge badge-hot" title={t('tournament.page.hotHelp')}><span aria-hidden="true">×2</span><span className="visually-hidden">{t('tournament.page.hotHelp')}</span></span></>}
                    </> : r.buchholz}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.some((r) => r.hot) && <p className="hint">{t('tournament.page.hotExplained')}</p>}
    </section>
  );
}

/** A bot filling a seat, as the server names it ("basic bot"), in the page's language. */
function seatName(name: string, t: (k: string) => string): string {
  const m = /^(random|basic|expert) bot$/.exec(name);
  return m === null ? name : t(`table.botLevel.${m[1]}`);
}

function Games({ title, empty, rows, href, link, id, swiss }: {
  title: string; empty: string; rows: readonly GameRow[]; href: (g: GameRow) => string; link: string; id: string; swiss: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? <p className="hint">{empty}</p> : (
        <ul className="tournament-games">
          {rows.map((g) => (
            <li key={g.tableId}>
              <span className="tournament-game-players">
                {swiss && g.round > 0 && <span className="muted">{t('tournament.page.roundN', { round: g.round })} · </span>}
                {g.players.map((p, i) => (
                  <span key={i} className="tournament-game-player">
                    {p.place !== null && <span className="tournament-place">{t('tournament.page.place', { rank: p.place })} </span>}
                    {seatName(p.name, t)}
                  </span>
                ))}
              </span>
              <Link href={href(g)} aria-label={`${link}: ${g.players.map((p) => seatName(p.name, t)).join(', ')}`}>{link}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
