import type { PlayerInfo, SeatInfo } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import './account.css';

/**
 * The mark of a bot account (a program playing through the protocol, as its account says): "Bot"
 * on its profile, "bot account" beside its name at a seat or in the chat. Its text is its
 * accessible name; the hint says what it means.
 */
export function BotBadge({ seat = false }: { seat?: boolean }) {
  const { t } = useTranslation();
  return <span className="badge badge-bot" title={t('account.bot.help')}>{t(seat ? 'account.bot.seat' : 'account.bot.badge')}</span>;
}

/** The player a seat shows, when it is a person's seat (kept while a stand-in plays for them). */
export function seatPlayer(seat: SeatInfo | undefined): PlayerInfo | undefined {
  return seat?.kind === 'player' ? seat.player : undefined;
}

/** "bot account" beside a player's name, for a bot account only. */
export function BotMarkOf({ player }: { player: PlayerInfo | undefined }) {
  return player?.bot === true ? <> <BotBadge seat /></> : null;
}
