import type { GameSnapshot, TableSummary } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { formatDuration, paceFacts, turnPace } from './durations.js';

/** Beside a turn-based table's heading: its mode, pace, time bank and window (nothing at a real-time table). */
export function TurnPaceLine({ summary }: { summary: TableSummary }) {
  const { t, i18n } = useTranslation();
  const pace = turnPace(summary);
  if (pace === null) return null;
  const label = summary.responseWindow === null ? null : t(`options.${summary.game}.responseWindow.label`);
  return <p className="small muted turn-pace">{paceFacts(pace, label, i18n.language, t).join(' · ')}</p>;
}

/**
 * A seat's time bank left at a turn-based table (the snapshot's `banks`), compact on screen ("bank
 * 2 days 4 hr") and in full words for a screen reader. Nothing at a real-time table.
 */
export function SeatBank({ snapshot, seat }: { snapshot: GameSnapshot | undefined; seat: number }) {
  const { t, i18n } = useTranslation();
  const ms = snapshot?.banks?.[seat];
  if (ms === undefined) return null;
  const seconds = Math.floor(ms / 1000);
  return (
    <span className="badge seat-bank">
      <span aria-hidden="true">{t('turn.seatBank', { time: formatDuration(seconds, i18n.language, 'short') })}</span>
      <span className="visually-hidden">{t('turn.seatBankLabel', { time: formatDuration(seconds, i18n.language) })}</span>
    </span>
  );
}

/** The words of a turn-based move's countdown: compact ("1 day 4 hr left") or in full for a screen reader. */
export function useTurnTimeWords(): { short: (seconds: number) => string; long: (seconds: number) => string } {
  const { t, i18n } = useTranslation();
  return {
    short: (s) => t('turn.timeLeft', { time: formatDuration(s, i18n.language, 'short') }),
    long: (s) => t('turn.timeLeftLabel', { time: formatDuration(s, i18n.language) }),
  };
}
