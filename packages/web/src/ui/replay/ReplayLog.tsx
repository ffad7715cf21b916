import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StandInTag } from '../table/Presence.js';

/** One line of a replay's log: the position its event came from, and the words (a game's own formatter's). */
export interface ReplayLine {
  readonly key: string;
  readonly n: number;
  readonly text: string;
  readonly kind: string;
  /** The seat's name when a stand-in bot made this move for an absent player. */
  readonly standIn: string | null;
}

/**
 * The game log in words up to the position shown, newest at the bottom; the lines of the move that
 * led to the position are marked. Only the log's own box scrolls, so stepping never moves the page.
 */
export function ReplayLog({ lines, at }: { lines: readonly ReplayLine[]; at: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLOListElement>(null);
  const shown = lines.filter((l) => l.n <= at);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
  return (
    <section className="panel replay-log" aria-labelledby="replay-log-h">
      <h2 id="replay-log-h">{t('replay.log.title')}</h2>
      {shown.length === 0 ? <p className="hint">{t('replay.log.empty')}</p> : (
        <ol ref={box} tabIndex={0} aria-labelledby="replay-log-h">
          {shown.map((l) => (
            <li key={l.key} className={`replay-log-${l.kind}${l.n === at ? ' current' : ''}`}>
              {l.text}{l.standIn !== null && <StandInTag name={l.standIn} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
