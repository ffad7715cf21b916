import type { GameExport } from '@parlor/protocol';
import { gameModule } from '@parlor/rules';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, profileHref, replayHref } from '../../net/api.js';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { ReplayCoach } from '../coach/ReplayCoach.js';
import { useServices } from '../context.js';
import { GAME_REPLAYS } from '../games/registry.js';
import { Nav } from '../profile/Nav.js';
import { type FoldedReplay, chapters, foldExport, positionFromQuery, seedHash } from './fold.js';
import './replay.css';

/** How the server names a deleted account's player in the games they played (docs/api.md). */
const DELETED_PLAYER = 'deleted player';

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'refused'; readonly code: string; readonly retryAfter: number | null }
  | { readonly state: 'ready'; readonly exp: GameExport; readonly replay: FoldedReplay }
  | { readonly state: 'broken'; readonly exp: GameExport | null; readonly why: string };

/**
 * `/games/<tableId>/<gameNo>`: a finished game, step by step. The export (`GET /api/games/…`, with
 * the invite of a private table, or the token of one of its players) is folded with the rules
 * package in the browser, exactly as `parlor verify` replays it; `?at=` names the position shown.
 */
export function ReplayPage({ tableId, gameNo, invite, at }: { tableId: string; gameNo: number; invite: string | null; at: string | null }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    void api.game(tableId, gameNo, invite, client.token).then((r) => {
      if (!live) return;
      if (!r.ok) { setLoaded({ state: 'refused', code: r.code, retryAfter: r.retryAfter }); return; }
      const folded = foldExport(r.value);
      if (folded.game === null) setLoaded({ state: 'broken', exp: null, why: folded.problem.kind });
      else setLoaded({ state: 'ready', exp: r.value, replay: folded });
    });
    return () => { live = false; };
  }, [tableId, gameNo, invite, client]);

  return (
    <div className="replay-page">
      <Nav />
      {loaded.state === 'loading' && <p className="panel" role="status">{t('replay.loading')}</p>}
      {loaded.state === 'refused' && (
        <section className="panel" role="alert">
          <h1>{t('replay.unavailable')}</h1>
          <p><ApiErrorText code={loaded.code} retryAfter={loaded.retryAfter} /></p>
        </section>
      )}
      {loaded.state === 'broken' && <p className="panel" role="alert">{t('replay.problem.format')}</p>}
      {loaded.state === 'ready' && <Viewer exp={loaded.exp} replay={loaded.replay} atParam={at} invite={invite} />}
    </div>
  );
}

/** The seats' names as the table shows them: a bot by its level, two alike told apart by seat number. */
function useSeatNames(exp: GameExport): string[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const raw = exp.seats.map((s) => (s.kind === 'bot' && s.level !== undefined ? t(`table.botLevel.${s.level}`)
      : s.name === DELETED_PLAYER ? t('replay.deletedPlayer') : s.name));
    return raw.map((n, i) => (raw.filter((m) => m === n).length > 1 ? `${n} ${i + 1}` : n));
  }, [exp, t]);
}

/**
 * A game kept only in this browser (an offline game, src/offline): the header names it and links
 * back to it instead of a server's table; there is no link to share and no player's profile.
 */
export interface LocalGame {
  /** The header's line under the title (what the game is). */
  readonly subtitle: string;
  /** Back to the game's own page. */
  readonly href: string;
  readonly label: string;
}

/** The replay of an export: the header, the controls and the position (also the offline games' replay, with `local`). */
export function Viewer({ exp, replay, atParam, invite, local }: {
  exp: GameExport; replay: FoldedReplay; atParam: string | null; invite: string | null; local?: LocalGame;
}) {
  const { t, i18n } = useTranslation();
  const { navigate } = useServices();
  const last = replay.positions.length - 1;
  const [at, setAt] = useState(() => positionFromQuery(atParam, last));
  // Back and forward in the browser's history bring their own ?at=.
  useEffect(() => { setAt(positionFromQuery(atParam, last)); }, [atParam, last]);
  const go = useCallback((n: number) => setAt(Math.max(0, Math.min(last, n))), [last]);
  const names = useSeatNames(exp);
  const module = gameModule(replay.game);
  // The game's unit of length ('rounds', 'turns'): the jump's words are replay.jump.<unit>, a
  // chapter's replay.chapter.<one unit>.
  const unit = module.length.unit;
  const marks = useMemo(() => chapters(replay.positions, (s) => module.length.of(s)), [replay, module]);
  const Position = GAME_REPLAYS[replay.game];

  // The address says which position is shown (shareable), without adding a history entry per step —
  // while it is still this page's address.
  const [home] = useState(() => window.location.pathname);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.pathname !== home) return;
    url.searchParams.set('at', String(at));
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }, [at, home]);

  // ← and → step, Home and End jump to the ends, wherever the focus is, except in a field that uses them itself.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) return;
      const el = e.target as HTMLElement | null;
      if (el !== null && (el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName))) return;
      const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (step !== undefined) { e.preventDefault(); setAt((a) => Math.max(0, Math.min(last, a + step))); }
      else if (e.key === 'Home') { e.preventDefault(); setAt(0); }
      else if (e.key === 'End') { e.preventDefault(); setAt(last); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);

  const [seedOk, setSeedOk] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void seedHash(exp.seed).then((h) => { if (live) setSeedOk(h === null ? null : h === exp.commitment); });
    return () => { live = false; };
  }, [exp]);

  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [at]);
  const share = `${window.location.origin}${replayHref(exp.table, exp.gameNo, invite, at)}`;

  const pos = replay.positions[at]!;
  const moveText = at === 0 ? t('replay.start')
    : t('replay.move', { n: at, total: last, name: names[pos.seat ?? 0] ?? '' })
      + (pos.by === 'stand-in' ? ` (${t('presence.standIn', { name: names[pos.seat ?? 0] ?? '' })})` : pos.by === 'timer' ? ` (${t('replay.byTimer')})` : '');
  const nextText = pos.toAct.length === 0 ? t('replay.over') : t('replay.waiting', { names: pos.toAct.map((s) => names[s]).join(', ') });
  const finished = new Date(exp.finishedAt);
  const winners = replay.outcome?.winners ?? exp.outcome.winners;

  return (
    <>
      <header className="replay-head">
        <h1>{t('replay.title', { game: t(`games.${exp.game}.name`) })}</h1>
        <p className="muted small">
          {local?.subtitle ?? t('replay.subtitle', { gameNo: exp.gameNo, table: exp.table })} · <time dateTime={exp.finishedAt}>{finished.toLocaleString(i18n.language)}</time>
          {' · '}{local !== undefined
            ? <a href={local.href} onClick={(e) => { e.preventDefault(); navigate(local.href); }}>{local.label}</a>
            : <a href={`/t/${exp.table}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`} onClick={(e) => { e.preventDefault(); navigate(`/t/${exp.table}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`); }}>{t('replay.tableLink')}</a>}
        </p>
        <ul className="replay-players small" aria-label={t('replay.players')}>
          {exp.seats.map((s, i) => (
            <li key={i} className={winners.includes(i) ? 'winner' : undefined}>
              {s.kind === 'player' && s.name !== DELETED_PLAYER && local === undefined
                ? <a href={profileHref(s.name)} onClick={(e) => { e.preventDefault(); navigate(profileHref(s.name)); }}>{names[i]}</a>
                : names[i]}
              {' '}<span className="muted">{exp.outcome.scores[i]}</span>{winners.includes(i) && <span aria-label={t('replay.winner')}> ★</span>}
            </li>
          ))}
        </ul>
        {seedOk === true && <p className="small good">✓ {t('replay.seedOk')}</p>}
        {seedOk === false && <p className="small bad" role="alert">{t('replay.seedBad')}</p>}
        {replay.problem !== null && replay.problem.kind !== 'not-over' && (
          <p className="panel bad" role="alert">
            {replay.problem.kind === 'refused' ? t('replay.problem.refused', { n: replay.problem.index + 1, code: replay.problem.code }) : t('replay.problem.format')}
          </p>
        )}
        {replay.problem === null && !replay.outcomeMatches && <p className="panel bad" role="alert">{t('replay.problem.outcome')}</p>}
      </header>

      <section className="panel replay-controls" aria-label={t('replay.controls')}>
        <div className="replay-buttons">
          <button type="button" className="secondary" onClick={() => go(0)} disabled={at === 0} aria-label={t('replay.first')} title={t('replay.first')}><Icon d="M6 5v14M18 5l-9 7 9 7z" /></button>
          <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-keyshortcuts="ArrowLeft" aria-label={t('replay.previous')}><Icon d="M16 5l-9 7 9 7z" /> <span className="replay-btn-text" aria-hidden="true">{t('replay.previous')}</span></button>
          <input type="range" className="replay-slider" min={0} max={last} step={1} value={at} onChange={(e) => go(Number(e.target.value))}
            aria-label={t('replay.slider')} aria-valuetext={t('replay.sliderValue', { n: at, total: last })} />
          <button type="button" onClick={() => go(at + 1)} disabled={at === last} aria-keyshortcuts="ArrowRight" aria-label={t('replay.next')}><span className="replay-btn-text" aria-hidden="true">{t('replay.next')}</span> <Icon d="M8 5l9 7-9 7z" /></button>
          <button type="button" className="secondary" onClick={() => go(last)} disabled={at === last} aria-label={t('replay.last')} title={t('replay.last')}><Icon d="M18 5v14M6 5l9 7-9 7z" /></button>
        </div>
        <div className="replay-where">
          <p className="replay-move" aria-live="polite"><strong>{moveText}</strong> · <span className="muted">{nextText}</span></p>
          <label className="replay-jump">{t(`replay.jump.${unit}`)}
            <select value={String(marks.filter((m) => m.at <= at).at(-1)?.at ?? 0)} onChange={(e) => go(Number(e.target.value))}>
              {marks.map((m) => (
                <option key={m.at} value={m.at}>
                  {m.chapter === 0 ? t('replay.start') : t(`replay.chapter.${unit.replace(/s$/, '')}`, { n: m.chapter })}
                </option>
              ))}
            </select>
          </label>
          {local === undefined && (
            <button type="button" className="secondary" onClick={() => { void navigator.clipboard?.writeText(share).then(() => setCopied(true), () => undefined); }}>
              {copied ? t('replay.copied') : t('replay.copy')}
            </button>
          )}
        </div>
        <p className="hint">{t('replay.keys')}</p>
      </section>

      <ReplayCoach exp={exp} at={at} names={names} onGo={go} />

      <Position replay={replay} at={at} names={names} />
    </>
  );
}

/** A control's picture (the words are its accessible name). */
function Icon({ d }: { d: string }) {
  return (
    <svg className="replay-icon" aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
      <path d={d} fill="currentColor" stroke="currentColor" strokeWidth="2.4" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
