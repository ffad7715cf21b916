import type { F7Action, F7Event, F7PlayerStats, F7View } from '@parlor/rules';
import { type MouseEvent, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myAwayReason } from '../../../state/presence.js';
import { tableStill, useSettings } from '../../../state/settings.js';
import { useCountdownNews, useLogNews, useOnce } from '../../table/announcer.js';
import { GameLiveRegions } from '../../table/LiveRegions.js';
import { ReaderKeys } from '../../table/ReaderKeys.js';
import { WaitingOnGone } from '../../table/Presence.js';
import { useTurnTimeWords } from '../../table/TurnClock.js';
import type { LogEntry } from '../../../state/store.js';
import { useGameCue } from '../../settings/cues.js';
import type { GameProps } from '../../table/game-props.js';
import { usePlace } from '../../table/motion.js';
import { moveAmong, useRovingKey } from '../../table/roving.js';
import { CardArt, CardBack } from './art.js';
import { Card, CardLine, F7_DECK, F7_DISCARD, F7_TO_GIVE, type F7TableCards, F7TableCardsContext, lineItems } from './Card.js';
import { Controls, Hint, giveReceivers, useMover } from './Controls.js';
import { EndScreen } from './EndScreen.js';
import { f7CueOf } from './cues.js';
import { FlipThrees } from './FlipThrees.js';
import { arrivals } from './frames.js';
import { GameLog } from './GameLog.js';
import { PlayerLine } from './PlayerLine.js';
import { RoundSummary, type F7RoundEnd } from './RoundSummary.js';
import { f7Reading, f7TurnText, f7YourMove } from './reading.js';
import { distinctNames, formatF7Event, toastFor, type Translate } from './text.js';
import { usePacedFrame } from './usePacedFrame.js';
import './f7.css';

/** From this many players on, the players' rows are compact (a phone shows more of them at once). */
const MANY_PLAYERS = 6;

/**
 * The Flip 7 table: the draw and discard piles on a table surface with every player's line, the
 * decision asked of you, the last round's scores, the log, the end. The game is shown moment by
 * moment at the pace chosen in the settings (usePacedFrame); cards travel from the deck to the lines
 * and from the lines to the discard pile (ui/table/motion.ts); each moment sounds its cue (cues.ts).
 */
export function F7Game({ table, snapshot, names: seatNames, act }: GameProps) {
  const { t, i18n } = useTranslation();
  const names = distinctNames(seatNames);
  // A game played in this browser (the guided first game) has no fair-shuffle commitment: it paces
  // its own moves, and it has no replay. In screen reader mode every move shows as it comes.
  const local = snapshot.commitment === '';
  const { reader } = useSettings();
  const { frame, live } = usePacedFrame(snapshot, table.log, !local && !reader);
  const view = frame.view;
  const seat = snapshot.seat;
  const legal = live ? (snapshot.legal as F7Action[]) : [];
  const over = view.phase === 'over';
  const turnSeat = over || frame.roundEnd ? null : (view.pending?.seat ?? view.toAct[0] ?? null);
  const log = useMemo(() => table.log.slice(0, frame.logCount), [table.log, frame.logCount]);
  const last = useMemo(() => lastRoundEnd(log), [log]);
  const stats = readStats(snapshot);
  const outcome = snapshot.outcome ?? view.outcome;

  // A moment's cue (a deal, a flip, a bust, a Flip 7…) sounds when it is shown (once; not for what is on screen at first).
  const moment = `${table.summary.id}:${frame.key}`;
  useGameCue(f7CueOf(frame.events), moment);

  // The cards: which arrived at this moment (they travel from the deck), and the one Tab reaches.
  const keys = useMemo(() => view.lines.flatMap((line, s) => lineItems(line, view.status[s] === 'busted', view.round).map((x) => `${s}:${x.key}`)),
    [view]);
  const [focusKey, setFocusKey] = useRovingKey(keys);
  const cards = useMemo<F7TableCards>(() => ({ arrivals: arrivals(frame.events), flip7: flip7Seat(frame.events), focusKey, setFocusKey }),
    [frame.events, focusKey, setFocusKey]);

  // An action card to give (F7-8): the receivers' rows take a tap as well as their buttons in the action area.
  const mover = useMover(act);
  const giveTo = useMemo(() => giveReceivers(view, seat, legal), [view, seat, legal]);
  const pickRow = giveTo.length === 0 ? undefined : (e: MouseEvent<HTMLOListElement>) => {
    const to = rowSeat(e);
    if (to !== null && giveTo.includes(to)) mover.send({ type: 'give', to });
  };

  const root = useRef<HTMLElement>(null);
  const dock = useRef<HTMLDivElement>(null);
  useKeepFocus(root, dock);

  // What the announcer says (ui/table/announcer.ts): every line of the log as the table shows it,
  // whose decision it is, and — at once — a decision of mine with its choices and its time.
  const tableId = table.summary.id;
  const botPlaysMe = myAwayReason(table) !== null;
  const roundEnd = frame.roundEnd ? last?.end ?? null : null;
  const turn = f7TurnText(view, seat, names, roundEnd, botPlaysMe, t);
  useLogNews(tableId, `${snapshot.gameNo}`, log.length, frame.seq === 0,
    (from, to) => log.slice(from, to).flatMap(({ event }) => { const x = formatF7Event(event as F7Event, names, t); return x === null ? [] : [x]; }));
  const asked = live && seat !== null && view.pending?.seat === seat && legal.length > 0;
  const moveKey = asked ? `${snapshot.gameNo}:${snapshot.seq}` : null;
  useOnce(tableId, 'urgent', moveKey, () => f7YourMove(view, seat!, names, giveTo, t), 'assertive');
  const theirs = !over && !turn.mine && view.pending !== null && roundEnd === null ? `${snapshot.gameNo}:${view.round}:${view.pending.seat}:${view.pending.kind}` : null;
  useOnce(tableId, 'turn', theirs, () => turn.text, 'polite');
  const secs = useSecondsLeft(asked ? snapshot.deadline : null);
  useCountdownNews(moveKey, secs, (n) => t('reader.secondsLeft', { count: n }));
  const events = useMemo(() => log.map((l) => l.event as F7Event), [log]);
  const read = (r: Parameters<typeof f7Reading>[0]) => f7Reading(r, view, seat, names, events, t, i18n.language, turn.text);

  return (
    <section ref={root} className="f7" aria-labelledby="f7-title" data-live={live} data-moment={frame.key}>
      <h2 id="f7-title" className="visually-hidden">{t('f7.title')}</h2>
      <GameLiveRegions />
      <F7TableCardsContext.Provider value={cards}>
        <div className="f7-layout">
          <div className="f7-main">
            <div className="f7-felt">
              <div className="f7-felt-top">
                <p className="f7-info">
                  <span className="f7-chip">{t('f7.info.round', { round: view.round })}</span>
                  <span className="f7-chip">{t('f7.info.target', { target: view.options.target })}</span>
                </p>
                <TableCenter view={view} />
              </div>
              {over && outcome !== null && (
                <EndScreen table={table} view={view} outcome={outcome} names={names} seat={seat} stats={stats} gameNo={local ? null : snapshot.gameNo} />
              )}
              {!tableStill() && <Toasts events={frame.events} moment={frame.key} hold={frame.hold} names={names} t={t} />}
              <FlipThrees view={view} names={names} />
              {!over && (
                <ol className={`f7-players${view.players >= MANY_PLAYERS ? ' f7-many' : ''}${giveTo.length > 0 ? ' f7-giving' : ''}`} aria-label={t('f7.info.players')}
                  onKeyDown={moveAmongCards} onClick={pickRow}>
                  {Array.from({ length: view.players }, (_, i) => (
                    <PlayerLine key={i} view={view} seat={i} name={names[i] ?? ''} me={i === seat} turn={i === turnSeat} table={table} snapshot={snapshot}
                      choosable={giveTo.includes(i)} />
                  ))}
                </ol>
              )}
            </div>
            {!over && (
              <div ref={dock} className="f7-dock" tabIndex={-1}>
                <TurnBanner view={view} seat={seat} turn={turn} roundEnd={roundEnd !== null}
                  deadline={live ? snapshot.deadline : null} turnBased={snapshot.banks !== undefined} waiting={live && snapshot.waitingFor.length > 0} />
                {live && <WaitingOnGone table={table} snapshot={snapshot} names={names} />}
                {seat !== null && <Controls view={view} seat={seat} names={names} legal={legal} receivers={giveTo} mover={mover} compact={view.players >= MANY_PLAYERS} />}
                {/* The bust chance is for hitting or staying: not shown while you give an action card. */}
                {seat !== null && view.status[seat] === 'active' && !frame.roundEnd && giveTo.length === 0 && <Hint view={view} seat={seat} />}
              </div>
            )}
            {last !== null && <RoundSummary end={last.end} names={names} busted={last.busted} />}
          </div>
          <aside className="f7-side">
            <ReaderKeys read={read} />
            <GameLog log={log} names={names} />
          </aside>
        </div>
      </F7TableCardsContext.Provider>
    </section>
  );
}

/**
 * The seat of the row a click landed in; null for a click on a control inside the row (a player's
 * "Replace with a bot") or outside the rows. A pointer's shortcut only: keyboards and screen readers
 * choose with the receivers' buttons in the action area. (A long press on a card, for its tooltip,
 * is no click.)
 */
function rowSeat(e: MouseEvent<HTMLOListElement>): number | null {
  const target = e.target instanceof Element ? e.target : null;
  if (target === null || target.closest('button, a, input, select') !== null) return null;
  const row = target.closest('.f7-players > li');
  const seat = row === null ? -1 : Array.prototype.indexOf.call(e.currentTarget.children, row);
  return seat < 0 ? null : seat;
}

/** The keyboard among the table's cards (one Tab stop for them all, ui/table/roving.ts), line by line. */
const moveAmongCards = moveAmong('[data-card-key]', '.f7-line');

/**
 * Keeps the keyboard on the table when what it was on goes (the table page leaves this to the game
 * screen): after a move, in the action area — on the next decision's first button, else the area
 * itself, and on that first button again when a decision comes while the area holds the keyboard;
 * from a card that went, on the cards' Tab stop; at the game's end, on the end screen's heading.
 */
function useKeepFocus(root: RefObject<HTMLElement | null>, dock: RefObject<HTMLDivElement | null>): void {
  const where = useRef<'dock' | 'cards' | 'other' | null>(null);
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (el === null || root.current === null || !root.current.contains(el)) { where.current = null; return; }
      where.current = dock.current?.contains(el) ? 'dock' : el.hasAttribute('data-card-key') ? 'cards' : 'other';
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [root, dock]);
  useLayoutEffect(() => {
    if (where.current === null || root.current === null) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    const d = dock.current;
    const firstControl = () => d?.querySelector<HTMLElement>('.f7-controls button:not(:disabled)') ?? null;
    if (!lost) {
      // The area holds the keyboard and a decision has come: its first button.
      if (active === d) firstControl()?.focus({ preventScroll: true });
      return;
    }
    const r = root.current;
    const target = (where.current === 'cards' ? r.querySelector<HTMLElement>('[data-card-key][tabindex="0"]') : null)
      ?? firstControl() ?? d ?? r.querySelector<HTMLElement>('#f7-end-title');
    target?.focus({ preventScroll: true });
  });
}

/** The seat that makes a Flip 7 among these events (F7-7), or null. */
function flip7Seat(events: readonly F7Event[]): number | null {
  const e = events.find((x): x is Extract<F7Event, { type: 'flip-7' }> => x.type === 'flip-7');
  return e === undefined ? null : e.seat;
}

/** The last `round-end` in the log, with the seats that busted in that round. */
function lastRoundEnd(log: readonly LogEntry[]): { end: F7RoundEnd; busted: Set<number> } | null {
  let busted = new Set<number>();
  let found: { end: F7RoundEnd; busted: Set<number> } | null = null;
  for (const { event } of log) {
    const e = event as F7Event;
    if (e.type === 'round-start') busted = new Set();
    else if (e.type === 'bust') busted.add(e.seat);
    else if (e.type === 'round-end') found = { end: e, busted };
  }
  return found;
}

/** The end-of-game statistics the server adds to the final snapshot, when present. */
function readStats(snapshot: GameProps['snapshot']): F7PlayerStats[] | null {
  const raw = (snapshot as { stats?: unknown }).stats;
  if (!Array.isArray(raw)) return null;
  return raw.every((x) => typeof x === 'object' && x !== null && 'roundsBanked' in x) ? (raw as F7PlayerStats[]) : null;
}

/**
 * The middle of the table: the draw pile (F7-3; where cards travel from), the discard pile with its
 * top card (F7-14; where cards travel to), and an action card flipped and waiting to be given (F7-8).
 */
function TableCenter({ view }: { view: F7View }) {
  const { t } = useTranslation();
  const deck = usePlace<HTMLDivElement>(F7_DECK);
  const discard = usePlace<HTMLDivElement>(F7_DISCARD);
  const top = view.discardPile[view.discardPile.length - 1];
  const p = view.pending;
  return (
    <div className="f7-center">
      <div className="f7-pile">
        <div ref={deck} className={`f7-pile-card f7-deck${view.drawPileSize === 0 ? ' is-empty' : ''}`}>{view.drawPileSize > 0 && <CardBack />}</div>
        <span className="f7-pile-label">{t('f7.info.drawPile', { count: view.drawPileSize })}</span>
      </div>
      <div className="f7-pile">
        <div ref={discard} className={`f7-pile-card f7-discard${top === undefined ? ' is-empty' : ''}`}>
          {top !== undefined && <span className={`f7-card f7-c-${top.replace('+', 'p')}`} aria-hidden="true"><CardArt card={top} /></span>}
        </div>
        <span className="f7-pile-label">{t('f7.info.discardPile', { count: view.discardPile.length })}</span>
      </div>
      {p !== null && p.kind === 'give' && (
        <div className="f7-pile f7-to-give">
          <ul className="f7-line" aria-label={t('f7.info.toGive')}>
            <Card key={`${view.round}:${p.card}`} card={p.card} travel={{ from: F7_DECK, to: F7_DISCARD, id: F7_TO_GIVE }} turning={0} />
          </ul>
          <span className="f7-pile-label" aria-hidden="true">{t('f7.info.toGive')}</span>
        </div>
      )}
    </div>
  );
}

function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Whose decision it is, in words (f7TurnText), with the move timer's countdown (days and hours at a turn-based table); at a round's end, that it ended and why. */
function TurnBanner({ view, seat, turn, roundEnd, deadline, turnBased, waiting }: {
  view: F7View; seat: number | null; turn: { text: string; mine: boolean }; roundEnd: boolean; deadline: number | null; turnBased: boolean; waiting: boolean;
}) {
  const { t } = useTranslation();
  const turnWords = useTurnTimeWords();
  const secs = useSecondsLeft(waiting ? deadline : null);
  const { text, mine } = turn;
  const out = !roundEnd && seat !== null && !mine && view.status[seat] !== 'active';
  return (
    <div className={`f7-banner${mine ? ' is-mine' : ''}${roundEnd ? ' is-round-end' : ''}`}>
      {/* Not live: the announcer says whose decision it is (F7Game), and this line would say it twice. */}
      <p role="status" aria-live="off" className="f7-banner-text">
        {text}
        {out && <span className="f7-banner-sub"> {t('f7.turn.out')}</span>}
        {seat === null && <span className="f7-banner-sub"> {t('f7.turn.spectating')}</span>}
      </p>
      {secs !== null && (
        // At a turn-based table the time is hours or days: in days, hours and minutes rather than seconds.
        <span className={`f7-timer${secs <= 5 ? ' is-low' : ''}`} role="timer" aria-live="off">
          {turnBased ? turnWords.short(secs) : t('table.timeLeft', { seconds: secs })}
        </span>
      )}
    </div>
  );
}

/** A flash for the notable events of the moment shown, as long as it is held (the log says it in words for screen readers). */
function Toasts({ events, moment, hold, names, t }: { events: readonly F7Event[]; moment: string; hold: number; names: readonly string[]; t: Translate }) {
  const toasts = events.flatMap((e) => { const x = toastFor(e, names, t); return x === null ? [] : [x]; });
  if (toasts.length === 0) return null;
  return (
    <div className="f7-toasts" aria-hidden="true">
      {toasts.map((x, i) => (
        <div key={`${moment}-${i}`} className={`f7-toast f7-toast-${x.kind}`} style={{ animationDuration: `${Math.max(1200, hold)}ms` }}>{x.text}</div>
      ))}
    </div>
  );
}
