import { type SfCard, type SfEvent, type SfProtein, type SfState, sfCardValue } from '@parlor/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { standInMarks } from '../../../state/presence.js';
import { type ReplayLine, ReplayLog } from '../../replay/ReplayLog.js';
import { type ReplayProps, replayLogEntries } from '../../replay/types.js';
import { TableCard } from './Card.js';
import { formatSfEvent, sfActor, sfSaidEvents } from './format.js';
import { useLogContext } from './util.js';
import './sf.css';

/**
 * A Stir Fry Eighteen position in a replay (the seed is revealed, so nothing is secret any more):
 * every chef's score and hand, the cards put down this turn face up, the draw pile in order (top
 * first), whose move it is, and the log up to here in the table's own words (format.ts).
 */
export function SfReplay({ replay, at, names }: ReplayProps) {
  const { t } = useTranslation();
  const ctx = useLogContext(names);
  const state = replay.positions[at]!.state as SfState;
  const entries = useMemo(() => replayLogEntries(replay), [replay]);
  const lines = useMemo<ReplayLine[]>(() => {
    const marks = standInMarks(entries, (e) => sfActor(e as SfEvent));
    const said = sfSaidEvents(entries.map((e) => e.event as SfEvent));
    return entries.flatMap((e, i) => {
      const text = said[i] ? formatSfEvent(e.event as SfEvent, ctx) : null;
      const mark = marks[i];
      return text === null ? [] : [{ key: String(i), n: e.seq, text, kind: e.event.type, standIn: mark === null || mark === undefined ? null : ctx.name(mark) }];
    });
  }, [entries, ctx]);
  // The claims of this turn's declarations (from the log), matched in order to its pair/protein stacks.
  const claims = useMemo(() => {
    const upTo = entries.filter((e) => e.seq <= at);
    let start = 0;
    for (let i = upTo.length - 1; i >= 0; i--) if (upTo[i]!.event.type === 'turn-start') { start = i; break; }
    const declared = upTo.slice(start).flatMap((e) => (e.event.type === 'declare' ? [(e.event as Extract<SfEvent, { type: 'declare' }>).claim] : []));
    const stacks = state.putDown.map((p, i) => (p.why === 'pair' || p.why === 'protein' ? i : -1)).filter((i) => i >= 0);
    const out: (SfProtein | null | undefined)[] = [];
    if (declared.length === stacks.length) stacks.forEach((s, k) => { out[s] = declared[k]; });
    return out;
  }, [entries, at, state.putDown]);

  const o = state.options;
  const over = state.phase === 'over';
  const player = state.turn.player;
  const status = over ? t('sf.status.over')
    : state.phase === 'taste-test' ? t('sf.status.tasteWindow', { names: (state.declaration?.waiting ?? []).map((s) => names[s]).join(', ') })
      : state.phase === 'discard-down' ? t('sf.status.discardDown', { name: names[player] })
        : t('sf.status.turnOf', { name: names[player] });
  const winners = state.result?.winners ?? [];
  const pile = state.drawPile.slice().reverse(); // the top is the end of the array

  return (
    <div className="sf replay-game">
      <div className="replay-position">
        <section className="panel replay-facts" aria-label={t('replay.position')}>
          <p className="replay-status"><strong>{status}</strong></p>
          <p className="replay-chips small">
            {!over && <span className="badge">{t('sf.status.turnNumber', { n: state.turn.number })}</span>}
            <span className="badge">{t('sf.target', { target: o.target })}</span>
            <span className="badge">{t('sf.drawPile', { count: state.drawPile.length })}</span>
          </p>
        </section>

        <section className="replay-seats" aria-label={t('sf.players')}>
          <ul>
            {state.scores.map((score, seat) => {
              const active = !over && player === seat;
              const hand = state.hands[seat] ?? [];
              return (
                <li key={seat} className={`panel replay-seat${active ? ' active' : ''}${winners.includes(seat) ? ' winner' : ''}`} aria-current={active ? 'true' : undefined}>
                  <div className="replay-seat-head">
                    <strong>{active && <span aria-hidden="true">▶ </span>}{names[seat]}{winners.includes(seat) && <span aria-hidden="true"> ★</span>}</strong>
                    <span className="replay-score" aria-label={t('lobby.option', { label: t('sf.score'), value: score })}>{score}<span className="muted small"> / {o.target}</span></span>
                  </div>
                  <p className="small muted replay-seat-sub">
                    {t('sf.handSize', { count: hand.length })}
                    {(state.bonusDraws[seat] ?? 0) > 0 && <> · <span className="good">{t('sf.bonusDraws', { count: state.bonusDraws[seat] })}</span></>}
                  </p>
                  <Cards cards={hand} label={t('replay.sf.hand', { name: names[seat] })} />
                </li>
              );
            })}
          </ul>
        </section>

        <section className="panel" aria-labelledby="replay-sf-table">
          <h2 id="replay-sf-table" className="small muted">{t('sf.table.title')}</h2>
          {state.putDown.length === 0 ? <p className="small muted">{t('sf.table.empty')}</p> : (
            <ul className="replay-stacks">
              {state.putDown.map((p, i) => {
                const claim = claims[i] ?? (state.declaration?.putDown === i ? state.declaration.claim : null);
                return (
                  <li key={i}>
                    <span className="small">{t(`sf.table.why.${p.why}`, { name: names[p.by], claim: claim ? t(`sf.claims.${claim}`) : '?' })}
                      {!p.open && <span className="muted"> · {t('replay.sf.faceDown')}</span>}</span>
                    <Cards cards={p.cards} dish={p.why === 'dish'} label={t(`sf.table.why.${p.why}`, { name: names[p.by], claim: claim ? t(`sf.claims.${claim}`) : '?' })} />
                  </li>
                );
              })}
            </ul>
          )}
          {state.removed !== null && <p className="small muted">{t('sf.end.removed', { card: t(`sf.cards.${state.removed}.name`) })}</p>}
        </section>

        <section className="panel" aria-labelledby="replay-sf-pile">
          <h2 id="replay-sf-pile" className="small muted">{t('replay.pile.title', { count: pile.length })}</h2>
          {pile.length === 0 ? <p className="small muted">{t('replay.pile.empty')}</p> : (
            <ol className="replay-pile" tabIndex={0} aria-labelledby="replay-sf-pile">
              {pile.map((c, i) => <li key={i} className={`replay-pile-card sf-card-${c}`}>{t(`sf.cards.${c}.name`)}</li>)}
            </ol>
          )}
          <p className="hint">{t('replay.pile.hint')}</p>
        </section>
      </div>
      <ReplayLog lines={lines} at={at} />
    </div>
  );
}

/** Cards in a row; a dish's show their values in that dish (SF-2), as the table and "Last dish" do. */
function Cards({ cards, label, dish = false }: { cards: readonly SfCard[]; label: string; dish?: boolean }) {
  const { t } = useTranslation();
  if (cards.length === 0) return <p className="small muted">{t('replay.sf.noCards')}</p>;
  return (
    <ul className="sf-cards-row replay-cards" aria-label={label}>
      {cards.map((c, j) => <li key={j}><TableCard card={c} small value={dish ? sfCardValue(c, cards) : undefined} /></li>)}
    </ul>
  );
}
