import type { F7Action, F7Event, F7PlayerStats, F7View } from '@parlor/rules';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myAwayReason } from '../../../state/presence.js';
import type { TableState } from '../../../state/store.js';
import type { GameProps } from '../../table/game-props.js';
import { CardLine } from './Card.js';
import { Controls, Hint } from './Controls.js';
import { EndScreen } from './EndScreen.js';
import { GameLog } from './GameLog.js';
import { PlayerLine } from './PlayerLine.js';
import { RoundSummary, type F7RoundEnd } from './RoundSummary.js';
import { cardLabel, distinctNames, toastFor, type Translate } from './text.js';
import './f7.css';

/** The Flip 7 table: every player's line, the decision asked of you, the last round's scores, the log, the end. */
export function F7Game({ table, snapshot, names: seatNames, act }: GameProps) {
  const { t } = useTranslation();
  const names = distinctNames(seatNames);
  const view = snapshot.view as F7View;
  const seat = snapshot.seat;
  const legal = snapshot.legal as F7Action[];
  const over = view.phase === 'over';
  const turnSeat = over ? null : (view.pending?.seat ?? view.toAct[0] ?? null);
  const last = useMemo(() => lastRoundEnd(table), [table.log]);
  const stats = readStats(snapshot);
  const outcome = snapshot.outcome ?? view.outcome;

  return (
    <section className="f7" aria-labelledby="f7-title">
      <h2 id="f7-title" className="visually-hidden">{t('f7.title')}</h2>
      <div className="f7-layout">
        <div className="f7-main">
          <p className="f7-info">
            <span className="f7-chip">{t('f7.info.round', { round: view.round })}</span>
            <span className="f7-chip">{t('f7.info.target', { target: view.options.target })}</span>
            <span className="f7-chip">{t('f7.info.drawPile', { count: view.drawPileSize })}</span>
            <span className="f7-chip">{t('f7.info.discardPile', { count: view.discardPile.length })}</span>
          </p>
          {over && outcome !== null && (
            <EndScreen table={table} view={view} outcome={outcome} names={names} seat={seat} stats={stats} />
          )}
          <Toasts events={snapshot.events as F7Event[]} seq={snapshot.seq} names={names} t={t} />
          <FlipThrees view={view} names={names} />
          {!over && <ol className="f7-players" aria-label={t('f7.info.players')}>
            {Array.from({ length: view.players }, (_, i) => (
              <PlayerLine key={i} view={view} seat={i} name={names[i] ?? ''} me={i === seat} turn={i === turnSeat} table={table} snapshot={snapshot} />
            ))}
          </ol>}
          {!over && (
            <div className="f7-dock">
              <TurnBanner view={view} seat={seat} names={names} deadline={snapshot.deadline} waiting={snapshot.waitingFor.length > 0} botPlaysMe={myAwayReason(table) !== null} />
              {seat !== null && <Controls key={snapshot.seq} view={view} seat={seat} names={names} legal={legal} act={act} />}
              {seat !== null && view.status[seat] === 'active' && <Hint view={view} seat={seat} />}
            </div>
          )}
          {last !== null && <RoundSummary end={last.end} names={names} busted={last.busted} />}
        </div>
        <aside className="f7-side">
          <GameLog table={table} names={names} />
        </aside>
      </div>
    </section>
  );
}

/** The last `round-end` in the log, with the seats that busted in that round. */
function lastRoundEnd(table: TableState): { end: F7RoundEnd; busted: Set<number> } | null {
  let busted = new Set<number>();
  let found: { end: F7RoundEnd; busted: Set<number> } | null = null;
  for (const { event } of table.log) {
    const e = event as F7Event;
    if (e.type === 'round-start') busted = new Set();
    else if (e.type === 'bust') busted.add(e.seat);
    else if (e.type === 'round-end') found = { end: e, busted };
  }
  return found;
}

/** The end-of-game statistics the server adds to the final snapshot, when present. */
function readStats(snapshot: GameProps['snapshot']): F7PlayerStats[] | null {
  const raw = (snapshot as { stats?: unknown }).stats;
  if (!Array.isArray(raw)) return null;
  return raw.every((x) => typeof x === 'object' && x !== null && 'roundsBanked' in x) ? (raw as F7PlayerStats[]) : null;
}

function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Whose decision it is, in words, with the move timer's countdown. */
function TurnBanner({ view, seat, names, deadline, waiting, botPlaysMe }: { view: F7View; seat: number | null; names: readonly string[]; deadline: number | null; waiting: boolean; botPlaysMe: boolean }) {
  const { t } = useTranslation();
  const secs = useSecondsLeft(waiting ? deadline : null);
  const p = view.pending;
  let text: string;
  let mine = false;
  if (p === null) text = t('f7.turn.dealing');
  else if (p.seat === seat && botPlaysMe) text = t('f7.turn.botPlays');
  else if (p.seat === seat) {
    mine = true;
    text = p.kind === 'give'
      ? t(p.setAside ? 'f7.turn.yourGiveSetAside' : 'f7.turn.yourGive', { card: cardLabel(p.card, t) })
      : t(p.atDeal ? 'f7.turn.yourDeal' : 'f7.turn.yourTurn');
  } else {
    const name = names[p.seat];
    text = p.kind === 'give' ? t('f7.turn.theirGive', { name, card: cardLabel(p.card, t) })
      : t(p.atDeal ? 'f7.turn.theirDeal' : 'f7.turn.theirTurn', { name });
  }
  const out = seat !== null && !mine && view.status[seat] !== 'active';
  return (
    <div className={`f7-banner${mine ? ' is-mine' : ''}`}>
      <p role="status" className="f7-banner-text">
        {text}
        {out && <span className="f7-banner-sub"> {t('f7.turn.out')}</span>}
        {seat === null && <span className="f7-banner-sub"> {t('f7.turn.spectating')}</span>}
      </p>
      {secs !== null && (
        <span className={`f7-timer${secs <= 5 ? ' is-low' : ''}`} role="timer" aria-live="off">{t('table.timeLeft', { seconds: secs })}</span>
      )}
    </div>
  );
}

/** Flip Threes resolving (F7-10): who flips, how many flips are left, the set-aside cards waiting to be given. */
function FlipThrees({ view, names }: { view: F7View; names: readonly string[] }) {
  const { t } = useTranslation();
  if (view.flipThrees.length === 0) return null;
  return (
    <section className="f7-f3" aria-labelledby="f7-f3-title">
      <h3 id="f7-f3-title">{t('f7.flipThree.title')}</h3>
      {view.flipThrees.map((f, i) => (
        <div key={i} className="f7-f3-item">
          <p>{f.flipping ? t('f7.flipThree.flipping', { name: names[f.receiver], left: f.flipsLeft }) : t('f7.flipThree.waiting', { name: names[f.receiver] })}</p>
          {f.setAside.length > 0 && (
            f.givenTo.length > 0
              ? <ul className="f7-given">{f.setAside.map((c, j) => <li key={j}>{f.givenTo[j] === undefined ? cardLabel(c, t) : t('f7.flipThree.givenTo', { card: cardLabel(c, t), name: names[f.givenTo[j]!] })}</li>)}</ul>
              : <CardLine cards={f.setAside} busted={false} label={t('f7.flipThree.waiting', { name: names[f.receiver] })} />
          )}
        </div>
      ))}
    </section>
  );
}

/** A short flash for the notable events of the last move (the log says it in words for screen readers). */
function Toasts({ events, seq, names, t }: { events: readonly F7Event[]; seq: number; names: readonly string[]; t: Translate }) {
  const toasts = events.flatMap((e) => { const x = toastFor(e, names, t); return x === null ? [] : [x]; });
  if (toasts.length === 0) return null;
  return (
    <div className="f7-toasts" aria-hidden="true">
      {toasts.map((x, i) => <div key={`${seq}-${i}`} className={`f7-toast f7-toast-${x.kind}`}>{x.text}</div>)}
    </div>
  );
}
