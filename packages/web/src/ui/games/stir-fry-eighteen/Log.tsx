import type { SfEvent } from '@parlor/rules';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { standInMarks } from '../../../state/presence.js';
import type { LogEntry } from '../../../state/store.js';
import { StandInTag } from '../../table/Presence.js';
import { SinceMarker, useSinceMark } from '../../turns/Since.js';
import { formatSfEvent, type LogContext, sfActor, sfSaidEvents } from './format.js';

/**
 * The game log in words, newest at the bottom; the latest action's lines are highlighted, and the
 * lines of a stand-in bot's moves say whom it played for. It is not a live region: the table's
 * announcer says each line as it comes (ui/table/announcer.ts).
 */
export function Log({ entries, ctx, lastSeq }: { entries: readonly LogEntry[]; ctx: LogContext; lastSeq: number }) {
  const { t } = useTranslation();
  // A turn-based table: the line before what came after my own last move.
  const since = useSinceMark(entries)?.from ?? null;
  const lines = useMemo(() => {
    const marks = standInMarks(entries, (e) => sfActor(e as SfEvent));
    const said = sfSaidEvents(entries.map((e) => e.event as SfEvent));
    const out: { key: number; seq: number; text: string; kind: string; standIn: string | null }[] = [];
    entries.forEach((e, i) => {
      const text = said[i] ? formatSfEvent(e.event as SfEvent, ctx) : null;
      const mark = marks[i];
      if (text !== null) out.push({ key: i, seq: e.seq, text, kind: e.event.type, standIn: mark === null || mark === undefined ? null : ctx.name(mark) });
    });
    return out.slice(-200);
  }, [entries, ctx]);
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <section className="sf-log panel" aria-labelledby="sf-log-h">
      <h2 id="sf-log-h">{t('sf.log.title')}</h2>
      {lines.length === 0 ? <p className="small muted">{t('sf.log.empty')}</p> : (
        <ol ref={box} tabIndex={0} aria-labelledby="sf-log-h">
          {lines.map((l, n) => (
            <Fragment key={l.key}>
              {since !== null && l.key >= since && (n === 0 || lines[n - 1]!.key < since) && <SinceMarker />}
              <li className={`sf-log-${l.kind}${l.seq === lastSeq ? ' recent' : ''}`}>
                {l.text}{l.standIn !== null && <StandInTag name={l.standIn} />}
              </li>
            </Fragment>
          ))}
        </ol>
      )}
    </section>
  );
}
