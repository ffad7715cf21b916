import { GAME_IDS, type Leaderboard, type RatingMode } from '@parlor/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, leaderboardHref, profileHref } from '../../net/api.js';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { RatingFigure } from '../account/RatingFigure.js';
import { useApp } from '../context.js';
import { Link, Nav } from './Nav.js';
import './profile.css';

type Row = Leaderboard['players'][number];

const num = (x: number, lang: string) => x.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const MODES: readonly RatingMode[] = ['live', 'turn-based'];
/** The board a page's address asks for: `?mode=turn-based`, else real-time. */
const modeOf = (search: string): RatingMode => (new URLSearchParams(search).get('mode') === 'turn-based' ? 'turn-based' : 'live');

/**
 * `/leaderboard/<game>`: accounts ranked by conservative rating (μ − 3σ), best first, a page at a
 * time, each shown with the display rating ("1512?" while provisional), which follows the same
 * order; and what the rating is and how it moves (docs/api.md, "Display rating"). Real-time and
 * turn-based games are rated apart: a switch shows either board (`?mode=turn-based`).
 */
export function LeaderboardPage({ game: asked }: { game: string | null }) {
  const game = asked ?? GAME_IDS[0];
  const [mode, setMode] = useState<RatingMode>(() => (typeof location === 'undefined' ? 'live' : modeOf(location.search)));
  const { t, i18n } = useTranslation();
  const me = useApp((s) => s.player);
  const [rows, setRows] = useState<Row[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  const load = useCallback(async (cursor: string | null) => {
    setBusy(true);
    const r = await api.leaderboard(game, cursor, mode);
    setBusy(false);
    if (!r.ok) { setError({ code: r.code, retryAfter: r.retryAfter }); return; }
    setError(null);
    setRows((old) => (cursor === null ? r.value.players : [...old, ...r.value.players]));
    setNext(r.value.next);
  }, [game, mode]);
  useEffect(() => { setRows([]); setNext(null); void load(null); }, [load]);
  const lang = i18n.language;
  const known = (GAME_IDS as readonly string[]).includes(game);

  return (
    <div className="leaderboard-page">
      <Nav />
      <h1>{known ? t('account.leaderboard.title', { game: t(`games.${game}.name`) }) : t('account.leaderboard.titlePlain')}</h1>
      <nav className="game-tabs" aria-label={t('account.leaderboard.gameTabs')}>
        {GAME_IDS.map((g) => (
          <Link key={g} href={leaderboardHref(g, mode)} aria-current={g === game ? 'page' : undefined}>{t(`games.${g}.name`)}</Link>
        ))}
      </nav>
      <fieldset className="mode-switch">
        <legend>{t('create.mode')}</legend>
        {MODES.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="board-mode" value={m} checked={mode === m} onChange={() => {
              setMode(m);
              history.replaceState(history.state, '', leaderboardHref(game, m));
            }} /> {t(m === 'live' ? 'create.modeLive' : 'create.modeTurn')}
          </label>
        ))}
      </fieldset>
      <div className="leaderboard-layout">
        <section className="panel" aria-labelledby="board-h">
          <h2 id="board-h" className="visually-hidden">{t('account.leaderboard.table')}</h2>
          {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
          {rows.length === 0 && !busy && error === null && <p className="hint">{t('account.leaderboard.empty')}</p>}
          {rows.length > 0 && (
            <table className="leaderboard">
              <caption className="visually-hidden">{t('account.leaderboard.table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('account.leaderboard.rank')}</th>
                  <th scope="col">{t('account.leaderboard.player')}</th>
                  <th scope="col" className="num">{t('account.leaderboard.rating')}</th>
                  <th scope="col" className="num wide">μ</th>
                  <th scope="col" className="num wide">σ</th>
                  <th scope="col" className="num">{t('account.leaderboard.games')}</th>
                  <th scope="col" className="num">{t('account.leaderboard.wins')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.rank} className={me?.name === r.name ? 'me' : undefined}>
                    <td>{r.rank}</td>
                    <th scope="row"><Link href={profileHref(r.name)}>{r.name}</Link></th>
                    <td className="num"><strong><RatingFigure display={r.display} provisional={r.provisional} games={r.games} /></strong></td>
                    <td className="num wide">{num(r.mu, lang)}</td>
                    <td className="num wide">{num(r.sigma, lang)}</td>
                    <td className="num">{r.games}</td>
                    <td className="num">{r.wins}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {busy && <p className="hint" role="status">{t('account.loading')}</p>}
          {next !== null && !busy && (
            <div className="row more"><button type="button" className="secondary" onClick={() => void load(next)}>{t('account.leaderboard.more')}</button></div>
          )}
        </section>
        <aside className="panel rating-explained" aria-labelledby="explain-h">
          <h2 id="explain-h">{t('account.leaderboard.explainTitle')}</h2>
          <p>{t('account.leaderboard.explainRating')}</p>
          <p>{t('account.leaderboard.explainProvisional')}</p>
          <p>{t('account.leaderboard.explainModel')}</p>
          <p>{t('account.leaderboard.explainRated')}</p>
          <p>{t('account.leaderboard.explainTurn')}</p>
          <p>{t('account.leaderboard.explainBots')}</p>
          <p>{t('account.leaderboard.explainLeave')}</p>
        </aside>
      </div>
    </div>
  );
}
