import { PROVISIONAL_GAMES } from '@parlor/protocol/limits';

/**
 * How the display rating reads (docs/api.md, "Display rating"): whole points, no grouping (a
 * rating reads "1512" in every language, as players know it), a provisional one marked with "?",
 * and a game's change signed, with a true minus sign: "+14", "−6", "±0".
 */
export function ratingText(display: number, provisional: boolean): string {
  return `${Math.round(display)}${provisional ? '?' : ''}`;
}

export function changeText(change: number): string {
  const n = Math.round(change);
  if (n === 0) return '±0';
  return n > 0 ? `+${n}` : `\u2212${-n}`;
}

/** Which way a change went, for its colour and its words. */
export function changeWay(change: number): 'up' | 'down' | 'same' {
  const n = Math.round(change);
  return n > 0 ? 'up' : n < 0 ? 'down' : 'same';
}

/** The rated games a provisional rating still needs before it settles (after `games` of them). */
export function gamesToSettle(games: number): number {
  return Math.max(0, PROVISIONAL_GAMES - games);
}
