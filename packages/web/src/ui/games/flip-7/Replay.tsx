import { type F7CardName, type F7Event, type F7State, f7CardName } from '@parlor/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { standInMarks } from '../../../state/presence.js';
import { type ReplayLine, ReplayLog } from '../../replay/ReplayLog.js';
import { type ReplayProps, replayLogEntries } from '../../replay/types.js';
import { CardLine } from './Card.js';
import { f7ReplayView } from './replay-view.js';
import { cardLabel, f7Actor, formatF7Event, linePoints } from './text.js';
import './f7.css';

/**
 * A Flip 7 position in a replay (the seed is revealed, so nothing is secret any more): every line
 * with its status and points, the totals, the Flip Threes resolving, the draw pile in order (top
 * first) and the discard pile, whose decision it is, and the log up to here in the table's words.
 */
export function F7Replay({ replay, at, names }: ReplayProps) {
  const { t } = useTranslation();
  const state = replay.positions[at]!.state as F7State;
  // The spectator's view of the state: the cards by name and what is pending (the rules' own reading);
  // at the game's end, the last round's lines as it ended (replay-view.ts).
  const view = useMemo(() => f7ReplayView(replay, at), [replay, at]);
  const entries = useMemo(() => replayLogEntries(replay), [replay]);
  const lines = useMemo<ReplayLine[]>(() => {
    const marks = standInMarks(entries, (e) => f7Actor(e as F7Event));
    return entries.flatMap((e, i) => {
      const text = formatF7Event(e.event as F7Event, names, t);
      const mark = marks[i];
      return text === null ? [] : [{ key: String(i), n: e.seq, text, kind: e.event.type, standIn: mark === null || mark === undefined ? null : (names[mark] ?? `#${mark + 1}`) }];
    });
  }, [entries, names, t]);

  const over = view.phase === 'over';
  const p = view.pending;
  const status = over ? t('f7.end.title')
    : p === null ? t('f7.turn.dealing')
      : p.kind === 'give' ? t('f7.turn.theirGive', { name: names[p.seat], card: cardLabel(p.card, t) })
        : t(p.atDeal ? 'f7.turn.theirDeal' : 'f7.turn.theirTurn', { name: names[p.seat] });
  const turnSeat = over ? null : (p?.seat ?? view.toAct[0] ?? null);
  const winners = view.outcome?.winners ?? [];
  const pile: F7CardName[] = state.draw.slice().reverse().map(f7CardName); // the top is the end of the array

  return (
    <div className="f7 replay-game">
      <div className="replay-position">
        <section className="panel replay-facts" aria-label={t('replay.position')}>
          <p className="replay-status"><strong>{status}</strong></p>
          <p className="replay-chips small">
            <span className="badge">{t('f7.info.round', { round: view.round })}</span>
            <span className="badge">{t('f7.info.target', { target: view.options.target })}</span>
            <span className="badge">{t('f7.info.drawPile', { count: view.drawPileSize })}</span>
            <span className="badge">{t('f7.info.discardPile', { count: view.discardPile.length })}</span>
          </p>
        </section>

        <section className="replay-seats" aria-label={t('f7.info.players')}>
          <ul>
            {Array.from({ length: view.players }, (_, seat) => {
              const status = view.status[seat] ?? 'active';
              const turn = seat === turnSeat;
              const name = names[seat] ?? '';
              return (
                <li key={seat} className={`panel replay-seat f7-player is-${status}${turn ? ' active' : ''}${winners.includes(seat) ? ' winner' : ''}`}
                  aria-current={turn ? 'true' : undefined}>
                  <div className="replay-seat-head">
                    <strong>{turn && <span aria-hidden="true">▶ </span>}{name}{winners.includes(seat) && <span aria-hidden="true"> ★</span>}</strong>
                    <span className="replay-score">{t('f7.line.total', { total: view.scores[seat] ?? 0, target: view.options.target })}</span>
                  </div>
                  <p className="small replay-seat-sub">
                    {view.dealer === seat && !over && <span className="badge">{t('f7.info.dealer')}</span>}
                    {!over && <span className={`badge f7-status f7-status-${status}`}>{t(`f7.status.${status}`)}</span>}
                    {!over && <span className="muted">{t(status === 'stayed' || status === 'frozen' ? 'f7.line.banked' : 'f7.line.roundPoints', { points: linePoints(view, seat) })}</span>}
                  </p>
                  <CardLine cards={view.lines[seat] ?? []} busted={status === 'busted'} round={view.round} label={t('f7.line.cards', { name })} />
                </li>
              );
            })}
          </ul>
        </section>

        {view.flipThrees.length > 0 && (
          <section className="panel" aria-labelledby="replay-f7-f3">
            <h2 id="replay-f7-f3" className="small muted">{t('f7.flipThree.title')}</h2>
            {view.flipThrees.map((f, i) => (
              <p key={i} className="small">
                {f.flipping ? t('f7.flipThree.flipping', { name: names[f.receiver], count: f.flipsLeft }) : t('f7.flipThree.waiting', { name: names[f.receiver] })}
                {f.setAside.length > 0 && ` ${f.setAside.map((c, j) => (f.givenTo[j] === undefined ? cardLabel(c, t) : t('f7.flipThree.givenTo', { card: cardLabel(c, t), name: names[f.givenTo[j]!] }))).join(', ')}`}
              </p>
            ))}
          </section>
        )}

        <section className="panel" aria-labelledby="replay-f7-pile">
          <h2 id="replay-f7-pile" className="small muted">{t('replay.pile.title', { count: pile.length })}</h2>
          <Pile cards={pile} labelledBy="replay-f7-pile" />
          <p className="hint">{t('replay.pile.hint')}</p>
          <h2 id="replay-f7-discard" className="small muted">{t('f7.info.discardPile', { count: view.discardPile.length })}</h2>
          <Pile cards={view.discardPile} labelledBy="replay-f7-discard" />
        </section>
      </div>
      <ReplayLog lines={lines} at={at} />
    </div>
  );
}

function Pile({ cards, labelledBy }: { cards: readonly F7CardName[]; labelledBy: string }) {
  const { t } = useTranslation();
  if (cards.length === 0) return <p className="small muted">{t('replay.pile.empty')}</p>;
  return (
    <ol className="replay-pile" tabIndex={0} aria-labelledby={labelledBy}>
      {cards.map((c, i) => <li key={i} className={`replay-pile-card f7-pile-${c.replace('+', 'p')}`}>{cardLabel(c, t)}</li>)}
    </ol>
  );
}
