import type { GameSnapshot } from '@parlor/protocol';
import type { SfView } from '@parlor/rules';
import { type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { marksYou } from '../../table/names.js';
import type { TableState } from '../../../state/store.js';
import { usePlace, useTravel } from '../../table/motion.js';
import { SeatPresence } from '../../table/Presence.js';
import { SeatAvatar } from '../../avatars/SeatAvatar.js';
import { BotMarkOf, seatPlayer } from '../../account/BotBadge.js';
import { SfMotion } from './Card.js';
import { seatPlace } from './TableCenter.js';

/**
 * Every chef: name, score, hand size (as card backs), bonus draws, whose turn, taste-test answers,
 * and who is away (a stand-in bot plays), with "Replace with a bot" where the table allows it.
 */
export function Players({ view, names, me, table, snapshot }: {
  view: SfView; names: readonly string[]; me: number | null; table: TableState; snapshot: GameSnapshot;
}) {
  const { t } = useTranslation();
  const d = view.declaration;
  return (
    <section className="sf-players" aria-label={t('sf.players')}>
      <ul>
        {view.scores.map((score, seat) => {
          const active = view.phase !== 'over' && view.turn.player === seat;
          const size = view.handSizes[seat] ?? 0;
          const answer = d === null || !d.mayTest.includes(seat) ? null : d.waiting.includes(seat) ? 'deciding' : 'trusted';
          const winner = view.result?.winners.includes(seat) ?? false;
          return (
            <Seat key={seat} seat={seat} className={`sf-player${active ? ' active' : ''}${seat === me ? ' me' : ''}${winner ? ' winner' : ''}`} active={active}>
              <div className="sf-player-name">
                {active && <span aria-hidden="true">▶ </span>}
                <SeatAvatar seat={table.summary.seats[seat]} size="sm" className="seat-avatar" />
                {/* "(you)" never breaks inside (Japanese "(あなた)" stays whole); a long name may. */}
                <span className="sf-player-who">{names[seat]}</span>{seat === me && marksYou(names[seat] ?? '', t('sf.you')) && <> <span className="sf-you">({t('sf.you')})</span></>}
                <BotMarkOf player={seatPlayer(table.summary.seats[seat])} />
                {winner && <span aria-hidden="true" className="sf-star"> ★</span>}
              </div>
              <div className="sf-player-score" aria-label={t('lobby.option', { label: t('sf.score'), value: score })}>
                <span key={score} className="sf-bump">{score}</span>
                <span className="muted small"> / {view.options.target}</span>
              </div>
              <div className="sf-player-hand">
                <span className="sf-mini-backs" aria-hidden="true">
                  {Array.from({ length: Math.min(size, 8) }, (_, i) => <MiniBack key={i} glide={seat !== me} />)}
                </span>
                <span key={size} className="small sf-bump">{t('sf.handSize', { count: size })}</span>
              </div>
              {(view.bonusDraws[seat] ?? 0) > 0 && <div className="small good">{t('sf.bonusDraws', { count: view.bonusDraws[seat] })}</div>}
              {answer !== null && <div className={`small sf-answer ${answer}`}>{t(`sf.status.${answer}`)}</div>}
              <SeatPresence table={table} snapshot={snapshot} seat={seat} name={names[seat] ?? ''} />
            </Seat>
          );
        })}
      </ul>
    </section>
  );
}

/** A chef's box, the place their cards travel from and to. */
function Seat({ seat, className, active, children }: { seat: number; className: string; active: boolean; children: ReactNode }) {
  const place = usePlace<HTMLLIElement>(seatPlace(seat));
  return <li ref={place} className={className} aria-current={active ? 'true' : undefined}>{children}</li>;
}

/** One card of a chef's hand, as a small back: a card another chef draws glides in from the pile (mine go to my hand). */
function MiniBack({ glide }: { glide: boolean }) {
  const live = useContext(SfMotion);
  const ref = useTravel<HTMLSpanElement>({ from: live.current && glide ? 'sf-pile' : null });
  return <span ref={ref} className="sf-mini-back" />;
}
