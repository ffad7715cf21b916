import type { GameId, YourTurnTable } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { useServices } from '../context.js';
import { GAME_DESCRIBERS } from '../games/registry.js';
import type { MoveDescriber } from '../games/web-game.js';
import { useTitle } from '../learn/useTitle.js';
import { Link, Nav } from '../profile/Nav.js';
import { formatDuration } from '../table/durations.js';
import { secondsLeft, secondsSince, splitTurns, turnSeatName, whoseMove } from './rows.js';
import { refreshTurns, useTurns } from './turns-store.js';
import '../profile/profile.css';
import './turns.css';

/** The last move's words show at most this many of its sentences (the latest ones). */
const LAST_LINES = 3;

/** Each game's describer once its chunk and words have loaded (the page shows rows meanwhile, their last move in words when it comes). */
function useDescribers(games: readonly GameId[]): Partial<Record<GameId, MoveDescriber>> {
  const [loaded, setLoaded] = useState<Partial<Record<GameId, MoveDescriber>>>({});
  const key = [...new Set(games)].sort().join(' ');
  useEffect(() => {
    let live = true;
    for (const game of key === '' ? [] : key.split(' ') as GameId[]) {
      void GAME_DESCRIBERS[game]().then((d) => { if (live) setLoaded((x) => (x[game] === d ? x : { ...x, [game]: d })); }, () => undefined);
    }
    return () => { live = false; };
  }, [key]);
  return loaded;
}

/** This browser's clock, ticking every `ms` (time left on the rows). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

/**
 * "Your turn-based games" (`/me/turns`): every running turn-based table of this player, the ones
 * waiting for their move first — whose move, the time left, the last move in the game log's own
 * words — each opening its table. Read from GET /api/me/turns, asked again as the page is opened.
 */
export function TurnsPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const { answer, fetchedAt, error, loading } = useTurns();
  useTitle(`${t('turns.title')} — ${t('app.name')}`);
  useEffect(() => { void refreshTurns(client); }, [client]);
  const describers = useDescribers(answer?.tables.map((x) => x.game) ?? []);
  const now = useNow(30_000);
  const groups = answer === null ? null : splitTurns(answer);
  const row = (x: YourTurnTable) => (
    <TurnRow key={x.tableId} table={x} serverNow={answer!.now} fetchedAt={fetchedAt} now={Math.max(now, fetchedAt)} describe={describers[x.game]} />
  );
  return (
    <div className="turns-page">
      <Nav />
      <section className="panel" aria-labelledby="turns-h">
        <h1 id="turns-h">{t('turns.title')}</h1>
        <p className="hint">{t('turns.intro')}</p>
        {error !== null && (
          <p className="form-error" role="alert">
            <ApiErrorText code={error} /> <button type="button" className="secondary" onClick={() => void refreshTurns(client)}>{t('turns.retry')}</button>
          </p>
        )}
        {answer === null && loading && <p className="hint" role="status">{t('turns.loading')}</p>}
        {groups !== null && answer!.tables.length === 0 && <p className="hint">{t('turns.empty')} <Link href="/">{t('turns.toLobby')}</Link></p>}
        {groups !== null && groups.yours.length > 0 && (
          <section aria-labelledby="turns-yours-h">
            <h2 id="turns-yours-h">{t('turns.waitingForYou')}</h2>
            <ul className="turns-list">{groups.yours.map(row)}</ul>
          </section>
        )}
        {groups !== null && groups.others.length > 0 && (
          <section aria-labelledby="turns-others-h">
            <h2 id="turns-others-h">{t('turns.waitingForOthers')}</h2>
            <ul className="turns-list">{groups.others.map(row)}</ul>
          </section>
        )}
      </section>
    </div>
  );
}

function TurnRow({ table: x, serverNow, fetchedAt, now, describe }: {
  table: YourTurnTable; serverNow: number; fetchedAt: number; now: number; describe: MoveDescriber | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const who = whoseMove(x, t);
  const left = secondsLeft(x, serverNow, fetchedAt, now);
  const names = x.seats.map((s) => turnSeatName(s, t));
  const last = x.lastMove;
  const words = last === null || describe === undefined ? null : describe(last.events, names, t, lang).slice(-LAST_LINES);
  const mover = last === null || last.seat === null ? null : names[last.seat] ?? null;
  const id = `turn-${x.tableId}`;
  return (
    <li className={`turns-row${who.yours ? ' yours' : ''}`}>
      <div className="turns-row-main" id={id}>
        <div className="turns-row-head">
          <strong>{t(`games.${x.game}.name`)}</strong>
          {x.private && <span className="badge">{t('lobby.private')}</span>}
          {who.yours ? <strong className="turns-yours">{who.text}</strong> : <span>{who.text}</span>}
          {left !== null && (
            <span className="turns-left">
              {left === 0 ? t('turns.timeUp') : t('turn.timeLeft', { time: formatDuration(left, lang, 'short') })}
            </span>
          )}
        </div>
        <div className="small muted">{t('turns.players', { names: names.join(', ') })}</div>
        {last !== null && (
          <div className="small turns-last">
            <span className="turns-last-label">{last.seat === null ? t('turns.started') : t('turns.lastMove', { name: mover ?? '—' })}</span>
            {' '}
            <span className="muted">{t('turns.ago', { time: formatDuration(secondsSince(last.at, serverNow, fetchedAt, now), lang) })}</span>
            {last.by === 'stand-in' && <span className="muted"> · {t('turns.standIn')}</span>}
            {words !== null && words.length > 0 && <span className="turns-words">{words.join(' ')}</span>}
          </div>
        )}
      </div>
      <Link href={`/t/${x.tableId}`} className="button-link" aria-describedby={id}>{t('turns.open')}</Link>
    </li>
  );
}
