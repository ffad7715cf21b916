import { BOT_RATINGS } from '@parlor/bots';
import type { SeatRatingChange } from '@parlor/protocol';
import type { FinishedGame } from '@parlor/table';
import type { GameRecords, PlayerGameRow, RatingRow, Store } from '../store/store.js';
import { displayChange, isProvisional } from './display.js';
import { ratingKey } from './keys.js';
import { PRIOR, type Skill, rateGame } from './ratings.js';

/** A finished game's records, and what it did to each account seat's display rating (rated games; none otherwise). */
export interface GameResults {
  readonly records: GameRecords;
  readonly changes: SeatRatingChange[];
}

/**
 * What a finished game leaves for its players: each person's part in it (their history and
 * lifetime statistics) and, at a rated table, their new ratings. Ratings rank a game by who won
 * it: the winners first, everyone else tied behind them, and a person who left the game (and did
 * not take their seat back) last of all, whatever the stand-in made of the seat. The games are won,
 * not placed (and the expert bots play to win), so places among the losers are not rated. Bots take
 * part with their fixed ratings (calibrated the same way), which do not change. A turn-based
 * table's games change the players' turn-based rating of the game, a real-time one's their
 * real-time rating (keys.ts): each leaves the other as it was. With the records
 * come the changes to the account seats' display ratings (display.ts), for the end screen.
 */
export async function gameResults(store: Store, f: FinishedGame): Promise<GameResults> {
  const { seats, result: outcome, stats } = f;
  const last = seats.length;
  const left = (seat: number) => f.left.includes(seat);
  const places = seats.map((_, seat) => (left(seat) ? last : outcome.places[seat]!));
  const players: PlayerGameRow[] = [];
  // For reputation (store/reputation.ts): whether a stand-in played the seat at the end because its
  // player left, ran out of time or was replaced while away; and how many seats people played.
  const humans = seats.filter((s) => s.kind === 'player').length;
  const quit = (seat: number) => left(seat) || (f.abandoned ?? []).includes(seat);
  seats.forEach((s, seat) => {
    if (s.kind !== 'player') return;
    players.push({
      playerId: s.playerId, tableId: f.tableId, gameNo: f.gameNo, game: f.game, finishedAt: f.finishedAt, seat, players: seats.length,
      place: places[seat]!, score: outcome.scores[seat]!, won: !left(seat) && outcome.winners.includes(seat), rated: f.rated, private: f.private,
      stats: stats[seat] ?? null, left: quit(seat), humans,
    });
  });
  if (!f.rated) return { records: { players, ratings: [] }, changes: [] };

  const key = ratingKey(f.game, f.turnBased === true ? 'turn-based' : 'live');
  const current = new Map<string, RatingRow>();
  for (const p of players) {
    const r = (await store.ratingsOf(p.playerId)).find((x) => x.game === key);
    if (r !== undefined) current.set(p.playerId, r);
  }
  const before: Skill[] = seats.map((s) => {
    if (s.kind === 'bot') return BOT_RATINGS[f.game][s.level] ?? PRIOR;
    if (s.kind === 'player') return current.get(s.playerId) ?? PRIOR;
    return PRIOR;
  });
  const ranks = seats.map((_, seat) => (left(seat) ? 3 : outcome.winners.includes(seat) ? 1 : 2));
  const after = rateGame(before, ranks);
  const ratings: RatingRow[] = players.map((p) => {
    const was = current.get(p.playerId);
    return {
      playerId: p.playerId, game: key, mu: after[p.seat]!.mu, sigma: after[p.seat]!.sigma,
      games: (was?.games ?? 0) + 1, wins: (was?.wins ?? 0) + (p.won ? 1 : 0), updatedAt: f.finishedAt,
    };
  });
  const changes = ratings.map((r, i): SeatRatingChange => ({
    seat: players[i]!.seat, ...displayChange(before[players[i]!.seat]!, r), provisional: isProvisional(r.games),
  }));
  return { records: { players, ratings }, changes };
}
