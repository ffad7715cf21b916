import type { GameSnapshot } from '@parlor/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock, gameRunning, lookAgainIn, myAwayReason, mySeat, playerSeat, replaceState, standInIn, waitedOnGone } from '../../state/presence.js';
import type { TableState } from '../../state/store.js';
import { useApp, useServices } from '../context.js';
import { SeatBank } from './TurnClock.js';

/** A small robot head (decorative: the text beside it says the same), drawn so that it needs no emoji font. */
function BotIcon({ size = 16 }: { size?: number }) {
  return (
    <svg className="bot-icon" aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24">
      <path d="M12 2v3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="2.5" r="1.5" fill="currentColor" />
      <rect x="4" y="6" width="16" height="13" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="12" r="1.8" fill="currentColor" />
      <circle cx="15" cy="12" r="1.8" fill="currentColor" />
      <path d="M9 16h6M2 11v4M22 11v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The current time, ticking every second while `active` (countdowns to "Replace with a bot"). */
/** Whether the moment `until` is still ahead, rendered again when it passes (a vacation's end). */
function useBefore(until: number | undefined): boolean {
  const [, setLooks] = useState(0);
  const wait = lookAgainIn(until, Date.now());
  useEffect(() => {
    if (wait === null) return;
    const id = window.setTimeout(() => setLooks((n) => n + 1), wait);
    return () => window.clearTimeout(id);
  });
  return wait !== null;
}

function useSecondClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

/**
 * At the top of a running game: while a stand-in bot plays my seat, a banner says so and why, with
 * "I'm back" (`table.back`); otherwise "Leave — a bot plays for me" (`table.leave`), confirmed first.
 */
export function AwayBar({ table, snapshot }: { table: TableState; snapshot: GameSnapshot | undefined }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const seat = mySeat(table);
  const reason = myAwayReason(table);
  const [confirming, setConfirming] = useState(false);
  // Each request's own: the banner's button must not be disabled by the leave request still under way.
  const [leaving, setLeaving] = useState(false);
  const [returning, setReturning] = useState(false);
  const backButton = useRef<HTMLButtonElement>(null);
  const leaveButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes after my own click: to "I'm back" once I left, to "Leave" once I am back.
  const focusNext = useRef<'back' | 'leave' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'back' && backButton.current) { backButton.current.focus(); focusNext.current = null; }
    if (focusNext.current === 'leave' && leaveButton.current) { leaveButton.current.focus(); focusNext.current = null; }
  }, [reason]);
  useEffect(() => { if (confirming) confirmButton.current?.focus(); }, [confirming]);
  if (seat === null || !gameRunning(table, snapshot)) return null;
  const id = table.summary.id;

  if (reason !== null) {
    return (
      <section className="away-banner" role="alert" aria-labelledby="away-banner-text">
        <span className="away-icon"><BotIcon size={28} /></span>
        <p id="away-banner-text" className="away-text">
          <strong>{t(`presence.banner.${reason}`)}</strong>{' '}
          <span>{t('presence.bannerHelp')}</span>
        </p>
        <button ref={backButton} type="button" disabled={returning} onClick={() => {
          setReturning(true);
          focusNext.current = 'leave';
          void client.request({ type: 'table.back', tableId: id, seat }).finally(() => setReturning(false));
        }}>{t('presence.back')}</button>
      </section>
    );
  }
  return (
    <div className="leave-bar">
      {confirming ? (
        <div className="leave-confirm" role="group" aria-labelledby="leave-confirm-text">
          <p id="leave-confirm-text">{t('presence.leaveConfirm')}</p>
          <div className="row">
            <button ref={confirmButton} type="button" disabled={leaving} onClick={() => {
              setLeaving(true);
              focusNext.current = 'back';
              void client.request({ type: 'table.leave', tableId: id, seat }).finally(() => { setLeaving(false); setConfirming(false); });
            }}>{t('presence.leaveYes')}</button>
            <button type="button" className="secondary" onClick={() => { setConfirming(false); focusNext.current = 'leave'; }}>{t('presence.leaveNo')}</button>
          </div>
        </div>
      ) : (
        <button ref={leaveButton} type="button" className="secondary" onClick={() => setConfirming(true)}>{t('presence.leave')}</button>
      )}
    </div>
  );
}

/**
 * A player card's presence line: "away — a bot plays" (and why); "disconnected — a bot takes over in
 * 0:24" once the player has actually lost their connection (nothing while they are here and
 * thinking); at a turn-based table, the seat's time bank left and "on vacation until …"; and, on tables without a move timer, "Replace with a bot" once the others may do so.
 */
export function SeatPresence({ table, snapshot, seat, name }: { table: TableState; snapshot: GameSnapshot | undefined; seat: number; name: string }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const me = useApp((s) => s.player);
  const s = playerSeat(table, seat);
  const [busy, setBusy] = useState(false);
  const at = Date.now();
  const counting = s !== null && (replaceState(table, snapshot, seat, me, at).kind === 'wait' || standInIn(s, at) !== null);
  const now = useSecondClock(counting);
  const onVacation = useBefore(s?.vacationUntil);
  // A bot's seat has a bank too at a turn-based table; it has no presence to show.
  if (s === null) return <div className="seat-presence"><SeatBank snapshot={snapshot} seat={seat} /></div>;
  const replace = replaceState(table, snapshot, seat, me, now);
  const takeOver = standInIn(s, now, table.summary.grace);
  const away = s.away;
  const reason = s.awayReason ?? 'left';
  return (
    <div className="seat-presence">
      <SeatBank snapshot={snapshot} seat={seat} />
      {away && (
        <span className="badge badge-away">
          <BotIcon size={13} /> {t('table.away')}
          <span className="visually-hidden">, {t(`presence.reason.${reason}`, { name })}</span>
        </span>
      )}
      {!away && !s.connected && <span className="badge badge-gone">{t('table.disconnected')}</span>}
      {/* Days off at a turn-based table that allows them: the seat's clock stands still until then. */}
      {s.vacationUntil !== undefined && onVacation && (
        <span className="badge badge-vacation">
          {t('presence.vacationUntil', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(s.vacationUntil) })}
        </span>
      )}
      {takeOver !== null && (
        <span className="small muted stand-in-wait" role="timer" aria-live="off">
          {t('presence.takeOverIn', { time: clock(takeOver) })}
        </span>
      )}
      {replace.kind === 'ready' && (
        <button type="button" className="secondary replace-button" disabled={busy} aria-label={`${t('presence.replace')} — ${name}`}
          onClick={() => { setBusy(true); void client.request({ type: 'table.replace', tableId: table.summary.id, seat }).finally(() => setBusy(false)); }}>
          {t('presence.replace')}
        </button>
      )}
    </div>
  );
}

/**
 * Beside the game's status line while the game waits on a disconnected player: that they are gone,
 * and when a stand-in takes over (ticking, but not announced every second).
 */
export function WaitingOnGone({ table, snapshot, names }: { table: TableState; snapshot: GameSnapshot | undefined; names: readonly string[] }) {
  const { t } = useTranslation();
  const gone = waitedOnGone(table, snapshot);
  const now = useSecondClock(gone !== null && standInIn(gone, Date.now()) !== null);
  if (gone === null) return null;
  const name = names[gone.seat] ?? gone.player.name;
  const left = standInIn(gone, now, table.summary.grace);
  return (
    <span className="waiting-gone" role="timer" aria-live="off">
      {left === null ? t('presence.waitingGone', { name }) : t('presence.waitingGoneTakeOver', { name, time: clock(left) })}
    </span>
  );
}

/** The mark on a log line a stand-in bot made: "(bot for Marta)". */
export function StandInTag({ name }: { name: string }) {
  const { t } = useTranslation();
  return <> <span className="log-stand-in">({t('presence.standIn', { name })})</span></>;
}
