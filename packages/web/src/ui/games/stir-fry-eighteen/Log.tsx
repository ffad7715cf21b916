import type { SfEvent } from '@parlor/rules';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSfEvent, type LogContext } from './format.js';

/** The game log in words, newest at the bottom; the latest action's lines are highlighted. */
export function Log({ entries, ctx, lastSeq }: {
  entries: readonly { readonly seq: number; readonly event: SfEvent }[]; ctx: LogContext; lastSeq: number;
}) {
  const { t } = useTranslation();
  const lines = useMemo(() => {
    const out: { key: number; seq: number; text: string; kind: string }[] = [];
    entries.forEach((e, i) => {
      const text = formatSfEvent(e.event, ctx);
      if (text !== null) out.push({ key: i, seq: e.seq, text, kind: e.event.type });
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
        <ol ref={box} tabIndex={0} aria-live="polite" aria-relevant="additions" aria-labelledby="sf-log-h">
          {lines.map((l) => (
            <li key={l.key} className={`sf-log-${l.kind}${l.seq === lastSeq ? ' recent' : ''}`}>{l.text}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
