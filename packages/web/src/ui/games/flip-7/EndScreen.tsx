import type { F7PlayerStats, F7View, Outcome } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { marksYou } from '../../table/names.js';
import { replayHref } from '../../../net/api.js';
import type { TableState } from '../../../state/store.js';
import { RatedResult } from '../../account/RatedResult.js';
import { useApp, useServices } from '../../context.js';
import { BackToTournament } from '../../tournament/TableLine.js';
import { Progress } from './PlayerLine.js';

/**
 * The end of the game: winners, the ranking, statistics when the server sent them, "play again",
 * and the way to this game's replay (`gameNo`; null for a game played in the browser only, which
 * has no replay).
 */
export function EndScreen({ table, view, outcome, names, seat, stats, gameNo }: {
  table: TableState; view: F7View; outcome: Outcome; names: readonly string[]; seat: number | null; stats: readonly F7PlayerStats[] | null;
  gameNo: number | null;
}) {
  const { t } = useTranslation();
  const { client, navigate } = useServices();
  const player = useApp((s) => s.player);
  const s = table.summary;
  const creator = player?.id === s.creator.id;
  const full = s.seats.every((x) => x.kind !== 'empty');
  const canAgain = s.status === 'finished' && full && (creator || table.yourSeats.length > 0);
  const order = outcome.scores.map((_, i) => i).sort((a, b) => (outcome.places[a] ?? 0) - (outcome.places[b] ?? 0) || a - b);
  const winnerNames = outcome.winners.map((w) => names[w]).join(t('f7.log.and'));
  const youWon = seat !== null && outcome.winners.includes(seat);
  return (
    <section className="panel f7-end" aria-labelledby="f7-end-title">
      <h2 id="f7-end-title" tabIndex={-1}>{t('f7.end.title')}</h2>
      <p className="f7-winner" role="status">
        <span aria-hidden="true" className="f7-star">★ </span>
        {youWon && outcome.winners.length === 1 ? t('f7.end.youWon') : t(outcome.winners.length > 1 ? 'f7.end.winners' : 'f7.end.winner', { names: winnerNames })}
      </p>
      {/* A tournament's table plays one game: the tournament seats its players again. */}
      {s.tournament !== undefined ? <BackToTournament tournament={s.tournament} className="f7-again" /> : <>
        {canAgain && (
          <button type="button" className="f7-again" onClick={() => void client.request({ type: 'table.again', tableId: s.id })}>
            {t('f7.end.playAgain')}
          </button>
        )}
        {!canAgain && s.status === 'finished' && <p className="hint">{t('f7.end.waitingAgain')}</p>}
      </>}
      {gameNo !== null && (() => {
        const href = replayHref(s.id, gameNo, table.invite);
        return (
          <p className="f7-replay-link">
            <a href={href} onClick={(e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              navigate(href);
              window.scrollTo(0, 0);
            }}>{t('f7.end.replay')}</a>
          </p>
        );
      })()}
      <h3>{t('f7.end.ranking')}</h3>
      <ol className="f7-ranking">
        {order.map((i) => (
          <li key={i} className={outcome.winners.includes(i) ? 'is-winner' : ''}>
            <span className="f7-place" aria-label={`${t('f7.end.place')} ${outcome.places[i]}`}>{outcome.places[i]}</span>
            <span className="f7-rank-name">{names[i]}{i === seat && marksYou(names[i] ?? '', t('f7.info.you')) ? ` (${t('f7.info.you')})` : ''}</span>
            <span className="f7-rank-score">{t('f7.end.points', { count: outcome.scores[i] ?? 0 })}</span>
            <Progress name={names[i] ?? ''} total={outcome.scores[i] ?? 0} target={view.options.target} />
          </li>
        ))}
      </ol>
      <RatedResult table={table} gameNo={gameNo} names={names} me={seat} />
      {stats !== null && stats.length > 0 && (
        <>
          <h3 id="f7-stats-title">{t('f7.end.stats')}</h3>
          <div className="f7-table-scroll scroll-x" tabIndex={0} role="region" aria-labelledby="f7-stats-title">
            <table className="f7-table">
              <thead>
                <tr>
                  <th scope="col">{t('f7.summary.player')}</th>
                  <th scope="col">{t('f7.end.roundsBanked')}</th>
                  <th scope="col">{t('f7.end.busts')}</th>
                  <th scope="col">{t('f7.end.flip7s')}</th>
                  <th scope="col">{t('f7.end.bestRound')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.map((x) => (
                  <tr key={x.seat}>
                    <th scope="row">{names[x.seat]}</th>
                    <td>{x.roundsBanked}</td>
                    <td>{x.busts}</td>
                    <td>{x.flip7s}</td>
                    <td>{x.bestRound}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p className="hint">{t('f7.end.fairness')}</p>
    </section>
  );
}
