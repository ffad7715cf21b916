import type { GameSnapshot } from '@parlor/protocol';
import type { F7View } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { marksYou } from '../../table/names.js';
import type { TableState } from '../../../state/store.js';
import { SeatPresence } from '../../table/Presence.js';
import { SeatAvatar } from '../../avatars/SeatAvatar.js';
import { BotMarkOf, seatPlayer } from '../../account/BotBadge.js';
import { CardLine } from './Card.js';
import { linePoints } from './text.js';

export function Progress({ name, total, target }: { name: string; total: number; target: number }) {
  const { t } = useTranslation();
  const pct = Math.min(100, Math.round((total / target) * 100));
  return (
    <div className="f7-progress-wrap">
      <div className="f7-progress" role="progressbar" aria-valuemin={0} aria-valuemax={target} aria-valuenow={Math.min(total, target)}
        aria-label={t('f7.line.progress', { name, total, target })}>
        <div className={`f7-progress-bar${total >= target ? ' is-full' : ''}`} style={{ width: `${pct}%` }} />
      </div>
      <span className="f7-total" aria-hidden="true">{t('f7.line.total', { total, target })}</span>
    </div>
  );
}

/**
 * One player: name, badges (you, dealer, turn, status), who is away (a stand-in bot plays) with
 * "Replace with a bot" where the table allows it, cards, this round's points, total against the target.
 */
export function PlayerLine({ view, seat, name, me, turn, table, snapshot, choosable = false }: {
  view: F7View; seat: number; name: string; me: boolean; turn: boolean; table: TableState; snapshot: GameSnapshot;
  /** The row takes a tap: this seat may receive the action card you give (F7-8). */
  choosable?: boolean;
}) {
  const { t } = useTranslation();
  const status = view.status[seat] ?? 'active';
  const over = view.phase === 'over';
  return (
    <li className={`f7-player is-${status}${turn ? ' is-turn' : ''}${me ? ' is-me' : ''}${choosable ? ' is-choosable' : ''}`} aria-current={turn ? 'true' : undefined}>
      <div className="f7-player-head">
        <h3 className="f7-player-name">
          {turn && <span className="f7-turn-dot" aria-hidden="true">▶</span>}
          <SeatAvatar seat={table.summary.seats[seat]} size="sm" className="seat-avatar" />
          {name}{me && marksYou(name, t('f7.info.you')) && <span className="f7-you"> ({t('f7.info.you')})</span>}
          <BotMarkOf player={seatPlayer(table.summary.seats[seat])} />
        </h3>
        <span className="f7-badges">
          {turn && !over && <span className="badge f7-badge-turn">{t('f7.info.turn')}</span>}
          {view.dealer === seat && !over && <span className="badge">{t('f7.info.dealer')}</span>}
          {!over && <span className={`badge f7-status f7-status-${status}`}>{t(`f7.status.${status}`)}</span>}
        </span>
      </div>
      <SeatPresence table={table} snapshot={snapshot} seat={seat} name={name} />
      <CardLine cards={view.lines[seat] ?? []} busted={status === 'busted'} round={view.round} seat={seat} label={t('f7.line.cards', { name })} />
      <div className="f7-player-foot">
        {!over && (
          <p className="f7-round-points">
            {t(status === 'stayed' || status === 'frozen' ? 'f7.line.banked' : 'f7.line.roundPoints', { points: linePoints(view, seat) })}
          </p>
        )}
        <Progress name={name} total={view.scores[seat] ?? 0} target={view.options.target} />
      </div>
    </li>
  );
}
