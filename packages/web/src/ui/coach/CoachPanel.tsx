import type { CoachDecision, CoachResult } from '@parlor/bots';
import type { GameExport } from '@parlor/protocol';
import { gameModule } from '@parlor/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportSeatNames } from '../table/names.js';
import { coachText } from './words.js';
import './coach.css';

/**
 * The post-game coach for one seat of a finished game (issue 14): every decision of that seat
 * judged from what it could see, the costly ones first. The analysis (`coachGame` of
 * @parlor/bots, a pure function over the export) runs in a worker after the panel shows, so the
 * end screen is never held up and the page stays responsive.
 */
export function CoachPanel(props: { exported: GameExport; seat: number }) {
  const { exported, seat } = props;
  const { t, i18n } = useTranslation();
  const [result, setResult] = useState<CoachResult | null>(null);
  const [all, setAll] = useState(false);

  useEffect(() => {
    let live = true;
    setResult(null);
    // In a worker (coach-worker.ts), so that the page stays responsive while a game is analysed;
    // where workers are missing or fail, on this thread after the panel shows.
    const here = () => {
      void import('@parlor/bots').then(({ coachGame }) => {
        if (live) setResult(coachGame(exported, seat));
      });
    };
    let worker: Worker | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    try {
      worker = new Worker(new URL('./coach-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (e: MessageEvent<CoachResult>) => { if (live) setResult(e.data); worker?.terminate(); };
      worker.onerror = () => { worker?.terminate(); if (live) here(); };
      worker.postMessage({ exported, seat });
    } catch {
      timer = setTimeout(here, 0);
    }
    return () => { live = false; worker?.terminate(); if (timer !== null) clearTimeout(timer); };
  }, [exported, seat]);

  const names = exportSeatNames(exported.seats, t);
  return (
    <section className="panel coach" aria-labelledby="coach-title">
      <h2 id="coach-title">{t('coach.title')}</h2>
      <p className="hint">{t('coach.intro')}</p>
      {result === null && <p role="status">{t('coach.analysing')}</p>}
      {result !== null && !result.ok && <p role="alert">{t(`coach.problem.${result.problem.code}`)}</p>}
      {result !== null && result.ok && (() => {
        const r = result.report;
        // Where a decision was, in the game's unit of length, one of it ('rounds' → coach.round).
        const unit = gameModule(r.game).length.unit.replace(/s$/, '');
        const shown = all ? r.decisions : r.decisions.filter((d) => d.flagged || d.winBest !== null);
        const pts = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
        return (
          <>
            <p className="coach-summary" role="status">
              {t('coach.summary', { decisions: r.summary.decisions, flagged: r.summary.flagged, lost: pts.format(r.summary.pointsLost) })}
              {r.summary.conflicts > 0 && <> {t('coach.conflicts', { conflicts: r.summary.conflicts })}</>}
            </p>
            {r.summary.flagged === 0 && <p>{t('coach.none', { threshold: pts.format(r.threshold) })}</p>}
            {shown.length > 0 && (
              <ol className="coach-list">
                {shown.map((d) => (
                  <CoachItem key={d.index} d={d} text={coachText(t, i18n.language, d, names, seat)}
                    where={t(`coach.${unit}`, { n: d.round })} />
                ))}
              </ol>
            )}
            {r.decisions.length > 0 && (
              <button type="button" className="coach-toggle" aria-pressed={all} onClick={() => setAll(!all)}>
                {all ? t('coach.onlyFlagged') : t('coach.showAll')}
              </button>
            )}
          </>
        );
      })()}
    </section>
  );
}

/** One decision: where it was and what the coach says of it. */
export function CoachItem({ d, text, where }: { d: CoachDecision; text: string; where: string }) {
  return (
    <li className={d.flagged ? 'coach-item coach-flagged' : 'coach-item'} data-action={d.index}>
      <span className="coach-where">{where}</span> {text}
    </li>
  );
}
