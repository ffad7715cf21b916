import type { F7Event } from '@parlor/rules';
import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { standInMarks } from '../../../state/presence.js';
import type { LogEntry } from '../../../state/store.js';
import { StandInTag } from '../../table/Presence.js';
import { SinceMarker, useSinceMark } from '../../turns/Since.js';
import { f7Actor, formatF7Event } from './text.js';

/**
 * The game in words, every event up to the moment the table shows (`log`: the table's log as far as
 * that moment), newest at the bottom; the lines of a stand-in bot's moves say whom it played for.
 * The box is not a live region: the table's announcer says each line as it comes (ui/table/announcer.ts).
 */
export function GameLog({ log, names }: { log: readonly LogEntry[]; names: readonly string[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const marks = standInMarks(log, (e) => f7Actor(e as F7Event));
  // A turn-based table: the line before what came after my own last move.
  const since = useSinceMark(log)?.from ?? null;
  const lines = log.flatMap(({ seq, event }, i) => {
    const text = formatF7Event(event as F7Event, names, t);
    const mark = marks[i];
    const standIn = mark === null || mark === undefined ? null : (names[mark] ?? `#${mark + 1}`);
    return text === null ? [] : [{ key: `${seq}-${i}`, text, type: event.type, standIn, i }];
  });
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <details className="panel f7-log" open>
      <summary><h2>{t('f7.log.title')}</h2></summary>
      <div className="f7-log-box" ref={box} tabIndex={0} role="log" aria-live="off" aria-label={t('f7.log.title')}>
        {lines.length === 0 ? <p className="hint">{t('f7.log.empty')}</p> : (
          <ol>
            {lines.map((l, n) => (
              <Fragment key={l.key}>
                {since !== null && l.i >= since && (n === 0 || lines[n - 1]!.i < since) && <SinceMarker />}
                <li className={`f7-log-${l.type}`}>{l.text}{l.standIn !== null && <StandInTag name={l.standIn} />}</li>
              </Fragment>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
