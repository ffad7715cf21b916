import type { GameAction } from '@parlor/protocol';
import type { GameId } from '@parlor/rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holdMs, useSettings } from '../../state/settings.js';
import { useApp } from '../context.js';
import { GAME_SCREENS } from '../games/registry.js';
import type { AnyLesson } from '../games/web-game.js';
import type { GameProps } from '../table/game-props.js';
import { Cite } from './Cite.js';
import { guidedSnapshot, guidedTable } from './guided-table.js';
import {
  type Run, type StepValues, act as actRun, currentStep, finished, next, playQueued, ready, startRun, waitsForNext,
} from './lesson.js';
import { Link, learnPath } from './Link.js';
import { useLesson } from './useLearnContent.js';
import { useTitle } from './useTitle.js';
import './learn.css';

/** The scripted players' names, by seat (seat 0 is the newcomer). */
const BOTS = ['mia', 'leo'] as const;

type AnyRun = Run<unknown, unknown>;

/**
 * `/learn/<game>/guided`: the game's real screen (GAME_SCREENS) fed with snapshots built in the
 * browser from the game's lesson (its entry in the web registry, guided-table.ts), below a lesson
 * panel that says what to do and why (pinned to the top of the window while the table scrolls under it).
 * The other seats' moves are played one by one, a moment apart, so that the newcomer sees them.
 */
export function GuidedPage({ game }: { game: GameId }) {
  const { t, i18n } = useTranslation();
  const lesson = useLesson(game);
  const [run, setRun] = useState<AnyRun>(() => startRun(lesson));
  const latest = useRef(run);
  latest.current = run;
  const [off, setOff] = useState(false);
  const { pace } = useSettings();
  const player = useApp((s) => s.player);
  const name = t(`games.${game}.name`);
  useTitle(`${t('learn.guided.title', { game: name })} — ${t('app.name')}`);

  // The other seats' queued moves, one at a time.
  useEffect(() => {
    if (ready(run)) return;
    const id = window.setTimeout(() => setRun((r) => (r === run ? playQueued(r) : r)), Math.round(holdMs('declare', pace) * 0.6));
    return () => window.clearTimeout(id);
  }, [run, pace]);

  const names = useMemo(
    () => [player?.name ?? t('learn.guided.you'), ...BOTS.slice(0, lesson.players - 1).map((b) => t(`learn.guided.bots.${b}`))],
    [player?.name, t, lesson.players]);
  const snapshot = useMemo(() => guidedSnapshot(run), [run]);
  const table = useMemo(() => guidedTable(run, { names }, snapshot), [run, names, snapshot]);

  const act = async (action: GameAction): Promise<boolean> => {
    const after = actRun(latest.current, action as unknown);
    if (after === null) { setOff(true); return false; }
    latest.current = after;
    setRun(after);
    setOff(false);
    return true;
  };
  const restart = () => { setOff(false); setRun(startRun(lesson)); window.scrollTo(0, 0); };

  const step = currentStep(run);
  const isReady = ready(run);
  const highlight = isReady && step?.highlight ? step.highlight(run.state).join(' ') : '';
  const values = isReady && step?.values ? words(step.values(run.state), lesson, t, i18n.language) : {};
  const last = run.step === lesson.steps.length - 1;
  const Screen = GAME_SCREENS[game];
  const props: GameProps = { table, snapshot, names, act };

  return (
    <div className="learn-guided-page">
      <nav className="learn-nav row">
        <Link to="/">← {t('table.back')}</Link>
        <Link to={learnPath(game)}>{t('learn.page.title', { game: name })}</Link>
      </nav>
      <h1>{t('learn.guided.title', { game: name })}</h1>
      <p className="small muted learn-guided-intro">{t('learn.guided.intro')}</p>
      {step !== null && !finished(run) && (
        <LessonPanel
          n={run.step + 1} total={lesson.steps.length} ready={isReady} off={off} last={last}
          title={t(`learn.${lesson.short}.guided.${step.id}.title`, values)}
          text={t(`learn.${lesson.short}.guided.${step.id}.text`, values)}
          rules={step.rules ?? []}
          waitsForNext={waitsForNext(run)}
          onNext={() => setRun((r) => next(r))}
          onRestart={restart}
          game={game}
        />
      )}
      <div className="learn-guided" data-hl={highlight}>
        <Screen {...props} />
      </div>
    </div>
  );
}

/** A step's values in words: card ids named in the page's language. */
function words(v: StepValues, lesson: AnyLesson, t: (k: string) => string, lang: string): Record<string, string | number> {
  const name = (c: string) => lesson.cardName(c, t);
  let list: Intl.ListFormat | null = null;
  try { list = new Intl.ListFormat(lang, { type: 'conjunction' }); } catch { list = null; }
  const out: Record<string, string | number> = {};
  for (const [k, x] of Object.entries(v)) {
    if (typeof x === 'string' || typeof x === 'number') out[k] = x;
    else if ('card' in x) out[k] = name(x.card);
    else out[k] = list ? list.format(x.cards.map(name)) : x.cards.map(name).join(', ');
  }
  return out;
}

/** What to do now and why; "Next" on steps that only explain; at the end, start again or go on. */
function LessonPanel({ n, total, ready, off, last, title, text, rules, waitsForNext, onNext, onRestart, game }: {
  n: number; total: number; ready: boolean; off: boolean; last: boolean; title: string; text: string; rules: readonly string[];
  waitsForNext: boolean; onNext: () => void; onRestart: () => void; game: GameId;
}) {
  const { t } = useTranslation();
  const [folded, setFolded] = useState(false);
  const nextButton = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLElement>(null);
  // The panel's height, for what sticks below it (the game's own status bar) and for scrolling
  // (the browser keeps a focused control out from under it).
  useEffect(() => {
    const el = box.current;
    const page = el?.parentElement;
    if (!el || !page) return;
    const set = () => {
      const h = `${Math.ceil(el.getBoundingClientRect().height)}px`;
      page.style.setProperty('--learn-lesson-h', h);
      document.documentElement.style.scrollPaddingTop = `calc(${h} + 8px)`;
    };
    set();
    const watch = new ResizeObserver(set);
    watch.observe(el);
    return () => { watch.disconnect(); document.documentElement.style.scrollPaddingTop = ''; };
  }, []);
  // A step that waits for "Next" brings the keyboard to it (the game asks nothing then).
  useEffect(() => {
    if (ready && waitsForNext) nextButton.current?.focus({ preventScroll: true });
  }, [ready, waitsForNext, n]);
  return (
    <section ref={box} className={`learn-lesson panel${folded ? ' folded' : ''}`} aria-labelledby="learn-step-title" data-step={n}>
      <div className="learn-lesson-top">
        <span className="small muted">{t('learn.guided.step', { n, total })}</span>
        <button type="button" className="secondary learn-fold" aria-expanded={!folded} onClick={() => setFolded((f) => !f)}>
          {folded ? t('learn.guided.show') : t('learn.guided.hide')}
        </button>
      </div>
      <div aria-live="polite">
        {ready ? (
          <>
            <h2 id="learn-step-title">{title}</h2>
            {!folded && <p className="learn-step-text">{text} <Cite rules={rules} /></p>}
          </>
        ) : (
          <h2 id="learn-step-title" className="learn-waiting">{t('learn.guided.others')}</h2>
        )}
      </div>
      {off && ready && <p className="small bad learn-off" role="alert">{t('learn.guided.offScript', { step: title })}</p>}
      {ready && (waitsForNext || last) && (
        <div className="row learn-lesson-buttons">
          {!last && <button ref={nextButton} type="button" onClick={onNext}>{t('learn.guided.next')}</button>}
          {last && (
            <>
              <button type="button" onClick={onRestart}>{t('learn.guided.restart')}</button>
              <Link to={learnPath(game)}>{t('learn.page.title', { game: t(`games.${game}.name`) })}</Link>
              <Link to="/">{t('learn.guided.play')}</Link>
            </>
          )}
        </div>
      )}
    </section>
  );
}
