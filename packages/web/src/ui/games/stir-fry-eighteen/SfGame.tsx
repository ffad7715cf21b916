import { type SfAction, type SfEvent, type SfProtein, type SfView, SF_HAND_LIMIT } from '@parlor/rules';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { myAwayReason } from '../../../state/presence.js';
import { useSettings } from '../../../state/settings.js';
import { useCountdownNews, useLogNews, useOnce } from '../../table/announcer.js';
import { GameLiveRegions } from '../../table/LiveRegions.js';
import { ReaderKeys } from '../../table/ReaderKeys.js';
import { WaitingOnGone } from '../../table/Presence.js';
import { useTurnTimeWords } from '../../table/TurnClock.js';
import { useGameCue } from '../../settings/cues.js';
import type { GameProps } from '../../table/game-props.js';
import { SfMotion } from './Card.js';
import { sfCueOf } from './cues.js';
import { Countdown } from './Countdown.js';
import { EndScreen } from './EndScreen.js';
import { formatSfEvent, sfSaidEvents } from './format.js';
import { Hand } from './Hand.js';
import { Log } from './Log.js';
import { Players } from './Players.js';
import { TableCenter, type Logged } from './TableCenter.js';
import { TastePrompt } from './TastePrompt.js';
import { sfMomentOf, usePacedSnapshot } from './pace.js';
import { sfReading } from './reading.js';
import { uniqueNames, useLogContext, useSecondsLeft } from './util.js';
import './sf.css';

/**
 * Keeps the keyboard on the table when what had it goes away or is disabled — never on the page's
 * body. In the action area (the dock: the taste-test prompt and the hand), after a move (a prompt
 * answered, a button used up, the turn over): the open prompt, else the hand's region. On a card
 * lying on the table that went back into the pile: the table cards' Tab stop, else the hand.
 */
function useKeepFocus(root: RefObject<HTMLElement | null>, dock: RefObject<HTMLElement | null>, hand: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (el === null) return;
    let where: 'dock' | 'felt' | null = null;
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target as Node;
      where = dock.current?.contains(target) ? 'dock' : el.querySelector('.sf-felt')?.contains(target) ? 'felt' : null;
    };
    const check = () => {
      if (where === null) return;
      const active = document.activeElement;
      const lost = active === null || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled === true;
      if (!lost) return;
      // From a table card that went back into the pile: the table cards' Tab stop, if any are left.
      const stop = where === 'felt' ? el.querySelector<HTMLElement>('.sf-felt [data-card-key][tabindex="0"]') : null;
      const target = stop ?? dock.current?.querySelector<HTMLElement>('.sf-taste') ?? hand.current;
      target?.focus({ preventScroll: true });
    };
    let scheduled = false;
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => { scheduled = false; check(); }, 0);
    });
    observer.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    return () => { observer.disconnect(); document.removeEventListener('focusin', onFocusIn); };
  }, [root, dock, hand]);
}

/**
 * When a moment asks this seat something (its turn, a taste-test prompt), the table's felt comes into
 * view above the dock if the dock covers it: the page scrolls by just enough, never so far that the
 * felt goes under what sticks at the top of the window. Nothing scrolls when nothing is covered.
 */
function useRevealFelt(root: RefObject<HTMLElement | null>, dock: RefObject<HTMLElement | null>, moment: string | null): void {
  useEffect(() => {
    if (moment === null) return;
    const reveal = () => {
      const felt = root.current?.querySelector<HTMLElement>('.sf-felt');
      const bar = root.current?.querySelector<HTMLElement>('.sf-status');
      const d = dock.current;
      if (!felt || !d) return;
      const f = felt.getBoundingClientRect();
      const covered = f.bottom + 8 - d.getBoundingClientRect().top;
      if (covered <= 1) return;
      // What stays at the top of the window as the page scrolls: our status bar when it sticks, and
      // anything sticky or fixed up there now (the page's header, a guided game's lesson panel).
      let top = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().bottom : 0;
      for (const el of document.elementsFromPoint(f.left + f.width / 2, 2)) {
        const position = getComputedStyle(el).position;
        if (position === 'sticky' || position === 'fixed') top = Math.max(top, el.getBoundingClientRect().bottom);
      }
      const by = Math.min(covered, f.top - top - 8);
      if (by > 1) window.scrollBy({ top: by, behavior: 'instant' });
    };
    // Once drawn, and again as what came with the moment settles (the prompt, the chefs' boxes).
    const frame = window.requestAnimationFrame(reveal);
    const later = [250, 700].map((ms) => window.setTimeout(reveal, ms));
    return () => { window.cancelAnimationFrame(frame); later.forEach((t) => window.clearTimeout(t)); };
  }, [root, dock, moment]);
}

/**
 * The Stir Fry Eighteen table: the chefs, the table on its felt, the hand and the moves docked at
 * the bottom of the window (with the taste-test prompt right above the hand), and the log. Moves
 * are shown at the player's pace (pace.ts): a declaration, a reveal or a dish stays on show long
 * enough to be read before the next move appears.
 */
export function SfGame({ table, snapshot: latest, names: rawNames, act }: GameProps) {
  const { t } = useTranslation();
  const names = useMemo(() => uniqueNames(rawNames), [rawNames]);
  const latestView = latest.view as SfView;
  const me = typeof latestView.viewer === 'number' ? latestView.viewer : null;
  // In screen reader mode every move shows as it comes: no hold keeps the latest from the page.
  const { reader } = useSettings();
  const paced = usePacedSnapshot(latest, me);
  const { shown: snapshot, moment } = reader ? { shown: latest, moment: sfMomentOf(latest.events) } : paced;
  const view = snapshot.view as SfView;
  const legal = snapshot.legal as SfAction[];
  const ctx = useLogContext(names);
  const seconds = useSecondsLeft(view.phase === 'over' ? null : snapshot.deadline);
  // A turn-based table's snapshots carry the seats' banks; its clock runs in hours or days.
  const turnBased = snapshot.banks !== undefined;
  const turnWords = useTurnTimeWords();
  // The log as far as the move on show.
  const entries = useMemo(() => table.log.filter((e) => e.seq <= snapshot.seq), [table.log, snapshot.seq]);
  const log = entries as readonly Logged<SfEvent>[];
  const root = useRef<HTMLDivElement>(null);
  const dock = useRef<HTMLDivElement>(null);
  const handRegion = useRef<HTMLElement>(null);
  useKeepFocus(root, dock, handRegion);
  // Cards travel only after the screen's first picture (see SfMotion).
  const live = useRef(false);
  useEffect(() => { live.current = true; }, []);

  const { lastReveal, lastDish, claims } = useMemo(() => {
    type Reveal = Logged<Extract<SfEvent, { type: 'taste-test' }>>;
    type Dish = Logged<Extract<SfEvent, { type: 'cook' }>>;
    let lastReveal: Reveal | null = null;
    let lastDish: Dish | null = null;
    let turnStart = -1;
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i]!.event;
      if (lastReveal === null && e.type === 'taste-test') lastReveal = log[i] as Reveal;
      if (lastDish === null && e.type === 'cook') lastDish = log[i] as Dish;
      if (turnStart < 0 && e.type === 'turn-start') turnStart = i;
      if (lastReveal && lastDish && turnStart >= 0) break;
    }
    // The claims of this turn's declarations, matched in order to its pair/protein stacks.
    const declared = turnStart < 0 ? [] : log.slice(turnStart).flatMap((l) => (l.event.type === 'declare' ? [l.event.claim] : []));
    const stacks = view.putDown.map((p, i) => (p.why === 'pair' || p.why === 'protein' ? i : -1)).filter((i) => i >= 0);
    const claims: (SfProtein | null | undefined)[] = [];
    if (declared.length === stacks.length) stacks.forEach((s, k) => { claims[s] = declared[k]; });
    return { lastReveal, lastDish, claims };
  }, [log, view.putDown]);

  // Cards just drawn by this seat, to bring them into the hand from the pile.
  const fresh = useMemo(() => {
    const out = new Set<number>();
    const hand = view.hand ?? [];
    for (const e of snapshot.events as SfEvent[]) {
      if (e.type !== 'drawn' || e.player !== me) continue;
      for (const c of e.cards) {
        for (let i = hand.length - 1; i >= 0; i--) {
          if (hand[i] === c && !out.has(i)) { out.add(i); break; }
        }
      }
    }
    return out;
  }, [snapshot.events, view.hand, me]);

  // The moment on show, in the log's words: "Mia puts 1 card face down: “Shrimp!”".
  const momentText = useMemo(() => {
    if (moment === null) return null;
    const type = moment === 'dish' ? 'cook' : moment === 'reveal' ? 'taste-test' : 'declare';
    const e = (snapshot.events as SfEvent[]).find((x) => x.type === type);
    return e === undefined ? null : formatSfEvent(e, ctx);
  }, [moment, snapshot.events, ctx]);

  const over = view.phase === 'over';
  const player = view.turn.player;
  // While a stand-in bot plays my seat, my turns are its turns (the banner above says why).
  const botPlaysMe = myAwayReason(table) !== null;
  const status = over ? t('sf.status.over')
    : botPlaysMe && snapshot.waitingFor.includes(me ?? -1) ? t('sf.status.botPlays')
    : view.phase === 'taste-test' ? t('sf.status.tasteWindow', { names: (view.declaration?.waiting ?? []).map((s) => names[s]).join(', ') })
      : view.phase === 'discard-down' ? (player === me ? t('sf.status.discardDownYou') : t('sf.status.discardDown', { name: names[player] }))
        : player === me ? t('sf.status.yourTurn') : t('sf.status.turnOf', { name: names[player] });
  const mine = !over && snapshot.waitingFor.includes(me ?? -1);
  const o = view.options;
  const badges = [
    o.closingTime && t('sf.option.closingTime'), o.meticulousChef && t('sf.option.meticulousChef'), o.tofu && t('sf.option.tofu'),
    o.emptyPantry === 'no-cook-draw' && t('sf.option.noCookDraw'), o.emptyPantry === 'no-turn-draw' && t('sf.option.noTurnDraw'),
  ].filter((b): b is string => typeof b === 'string');
  const sfAct = (a: SfAction) => act(a);
  // What asks this seat now: a taste-test prompt (SF-14) or the start of its turn.
  const asked = !mine ? null : view.phase === 'taste-test' ? `taste-${snapshot.seq}` : view.turn.player === me ? `turn-${view.turn.number}` : null;
  useRevealFelt(root, dock, asked);
  const allEvents = useMemo(() => log.map((l) => l.event), [log]);
  // A move's cue (a dish, a taste test's verdict) sounds when it is shown (once; not for what is on screen at first).
  useGameCue(sfCueOf(snapshot.events as SfEvent[]), `${table.summary.id}:${snapshot.gameNo}:${snapshot.seq}`);

  // What the announcer says (ui/table/announcer.ts): every line of the log as the table shows it
  // (whose turn, what was drawn or declared, a taste test and its verdict, a dish and its points),
  // and — at once — what asks me now, with its choices and its seconds (SF-14's window).
  const tableId = table.summary.id;
  useLogNews(tableId, `${snapshot.gameNo}`, allEvents.length, snapshot.seq === 0, (from, to) => {
    const said = sfSaidEvents(allEvents);
    return allEvents.slice(from, to).flatMap((e, k) => { const x = said[from + k] ? formatSfEvent(e, ctx) : null; return x === null ? [] : [x]; });
  });
  const urgentKey = !mine || botPlaysMe ? null
    : view.phase === 'taste-test' ? `${snapshot.gameNo}:taste:${snapshot.seq}` : `${snapshot.gameNo}:${view.phase}:${view.turn.number}`;
  const readingInput = { view, me, log: allEvents, status, claims };
  useOnce(tableId, 'urgent', urgentKey, () => {
    const d = view.declaration;
    if (view.phase === 'taste-test' && d !== null) {
      const name = names[d.declarer];
      const prompt = d.kind === 'pair' ? t('sf.taste.prompt_pair', { name }) : t('sf.taste.prompt_protein', { name, claim: t(`sf.claims.${d.claim}`) });
      const time = seconds === null ? '' : ` ${turnBased ? turnWords.long(seconds) : t('reader.secondsLeft', { count: seconds })}.`;
      return `${t('sf.taste.title')} ${prompt}${time} ${t('sf.taste.test')} / ${t('sf.taste.trust')}. ${t('sf.taste.autoTrust')}`;
    }
    const hand = sfReading('hand', readingInput, ctx) ?? '';
    if (view.phase === 'discard-down') {
      return `${status}. ${t('sf.actions.discardDown', { hand: view.hand?.length ?? 0, count: (view.hand?.length ?? 0) - SF_HAND_LIMIT })} ${hand}`;
    }
    return `${status}. ${hand} ${t('sf.actions.none')}`;
  }, 'assertive');
  useCountdownNews(urgentKey, seconds, (n) => t('reader.secondsLeft', { count: n }));
  const read = (r: Parameters<typeof sfReading>[0]) => sfReading(r, readingInput, ctx);

  return (
    <SfMotion.Provider value={live}>
      <div ref={root} className="sf">
        <GameLiveRegions />
        <section className={`sf-status panel${mine ? ' mine' : ''}`} aria-label={t('sf.optionsSummary')}>
          {/* Not live: the announcer says whose move it is and what asks me (above), and this line would say it twice. */}
          <div className="sf-status-main" role="status" aria-live="off">
            <strong>{status}</strong>
            <Countdown seconds={seconds} turnBased={turnBased} />
            <WaitingOnGone table={table} snapshot={snapshot} names={names} />
          </div>
          <div className="sf-status-facts small">
            <span className="badge">{t('sf.target', { target: o.target })}</span>
            <span className="badge sf-pile" aria-label={t('lobby.option', { label: t('sf.drawPileLabel'), value: view.drawPileSize })}>
              <span className="sf-pile-icon" aria-hidden="true" /> <span key={view.drawPileSize} className="sf-bump">{t('sf.drawPile', { count: view.drawPileSize })}</span>
            </span>
            {!over && <span className="badge">{t('sf.status.turnNumber', { n: view.turn.number })}</span>}
            {badges.map((b) => <span key={b} className="badge">{b}</span>)}
          </div>
        </section>

        {over && <EndScreen table={table} snapshot={snapshot} view={view} names={names} me={me} events={allEvents} />}

        <div className="sf-layout">
          <Players view={view} names={names} me={me} table={table} snapshot={snapshot} />
          <div className="sf-main">
            <TableCenter view={view} names={names} me={me} claims={claims} lastReveal={lastReveal} lastDish={lastDish} moment={momentText} />
            {view.hand !== null && !over && (
              <div ref={dock} className={`sf-dock${mine ? ' mine' : ''}`}>
                <TastePrompt view={view} names={names} legal={legal} seconds={seconds} turnBased={turnBased} act={sfAct} />
                <Hand view={view} seq={snapshot.seq} legal={legal} fresh={fresh} act={sfAct} section={handRegion} />
              </div>
            )}
            <ReaderKeys read={read} />
          </div>
          <Log entries={entries} ctx={ctx} lastSeq={snapshot.seq} />
        </div>
      </div>
    </SfMotion.Provider>
  );
}
