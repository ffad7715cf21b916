import type { Reputation } from '@parlor/protocol';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The minimums the create form offers (percent of games finished); none by default. */
export const MIN_RELIABILITY_CHOICES: readonly number[] = [50, 70, 80, 90, 95];

/**
 * A profile's reputation in one line (docs/api.md, "Reputation"): "Finishes 96% of games · 2 left
 * this week", or "New player" below the games counted.
 */
export function reputationLine(r: Reputation, t: T): string {
  if (r.percent === null) return t('reputation.newPlayer');
  const finishes = t('reputation.finishes', { percent: r.percent });
  return r.recentLeft === 0 ? finishes : `${finishes} · ${t('reputation.leftThisWeek', { count: r.recentLeft })}`;
}

/** What a seat or a lobby row says of a player in brief: "96% finished", "new player"; null when not known. */
export function reliabilityWords(reliability: number | null | undefined, t: T): string | null {
  if (reliability === undefined) return null;
  return reliability === null ? t('reputation.seatNew') : t('reputation.seatPercent', { percent: reliability });
}
