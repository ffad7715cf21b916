import type { SeatInfo } from '@parlor/protocol';

/**
 * Where seat `i` of `n` sits around the oval table top of a lobby thumbnail, as percentages of its
 * box: the first at the bottom (nearest the viewer), the others clockwise, evenly spread.
 */
export function seatSpot(i: number, n: number): { left: number; top: number } {
  const angle = Math.PI / 2 + (2 * Math.PI * i) / n;
  return { left: Math.round(50 + 41 * Math.cos(angle)), top: Math.round(50 + 38 * Math.sin(angle)) };
}

/** What a seat is, in words: its player's name, its bot's level, or empty. */
export function seatWords(seat: SeatInfo, t: (key: string) => string): string {
  return seat.kind === 'player' ? seat.player.name : seat.kind === 'bot' ? t(`table.botLevel.${seat.level}`) : t('lobby.emptySeat');
}
