import type { GameSnapshot } from '@parlor/protocol';
import type { SfEvent, SfPlayerStats, SfView } from '@parlor/rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { marksYou } from '../../table/names.js';
import type { TableState } from '../../../state/store.js';
import { RatedResult } from '../../account/RatedResult.js';
import { useServices } from '../../context.js';
import { BackToTournament } from '../../tournament/TableLine.js';
import { TableCard } from './Card.js';
import { ScoreChart } from './ScoreChart.js';
import { sfScoreHistory } from './score-history.js';

const STAT_KEYS = ['dishesCooked', 'bestDish', 'bluffsMade', 'bluffsCaught', 'tasteTestsWon', 'tasteTestsLost', 'cardsDrawn'] as const;

/** The `stats` the server adds to a finished game's snapshot, when they look like sfStats' rows. */
export function readStats(snapshot: GameSnapshot, players: number): (Partial<SfPlayerStats> | null)[] | null {
  const raw = (snapshot as GameSnapshot & { stats?: unknown }).stats;
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const rows = Array.from({ length: players }, (_, seat) => {
    const r = raw.find((x, i) => typeof x === 'object' && x !== null && ((x as { seat?: unknown }).seat ?? i) === seat);
    return typeof r === 'object' && r !== null ? (r as Partial<SfPlayerStats>) : null;
  });
  return rows.some((r) => r !== null) ? rows : null;
}

/** The address of a finished game's replay (`/games/<tableId>/<gameNo>`, with the invite of a private table). */
export function replayHref(tableId: string, gameNo: number, invite: string | null): string {
  return `/games/${encodeURIComponent(tableId)}/${gameNo}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;
}

/**
 * Ranking, final hands, statistics beside a chart of every chef's score after each turn, the link
 * to the game's replay, the revealed seed and its commitment, and "play again".
 */
export function EndScreen({ table, snapshot, view, names, me, events }: {
  table: TableState; snapshot: GameSnapshot; view: SfView; names: readonly string[]; me: number | null;
  /** Every event of the game, for the chart. */
  events: readonly SfEvent[];
}) {
  const { t } = useTranslation();
  const { client, navigate } = useServices();
  const history = useMemo(() => sfScoreHistory(events, view.players, view.options.target), [events, view.players, view.options.target]);
  const [asked, setAsked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  const outcome = snapshot.outcome;
  const scores = outcome?.scores ?? view.scores;
  const winners = outcome?.winners ?? view.result?.winners ?? [];
  const places = outcome?.places ?? scores.map((s) => 1 + scores.filter((x) => x > s).length);
  const order = scores.map((_, seat) => seat).sort((a, b) => places[a]! - places[b]! || a - b);
  const stats = readStats(snapshot, view.players);
  const s = table.summary;
  const canAgain = s.status === 'finished' && table.yourSeats.length > 0 && s.seats.every((x) => x.kind !== 'empty');
  const reason = view.result?.reason;
  const replay = replayHref(s.id, snapshot.gameNo, table.invite);
  return (
    <section className="sf-end panel" aria-labelledby="sf-end-h">
      <h2 id="sf-end-h" ref={heading} tabIndex={-1}>
        {me !== null && winners.includes(me) ? t('sf.end.youWon') : t('sf.end.winner', { names: winners.map((w) => names[w]).join(', ') })}
      </h2>
      {reason && <p className="muted">{t(`sf.end.reason.${reason}`)}</p>}
      {/* A tournament's table plays one game: the tournament seats its players again. */}
      {s.tournament !== undefined && <div className="row"><BackToTournament tournament={s.tournament} className="sf-again" /></div>}
      {canAgain && s.tournament === undefined && (
        <div className="row">
          <button type="button" className="sf-again" disabled={asked}
            onClick={() => { setAsked(true); void client.request({ type: 'table.again', tableId: s.id }).then(() => setAsked(false)); }}>
            {t('sf.end.playAgain')}
          </button>
          <span className="small muted">{t('sf.end.playAgainHint')}</span>
        </div>
      )}
      <table className="sf-ranking">
        <caption className="visually-hidden">{t('table.ranking')}</caption>
        <thead><tr><th scope="col">{t('sf.end.place')}</th><th scope="col">{t('sf.end.player')}</th><th scope="col">{t('sf.end.score')}</th><th scope="col">{t('sf.end.finalHand')}</th></tr></thead>
        <tbody>
          {order.map((seat) => (
            <tr key={seat} className={winners.includes(seat) ? 'winner' : undefined}>
              <td>{places[seat]}{winners.includes(seat) ? ' ★' : ''}</td>
              <th scope="row">{names[seat]}{seat === me && marksYou(names[seat] ?? '', t('sf.you')) && <> <span className="sf-you">({t('sf.you')})</span></>}</th>
              <td className="num">{scores[seat]}</td>
              <td><span className="sf-cards-row">{(view.finalHands?.[seat] ?? []).map((c, j) => <TableCard key={j} card={c} small />)}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
      <RatedResult table={table} gameNo={snapshot.gameNo} names={names} me={me} />
      {view.removed && <p className="small muted">{t('sf.end.removed', { card: t(`sf.cards.${view.removed}.name`) })}</p>}

      {/* The replay of a game played at a real table (a guided game has none). */}
      {s.status === 'finished' && (
        <p className="sf-replay-link">
          <a href={replay} onClick={(e) => { e.preventDefault(); navigate(replay); }}>{t('sf.end.replay')}</a>
        </p>
      )}

      <div className="sf-end-grid">
        {stats && (
          <div className="sf-stats">
            <h3>{t('sf.end.stats')}</h3>
            {/* Wider than a phone with many chefs: it scrolls, and the keyboard can scroll it. */}
            <div className="sf-scroll scroll-x" tabIndex={0} role="region" aria-label={t('sf.end.stats')}>
              <table>
                <thead><tr><th scope="col"><span className="visually-hidden">{t('sf.end.stats')}</span></th>
                  {names.map((n, seat) => <th key={seat} scope="col">{n}</th>)}</tr></thead>
                <tbody>
                  {STAT_KEYS.map((k) => (
                    <tr key={k}>
                      <th scope="row">{t(`sf.end.stat.${k}`)}</th>
                      {stats.map((r, seat) => {
                        const v = r?.[k];
                        return <td key={seat} className="num">{typeof v === 'number' ? v : t('sf.end.none')}</td>;
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        <ScoreChart history={history} names={names} target={view.options.target} />
      </div>

      <div className="sf-fair">
        <h3>{t('sf.end.fairness')}</h3>
        <dl>
          <dt>{t('sf.end.commitment')}</dt><dd className="mono small">{snapshot.commitment}</dd>
          {snapshot.seed !== null && <><dt>{t('sf.end.seed')}</dt><dd className="mono small">{snapshot.seed}</dd></>}
        </dl>
        <p className="small muted">{t('sf.end.fairnessHint')}</p>
      </div>

    </section>
  );
}
