import { createContext, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry, TableState } from '../../state/store.js';
import { announce } from '../table/announcer.js';
import { type SinceYourMove, sinceYourMove } from './since.js';
import './turns.css';

/**
 * The seats the player holds at the turn-based table shown, for its game log's "Since your last
 * move" (given by the table page; null elsewhere: a real-time table, an offline or guided game).
 */
export const SinceSeats = createContext<readonly number[] | null>(null);

/** Where the log's "Since your last move" line goes (null: none), from the table page's seats. */
export function useSinceMark(log: readonly LogEntry[]): SinceYourMove | null {
  const seats = useContext(SinceSeats);
  return seats === null ? null : sinceYourMove(log, seats);
}

/** The separator line a game log shows before the first event after the player's own last move. */
export function SinceMarker() {
  const { t } = useTranslation();
  return <li className="since-marker"><span>{t('turns.since.marker')}</span></li>;
}

/**
 * On a turn-based table, a short line of what changed since the player's own last move ("Since
 * your move: 3 moves"), said once, politely, when the page opens on it.
 */
export function SinceYourMoveLine({ table }: { table: TableState }) {
  const { t } = useTranslation();
  const turnBased = table.summary.turnBased !== undefined && table.summary.status === 'running';
  const since = turnBased ? sinceYourMove(table.log, table.yourSeats) : null;
  const said = useRef(false);
  const text = since === null ? null : t('turns.since.moves', { count: since.moves });
  useEffect(() => {
    if (text === null || said.current) return;
    said.current = true;
    announce(text, 'polite');
  }, [text]);
  return text === null ? null : <p className="small since-line">{text}</p>;
}
