import type { SeatInfo } from '@parlor/protocol';
import { Avatar, type AvatarSize, BotMark, EmptyMark } from './Avatar.js';

/** A seat's avatar: its player's (kept while a stand-in plays for them), a bot's mark, or an empty ring. */
export function SeatAvatar({ seat, size = 'md', className }: { seat: SeatInfo | undefined; size?: AvatarSize; className?: string }) {
  if (seat === undefined || seat.kind === 'empty') return <EmptyMark size={size} className={className} />;
  if (seat.kind === 'bot') return <BotMark size={size} className={className} />;
  return <Avatar player={seat.player} size={size} className={className} />;
}
