import type { SfAction, SfEvent, SfProtein, SfView } from '@parlor/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { myAwayReason } from '../../../state/presence.js';
import type { GameProps } from '../../table/game-props.js';
import { EndScreen } from './EndScreen.js';
import { Hand } from './Hand.js';
import { Log } from './Log.js';
import { Players } from './Players.js';
import { TableCenter, type Logged } from './TableCenter.js';
import { TastePrompt } from './TastePrompt.js';
import { uniqueNames, useLogContext, useSecondsLeft } from './util.js';
import './sf.css';

/** The Stir Fry Eighteen table (issue 6, item 3). */
export function SfGame({ table, snapshot, names: rawNames, act }: GameProps) {
  const { t } = useTranslation();
  const view = snapshot.view as SfView;
  const legal = snapshot.legal as SfAction[];
  const names = useMemo(() => uniqueNames(rawNames), [rawNames]);
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const ctx = useLogContext(names);
  const seconds = useSecondsLeft(view.phase === 'over' ? null : snapshot.deadline);
  const log = table.log as readonly Logged<SfEvent>[];

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

  // Cards just drawn by this seat, to animate them into the hand.
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

  return (
    <div className="sf">
      <section className={`sf-status panel${mine ? ' mine' : ''}`} aria-label={t('sf.optionsSummary')}>
        <div className="sf-status-main" role="status" aria-live="polite">
          <strong>{status}</strong>
          {seconds !== null && (
            <span className={`sf-countdown${seconds <= 5 ? ' urgent' : ''}`} role="timer" aria-label={t('sf.status.countdownLabel', { seconds })}>
              {t('sf.status.countdown', { seconds })}
            </span>
          )}
        </div>
        <div className="sf-status-facts small">
          <span className="badge">{t('sf.target', { target: o.target })}</span>
          <span className="badge sf-pile" aria-label={`${t('sf.drawPileLabel')}: ${view.drawPileSize}`}>
            <span className="sf-pile-icon" aria-hidden="true" /> <span key={view.drawPileSize} className="sf-bump">{t('sf.drawPile', { count: view.drawPileSize })}</span>
          </span>
          {!over && <span className="badge">{t('sf.status.turnNumber', { n: view.turn.number })}</span>}
          {badges.map((b) => <span key={b} className="badge">{b}</span>)}
        </div>
      </section>

      {over && <EndScreen table={table} snapshot={snapshot} view={view} names={names} me={me} />}

      <div className="sf-layout">
        <div className="sf-main">
          <Players view={view} names={names} me={me} table={table} snapshot={snapshot} />
          {!over && <TastePrompt view={view} names={names} legal={legal} seconds={seconds} act={sfAct} />}
          <TableCenter view={view} names={names} me={me} claims={claims} lastReveal={lastReveal} lastDish={lastDish} />
          {view.hand !== null && !over && <Hand view={view} seq={snapshot.seq} legal={legal} fresh={fresh} act={sfAct} />}
        </div>
        <Log entries={table.log} ctx={ctx} lastSeq={snapshot.seq} />
      </div>
    </div>
  );
}
