import { useTranslation } from 'react-i18next';
import { useApp, useServices } from '../context.js';
import { useLobbyFacts } from './online.js';
import { useRememberedTables } from './remembered.js';
import { yourTables } from './yours.js';
import { formatDuration, turnPace } from '../table/durations.js';

/**
 * "Your games": the tables where this player holds a seat or that they created, private ones too
 * (the lobby lists only public tables, so a private table's creator would lose it on stepping away),
 * each turn-based one with its pace.
 */
export function YourTables() {
  const { t, i18n } = useTranslation();
  const { navigate } = useServices();
  const player = useApp((s) => s.player);
  const tables = useApp((s) => s.tables);
  const lobby = useApp((s) => s.lobby);
  const { seatedAt } = useLobbyFacts();
  const remembered = useRememberedTables();
  const list = yourTables(tables, lobby, seatedAt, player?.id ?? null, remembered);
  if (list.length === 0) return null;
  return (
    <section className="panel yours" aria-labelledby="yours-title">
      <h2 id="yours-title">{t('home.yours')}</h2>
      <ul className="table-list">
        {list.map(({ id, summary, seat, remembered: old }) => (
          <li key={id} className="table-row">
            <div id={`yours-${id}`}>
              <strong>{summary === null ? t('home.seatedTable') : t(`games.${summary.game}.name`)}</strong>
              {summary?.private === true && <> <span className="badge">{t('lobby.private')}</span></>}
              {summary !== null && (
                <span className="muted">
                  {/* A status remembered from before a reload may have moved on: only a live one is shown. */}
                  {old === true ? '' : ` · ${t(`lobby.status.${summary.status}`)}`}
                  {seat !== null ? ` · ${t('home.yourSeat', { n: seat + 1 })}` : ''}
                </span>
              )}
              {/* A turn-based table's pace: a player may sit at many, each with its own. */}
              {summary !== null && turnPace(summary) !== null && (
                <div className="small turn-pace">{t('turn.pace', { pace: formatDuration(summary.moveTimer, i18n.language) })}</div>
              )}
              {summary !== null && (
                <div className="muted small">
                  {summary.seats.map((s) => (s.kind === 'player' ? s.player.name : s.kind === 'bot' ? t(`table.botLevel.${s.level}`) : '—')).join(', ')}
                </div>
              )}
            </div>
            <button type="button" aria-describedby={`yours-${id}`} onClick={() => navigate(`/t/${id}`)}>{t('lobby.open')}</button>
          </li>
        ))}
      </ul>
      {/* Turn-based tables have a page of their own: whose move, the time left, the last move. */}
      {list.some((x) => x.summary !== null && turnPace(x.summary) !== null) && (
        <p className="small"><a href="/me/turns" onClick={(e) => { if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; e.preventDefault(); navigate('/me/turns'); }}>{t('turns.all')}</a></p>
      )}
    </section>
  );
}
