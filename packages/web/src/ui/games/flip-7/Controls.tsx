import type { GameAction } from '@parlor/protocol';
import { f7NextFlipOdds, type F7Action, type F7View } from '@parlor/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel, linePoints } from './text.js';
import './give.css';

/** A move on its way: whether one is being sent, and the sender (which drops a move while one is on its way). */
export interface Mover {
  readonly busy: boolean;
  readonly send: (a: F7Action) => void;
}

/** Sends this seat's moves one at a time (the buttons and the table's rows share it). */
export function useMover(act: (action: GameAction) => Promise<boolean>): Mover {
  const [busy, setBusy] = useState(false);
  const send = (a: F7Action) => {
    if (busy) return;
    setBusy(true);
    void act(a).finally(() => setBusy(false));
  };
  return { busy, send };
}

/** The seats this seat may give the pending action card to (F7-8, F7-11); empty when no give is asked of it. */
export function giveReceivers(view: F7View, seat: number | null, legal: readonly F7Action[]): number[] {
  const p = view.pending;
  if (p === null || p.kind !== 'give' || p.seat !== seat) return [];
  return legal.flatMap((a) => (a.type === 'give' ? [a.to] : []));
}

interface ControlsProps {
  readonly view: F7View;
  readonly seat: number;
  readonly names: readonly string[];
  readonly legal: readonly F7Action[];
  /** The seats this seat may give the pending action card to (giveReceivers); empty unless giving. */
  readonly receivers: readonly number[];
  readonly mover: Mover;
  /** Many players: the receivers are a compact grid of names (their rows on the table tell the rest, and take a tap too). */
  readonly compact: boolean;
}

/** The decision asked of this seat: hit or stay (F7-4, F7-5), or who gets an action card (F7-8, F7-10, F7-11). */
export function Controls({ view, seat, names, legal, receivers, mover, compact }: ControlsProps) {
  const { t } = useTranslation();
  const { busy, send } = mover;
  const pending = view.pending;
  if (pending === null || pending.seat !== seat || legal.length === 0) return null;

  if (pending.kind === 'give') {
    const card = cardLabel(pending.card, t);
    return (
      <section className="f7-controls f7-give" aria-labelledby="f7-give-title" aria-busy={busy}>
        <h2 id="f7-give-title" className="visually-hidden">{t(pending.setAside ? 'f7.turn.yourGiveSetAside' : 'f7.turn.yourGive', { card })}</h2>
        <p className="hint">{t(`f7.cardHelp.${pending.card}`)}</p>
        <p className="hint f7-give-rows">{t('f7.action.pickRow')}</p>
        <div className={`f7-receivers${compact ? ' is-compact' : ''}`} role="group" aria-label={t('f7.action.receivers', { card })}>
          {receivers.map((to) => {
            const points = linePoints(view, to);
            const does = to === seat ? t('f7.action.giveSelf', { card }) : t('f7.action.giveTo', { card, name: names[to] });
            // Named by their content, which begins with the words shown (label in name): who (and their
            // points), then, for screen readers, what the button does.
            return (
              <button key={to} type="button" className={to === seat ? 'secondary' : ''} aria-disabled={busy || undefined}
                onClick={() => send({ type: 'give', to })}>
                {compact ? (
                  <>
                    <span className="f7-receiver-name">{to === seat ? t('f7.action.you') : names[to]}</span>
                    <span className="visually-hidden">{', '}{t('f7.action.receiverPoints', { points })}{', '}{does}</span>
                  </>
                ) : (
                  <>
                    <span className="f7-receiver-name">{to === seat ? t('f7.action.receiverYou', { points })
                      : t('f7.action.receiver', { name: names[to], points })}</span>
                    <span className="visually-hidden">{', '}{does}</span>
                  </>
                )}
              </button>
            );
          })}
        </div>
      </section>
    );
  }

  const canHit = legal.some((a) => a.type === 'hit');
  const canStay = legal.some((a) => a.type === 'stay');
  const points = linePoints(view, seat);
  // While a move is on its way the buttons stay focusable (aria-disabled, not disabled), so the
  // keyboard does not fall out of the action area.
  return (
    <section className="f7-controls" aria-labelledby="f7-move-title" aria-busy={busy}>
      <h2 id="f7-move-title" className="visually-hidden">{t('f7.action.actions')}</h2>
      <div className="f7-buttons">
        <button type="button" className="f7-hit" disabled={!canHit} aria-disabled={busy || undefined} onClick={() => send({ type: 'hit' })}>
          <span className="f7-btn-main">{pending.atDeal ? t('f7.action.take') : t('f7.action.hit')}</span>
          {!pending.atDeal && <span className="f7-btn-sub">{t('f7.action.hitHelp')}</span>}
        </button>
        <button type="button" className="f7-stay secondary" disabled={!canStay} aria-disabled={busy || undefined} data-points={points}
          onClick={() => send({ type: 'stay' })}>
          <span className="f7-btn-main">{t('f7.action.stay')}</span>
          <span className="f7-btn-sub">{t('f7.action.stayHelp', { count: points })}</span>
        </button>
      </div>
    </section>
  );
}

const HINT_KEY = 'parlor.f7.hint';

/** The toggleable hint: the exact chance the next flip busts this seat (f7NextFlipOdds, F7-16). */
export function Hint({ view, seat }: { view: F7View; seat: number }) {
  const { t, i18n } = useTranslation();
  const [on, setOn] = useState(() => localStorage.getItem(HINT_KEY) === '1');
  const toggle = () => { setOn(!on); localStorage.setItem(HINT_KEY, on ? '0' : '1'); };
  const odds = on ? f7NextFlipOdds(view, seat) : null;
  const pct = odds === null ? '' : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(odds.bust);
  const saved = odds !== null && odds.bust === 0 && odds.duplicate > 0;
  return (
    <div className="f7-hint">
      <button type="button" className="secondary f7-hint-toggle" aria-pressed={on} aria-controls="f7-hint-body" onClick={toggle}>
        {on ? t('f7.hint.hide') : t('f7.hint.show')}
      </button>
      <div id="f7-hint-body" aria-live="polite">
        {odds !== null && (
          odds.source === 'none' ? <p>{t('f7.hint.none')}</p> : (
            <>
              <p className={`f7-odds${odds.bust >= 0.3 ? ' is-high' : ''}`}>
                <strong>{t('f7.hint.bust', { percent: pct })}</strong>
                {' '}
                <meter min={0} max={1} low={0.2} high={0.35} optimum={0} value={odds.bust} aria-hidden="true" />
              </p>
              <p className="small muted">
                {odds.duplicateCards === 0 ? t('f7.hint.safe')
                  : saved ? t('f7.hint.saved', { dup: odds.duplicateCards, count: odds.size })
                  : t('f7.hint.detail', { dup: odds.duplicateCards, count: odds.size })}
              </p>
              {odds.source === 'reshuffled-discard' && <p className="small muted">{t('f7.hint.reshuffle')}</p>}
            </>
          )
        )}
      </div>
    </div>
  );
}
