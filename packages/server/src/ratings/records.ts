import { BOT_RATINGS } from '@parlor/bots';
import type { Outcome } from '@parlor/rules';
import type { GameRecords, PlayerGameRow, RatingRow } from '../store/store.js';
import type { Table } from '../table/table.js';
import { PRIOR, type Skill, rateGame } from './ratings.js';

/**
 * What a finished game leaves for its players: each person's part in it (their history and
 * lifetime statistics) and, at a rated table, their new ratings. Ratings rank a game by who won
 * it: the winners first, everyone else tied behind them, and a person who left the game (and did
 * not take their seat back) last of all, whatever the stand-in made of the seat. The games are won,
 * not placed (and the expert bots play to win), so places among the losers are not rated. Bots take
 * part with their fixed ratings (calibrated the same way), which do not change.
 */
export async function gameRecords(t: Table, outcome: Outcome, stats: readonly unknown[] | null, finishedAt: string): Promise<GameRecords> {
  const g = t.game!;
  const seats = t.row.seats;
  const rated = t.row.rated === true;
  const last = seats.length;
  const left = (seat: number) => t.away.get(seat) === 'left';
  const places = seats.map((_, seat) => (left(seat) ? last : outcome.places[seat]!));
  const players: PlayerGameRow[] = [];
  seats.forEach((s, seat) => {
    if (s.kind !== 'player') return;
    players.push({
      playerId: s.playerId, tableId: t.id, gameNo: g.no, game: t.row.game, finishedAt, seat, players: seats.length,
      place: places[seat]!, score: outcome.scores[seat]!, won: !left(seat) && outcome.winners.includes(seat), rated, private: t.row.private,
      stats: stats?.[seat] ?? null,
    });
  });
  if (!rated) return { players, ratings: [] };

  const current = new Map<string, RatingRow>();
  for (const p of players) {
    const r = (await t.host.store.ratingsOf(p.playerId)).find((x) => x.game === t.row.game);
    if (r !== undefined) current.set(p.playerId, r);
  }
  const before: Skill[] = seats.map((s) => {
    if (s.kind === 'bot') return BOT_RATINGS[t.row.game][s.level] ?? PRIOR;
    if (s.kind === 'player') return current.get(s.playerId) ?? PRIOR;
    return PRIOR;
  });
  const ranks = seats.map((_, seat) => (left(seat) ? 3 : outcome.winners.includes(seat) ? 1 : 2));
  const after = rateGame(before, ranks);
  const ratings: RatingRow[] = players.map((p) => {
    const was = current.get(p.playerId);
    return {
      playerId: p.playerId, game: t.row.game, mu: after[p.seat]!.mu, sigma: after[p.seat]!.sigma,
      games: (was?.games ?? 0) + 1, wins: (was?.wins ?? 0) + (p.won ? 1 : 0), updatedAt: finishedAt,
    };
  });
  return { players, ratings };
}
