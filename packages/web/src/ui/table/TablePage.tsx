import type { GameAction, GameSnapshot, SeatInfo } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../state/store.js';
import { useApp, useServices } from '../context.js';
import { GAME_SCREENS } from '../games/registry.js';
import { Chat } from './Chat.js';
import { Fairness } from './Fairness.js';
import type { GameProps } from './game-props.js';

/** One table: seats (sit, bots, start), the game, the fairness panel and the chat. */
export function TablePage({ tableId, invite }: { tableId: string; invite: string | null }) {
  const { t } = useTranslation();
  const { client, navigate } = useServices();
  const connection = useApp((s) => s.connection);
  const table = useApp((s) => s.tables[tableId]);
  useEffect(() => {
    if (connection !== 'open') return;
    const key = `table:${tableId}`;
    void client.subscribe(key, { type: 'table.watch', tableId, ...(invite ? { invite } : {}) });
    return () => { client.unsubscribe(key); void client.request({ type: 'table.unwatch', tableId }); };
  }, [client, connection, tableId, invite]);

  if (table === undefined) return <p className="panel" role="status">{t('app.connection.connecting')}</p>;
  const names = table.summary.seats.map((s) => seatName(s, t));
  const seat = table.yourSeats[0] ?? null;
  const snapshot: GameSnapshot | undefined = table.games[seat === null ? 'spectator' : String(seat)] ?? Object.values(table.games)[0];

  return (
    <div className="table-page">
      <nav><a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>← {t('table.back')}</a></nav>
      <h1>{t(`games.${table.summary.game}.name`)}</h1>
      {table.summary.status === 'running' ? (
        // While a game runs the seats are in the game's own display: keep this panel out of the way.
        <details className="panel seats-folded"><summary>{t('table.seatsTitle')}</summary><Seats table={table} invite={invite} /></details>
      ) : <Seats table={table} invite={invite} />}
      {snapshot !== undefined && <Game table={table} snapshot={snapshot} names={names} />}
      {snapshot !== undefined && <Fairness table={table} snapshot={snapshot} />}
      <Chat table={table} />
    </div>
  );
}

export function seatName(s: SeatInfo, t: (k: string) => string): string {
  if (s.kind === 'player') return s.player.name;
  if (s.kind === 'bot') return `${t(`table.botLevel.${s.level}`)} ${s.seat + 1}`;
  return t('table.empty');
}

function Game({ table, snapshot, names }: { table: TableState; snapshot: GameSnapshot; names: string[] }) {
  const { client } = useServices();
  const act = async (action: GameAction): Promise<boolean> => {
    if (snapshot.seat === null) return false;
    const r = await client.request({ type: 'action', tableId: table.summary.id, seat: snapshot.seat, seq: snapshot.seq, action });
    return r.type === 'ok';
  };
  const props: GameProps = { table, snapshot, names, act };
  const Screen = GAME_SCREENS[table.summary.game];
  return <Screen {...props} />;
}

function Seats({ table, invite }: { table: TableState; invite: string | null }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const player = useApp((s) => s.player);
  const levels = useApp((s) => s.botLevels[table.summary.game]) ?? [];
  const [copied, setCopied] = useState(false);
  const s = table.summary;
  const id = s.id;
  const creator = player?.id === s.creator.id;
  const editable = s.status !== 'running';
  const full = s.seats.every((x) => x.kind !== 'empty');
  const inviteLink = table.invite ? `${window.location.origin}/t/${id}?invite=${table.invite}` : null;
  return (
    <section className="panel seats" aria-label={t('table.seatsTitle')}>
      <ol>
        {s.seats.map((seat) => (
          <li key={seat.seat} className={`seat seat-${seat.kind}`}>
            <span className="seat-name">{seatName(seat, t)}{seat.kind === 'player' && seat.player.id === player?.id ? ` (${t('table.you')})` : ''}</span>
            {seat.kind === 'player' && !seat.connected && <span className="badge">{t('table.disconnected')}</span>}
            {seat.kind === 'player' && seat.away && <span className="badge">{t('table.away')}</span>}
            {editable && seat.kind === 'empty' && (
              <>
                <button type="button" onClick={() => void client.request({ type: 'table.sit', tableId: id, seat: seat.seat, ...(invite ? { invite } : {}) })}>{t('table.sit')}</button>
                {creator && levels.map((level) => (
                  <button key={level} type="button" className="secondary" onClick={() => void client.request({ type: 'table.bot.add', tableId: id, seat: seat.seat, level })}>
                    + {t(`table.botLevel.${level}`)}
                  </button>
                ))}
              </>
            )}
            {editable && seat.kind === 'player' && seat.player.id === player?.id && (
              <button type="button" className="secondary" onClick={() => void client.request({ type: 'table.leave', tableId: id, seat: seat.seat })}>{t('table.leave')}</button>
            )}
            {editable && creator && seat.kind === 'bot' && (
              <button type="button" className="secondary" onClick={() => void client.request({ type: 'table.bot.remove', tableId: id, seat: seat.seat })}>{t('table.removeBot')}</button>
            )}
          </li>
        ))}
      </ol>
      {editable && (
        <div className="row">
          {/* After a game the end screen offers "Play again"; this button starts the first game. */}
          {s.status === 'open' && creator && (
            <button type="button" disabled={!full} onClick={() => void client.request({ type: s.status === 'finished' ? 'table.again' : 'table.start', tableId: id })}>
              {t('table.start')}
            </button>
          )}
          {!full && <span className="hint">{t('table.needSeats')}</span>}
          {full && !creator && s.status === 'open' && <span className="hint">{t('table.waitingStart')}</span>}
        </div>
      )}
      {inviteLink && (
        <div className="row invite">
          <label>{t('table.invite')} <input readOnly value={inviteLink} onFocus={(e) => e.target.select()} /></label>
          <button type="button" className="secondary" onClick={() => { void navigator.clipboard?.writeText(inviteLink); setCopied(true); }}>
            {copied ? t('table.copied') : t('table.copy')}
          </button>
        </div>
      )}
    </section>
  );
}
