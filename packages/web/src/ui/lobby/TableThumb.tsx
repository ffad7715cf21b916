import type { SeatInfo } from '@parlor/protocol';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SeatAvatar } from '../avatars/SeatAvatar.js';
import { seatSpot, seatWords } from './seats.js';

/**
 * A table in the lobby's list as a small picture: the table top with its seats around it, each
 * showing its player's avatar, a bot's mark or an empty ring. The picture is decoration; the seats
 * are said in words beside it (the row's seat list), and each one's name is its tooltip. A chunk
 * of its own with the avatars (Lobby.tsx loads it after the first screen).
 */
export default function TableThumb({ seats }: { seats: readonly SeatInfo[] }) {
  const { t } = useTranslation();
  const many = seats.length > 6;
  return (
    <div className={`table-thumb${many ? ' is-many' : ''}`} aria-hidden="true">
      <div className="table-thumb-top" />
      {seats.map((seat, i) => {
        const spot = seatSpot(i, seats.length);
        const style: CSSProperties = { left: `${spot.left}%`, top: `${spot.top}%` };
        return (
          <span key={seat.seat} className={`table-thumb-seat is-${seat.kind}`} style={style} title={seatWords(seat, t)}>
            <SeatAvatar seat={seat} size="sm" />
          </span>
        );
      })}
    </div>
  );
}
