import { type SfAction, type SfCard, type SfProtein, type SfView, SF_HAND_LIMIT, SF_PROTEIN_DRAWS, sfCheckDish, sfSortCards } from '@parlor/rules';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlace } from '../../table/motion.js';
import { HandCard } from './Card.js';
import { sameCards } from './util.js';

const BASE_CLAIMS: readonly SfProtein[] = ['shrimp', 'pork', 'chicken'];
const PROTEIN_CARDS: readonly SfCard[] = ['shrimp', 'pork', 'chicken', 'tofu'];

/** The identity of the hand's cards on the page: the n-th card of a kind (the put-down and dish cards use the same). */
export function handCardId(card: SfCard, occurrence: number): string {
  return `sf-${card}-${occurrence}`;
}

/**
 * The player's hand (cards as toggle buttons) and every action the selection allows, docked at the
 * bottom of the window with the taste-test prompt. `section` is the hand's region: the keyboard
 * goes there when the control it was on goes away after a move.
 */
export function Hand({ view, seq, legal, fresh, act, section }: {
  view: SfView; seq: number; legal: readonly SfAction[]; fresh: ReadonlySet<number>;
  act: (a: SfAction) => Promise<boolean>; section: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const hand = view.hand ?? [];
  const handKey = hand.join('|') + `#${view.phase}`;
  const [sel, setSel] = useState<{ key: string; idx: number[] }>({ key: handKey, idx: [] });
  const [claimSel, setClaim] = useState<SfProtein | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const claimName = useId();
  const place = usePlace<HTMLDivElement>('sf-hand');
  // A new hand (or phase) starts with nothing selected: indices of the old hand mean nothing.
  const selected = sel.key === handKey ? sel.idx : [];
  const cards = sfSortCards(selected.map((i) => hand[i]!));
  const me = view.viewer;
  const myTurn = view.turn.player === me;
  const discardDown = myTurn && view.phase === 'discard-down' && legal.length > 0;
  const acting = myTurn && view.phase === 'act' && legal.length > 0;
  const selectable = (acting || discardDown) && !busy;

  const toggle = (i: number) => {
    setRefused(false);
    setSel({ key: handKey, idx: selected.includes(i) ? selected.filter((x) => x !== i) : [...selected, i] });
  };
  const run = async (a: SfAction) => {
    setBusy(true);
    setRefused(false);
    const ok = await act(a);
    setBusy(false);
    if (ok) { setSel({ key: '', idx: [] }); setClaim(null); } else setRefused(true);
  };

  const find = (pred: (a: SfAction) => boolean) => legal.find(pred) ?? null;
  const pair = cards.length === 2 ? find((a) => a.type === 'discard-pair' && sameCards(a.cards, cards)) : null;
  const tofu = view.options.tofu;
  const claims = tofu ? [...BASE_CLAIMS, 'tofu' as const] : BASE_CLAIMS;
  const single = cards.length === 1 ? cards[0]! : null;
  const defaultClaim: SfProtein = single && PROTEIN_CARDS.includes(single) && (tofu || single !== 'tofu') ? single as SfProtein : 'shrimp';
  const claim = claimSel ?? defaultClaim;
  const protein = single ? find((a) => a.type === 'discard-protein' && a.card === single && a.claim === claim) : null;
  const proteinOpen = legal.some((a) => a.type === 'discard-protein');
  const pairOpen = legal.some((a) => a.type === 'discard-pair');
  const cook = cards.length >= 3 ? find((a) => a.type === 'cook' && sameCards(a.cards, cards)) : null;
  const preview = cards.length >= 3 ? sfCheckDish(cards) : null;
  const endTurn = find((a) => a.type === 'end-turn');
  const need = discardDown ? hand.length - SF_HAND_LIMIT : 0;
  const down = discardDown && cards.length === need ? find((a) => a.type === 'discard-down' && sameCards(a.cards, cards)) : null;
  const waitingTaste = view.phase === 'taste-test' && view.declaration?.declarer === me;

  return (
    <section ref={section} tabIndex={-1} className="sf-hand" aria-labelledby={`${claimName}-h`}>
      <div className="sf-hand-head">
        <h2 id={`${claimName}-h`}>{t('sf.hand.title')}</h2>
        <span className="small sf-hand-count">{t('sf.handSize', { count: hand.length })}</span>
        {selectable && <span className="small muted sf-hand-selected" aria-live="polite">{t('sf.actions.selected', { count: cards.length })}</span>}
      </div>
      <div ref={place} className="sf-hand-place">
        {hand.length === 0 ? <p className="muted sf-hand-empty">{t('sf.hand.empty')}</p> : (
          <div className="sf-hand-cards" role="group" aria-label={t('sf.hand.title')}>
            {hand.map((c, i) => {
              const occurrence = hand.slice(0, i).filter((x) => x === c).length;
              return (
                <HandCard key={`${c}-${occurrence}${fresh.has(i) ? `-new-${seq}` : ''}`} travelId={handCardId(c, occurrence)}
                  card={c} selected={selected.includes(i)} disabled={!selectable} fresh={fresh.has(i)} onToggle={() => toggle(i)} />
              );
            })}
          </div>
        )}
      </div>
      {!acting && !discardDown && hand.length > 0 && <p className="hint sf-hand-hint">{t('sf.hand.hint')}</p>}

      {discardDown && (
        <div className="sf-actions" role="group" aria-label={t('sf.actions.title')}>
          <p><strong>{t('sf.actions.discardDown', { hand: hand.length, count: need })}</strong></p>
          <p className="small muted">{t('sf.actions.discardDownPick', { count: need, selected: cards.length })}</p>
          <div className="row sf-buttons">
            <button type="button" disabled={busy || down === null} onClick={() => down && void run(down)}>
              {t('sf.actions.discardDownConfirm', { count: need })}
            </button>
            {cards.length > 0 && <button type="button" className="secondary" onClick={() => setSel({ key: '', idx: [] })}>{t('sf.actions.clear')}</button>}
          </div>
        </div>
      )}

      {acting && (
        <div className="sf-actions" role="group" aria-label={t('sf.actions.title')}>
          {cards.length === 0 && <p className="small muted">{t('sf.actions.none')}</p>}
          {view.turn.caught && <p className="small bad">{t('sf.actions.caught')}</p>}
          {single && proteinOpen && (
            <fieldset className="sf-claims">
              <legend>{t('sf.actions.claim')}</legend>
              {claims.map((c) => (
                <label key={c} className="sf-claim">
                  <input type="radio" name={claimName} value={c} checked={claim === c} onChange={() => setClaim(c)} />
                  {t('sf.actions.claimOption', { name: t(`sf.claims.${c}`), draws: SF_PROTEIN_DRAWS[c] })}
                </label>
              ))}
            </fieldset>
          )}
          {preview && (
            <p className={`sf-preview ${preview.legal ? 'ok' : 'bad'}`} aria-live="polite">
              {preview.legal
                ? t('sf.actions.preview', {
                  count: preview.points,
                  detail: preview.values.map((v) => t('sf.actions.previewValue', { name: t(`sf.cards.${v.card}.name`), value: v.value })).join(' + '),
                })
                : t(`sf.problem.${preview.problem}`)}
            </p>
          )}
          <div className="sf-buttons">
            <button type="button" disabled={busy || pair === null} onClick={() => pair && void run(pair)}
              title={!pairOpen ? t('sf.actions.pairDone') : undefined}>{t('sf.actions.pair')}</button>
            <button type="button" disabled={busy || protein === null} onClick={() => protein && void run(protein)}
              title={!proteinOpen ? t('sf.actions.proteinDone') : undefined}>
              {t('sf.actions.protein')}{single && proteinOpen ? ` — ${t(`sf.claims.${claim}`)}` : ''}
            </button>
            <button type="button" disabled={busy || cook === null} onClick={() => cook && void run(cook)}>
              {preview?.legal ? t('sf.actions.cook', { count: preview.points }) : t('sf.actions.cookPlain')}
            </button>
            <button type="button" className="secondary" disabled={busy || endTurn === null} onClick={() => endTurn && void run(endTurn)}>
              {t('sf.actions.endTurn')}
            </button>
            {cards.length > 0 && <button type="button" className="secondary sf-clear" onClick={() => setSel({ key: '', idx: [] })}>{t('sf.actions.clear')}</button>}
          </div>
          {(!pairOpen || !proteinOpen) && (
            <p className="small muted">{!pairOpen && t('sf.actions.pairDone')} {!proteinOpen && t('sf.actions.proteinDone')}</p>
          )}
        </div>
      )}
      {waitingTaste && <p className="sf-actions small" role="status">{t('sf.actions.waitTaste')}</p>}
      {refused && <p className="small bad" role="alert">{t('sf.actions.refused')}</p>}
    </section>
  );
}
