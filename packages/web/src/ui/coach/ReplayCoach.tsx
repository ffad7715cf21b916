import type { CoachResult } from '@parlor/bots';
import type { GameExport } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { CoachItem } from './CoachPanel.js';
import { coachText } from './words.js';
import './coach.css';

/** The coach's words (coach.json, on demand): this panel loads them itself, however the replay was reached. */
const COACH_STRINGS = ['coach'] as const;

/**
 * The coach beside each decision of a replay: choose a seat, and the move shown (position `at`,
 * reached by action `at − 1`) gets the coach's words when it was that seat's decision; the moves
 * worth a look are listed as links to their positions (`onGo`).
 */
export function ReplayCoach({ exp, at, names, onGo }: { exp: GameExport; at: number; names: readonly string[]; onGo: (at: number) => void }) {
  const { t, i18n } = useTranslation();
  const [seat, setSeat] = useState<number | null>(null);
  const [result, setResult] = useState<CoachResult | null>(null);
  const strings = useStrings(COACH_STRINGS);

  useEffect(() => {
    setResult(null);
    if (seat === null) return;
    let live = true;
    const timer = setTimeout(() => {
      void import('@parlor/bots').then(({ coachGame }) => { if (live) setResult(coachGame(exp, seat)); });
    }, 0);
    return () => { live = false; clearTimeout(timer); };
  }, [exp, seat]);

  const report = result !== null && result.ok ? result.report : null;
  const here = report?.decisions.find((d) => d.index === at - 1) ?? null;
  const flagged = report?.decisions.filter((d) => d.flagged) ?? [];
  if (!strings) return <div className="panel coach replay-coach" aria-busy="true" />;
  return (
    <section className="panel coach replay-coach" aria-labelledby="replay-coach-title">
      <h2 id="replay-coach-title">{t('coach.title')}</h2>
      <label>
        {t('coach.replay.seat')}{' '}
        <select value={seat === null ? '' : String(seat)} onChange={(e) => setSeat(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">{t('coach.replay.nobody')}</option>
          {exp.seats.map((_, i) => <option key={i} value={String(i)}>{names[i]}</option>)}
        </select>
      </label>
      {seat !== null && result === null && <p role="status">{t('coach.analysing')}</p>}
      {result !== null && !result.ok && <p role="alert">{t(`coach.problem.${result.problem.code}`)}</p>}
      {report !== null && seat !== null && (
        <>
          <div aria-live="polite">
            {here !== null
              ? <ul className="coach-list"><CoachItem d={here} text={coachText(t, i18n.language, here, names, seat)} where={t('coach.replay.here')} /></ul>
              : <p className="hint">{t('coach.replay.none', { name: names[seat] ?? '' })}</p>}
          </div>
          {flagged.length > 0 && (
            <p className="small">
              {t('coach.replay.flagged')}{' '}
              {flagged.map((d) => (
                <button key={d.index} type="button" className="secondary coach-jump" onClick={() => onGo(d.index + 1)} aria-current={d.index + 1 === at ? 'step' : undefined}>
                  {t('coach.replay.move', { n: d.index + 1 })}
                </button>
              ))}
            </p>
          )}
        </>
      )}
    </section>
  );
}
