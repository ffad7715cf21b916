import type Database from 'better-sqlite3';
import { REPUTATION_GAMES, type ReputationCounts } from '../reputation.js';
import type { GameRecords, PlayerGameRow, RatingPoint, RatingRow } from '../store.js';

type PlayerGameSql = { player_id: string; table_id: string; game_no: number; game: string; finished_at: string; seat: number; players: number;
  place: number; score: number; won: number; rated: number; private: number; stats: string | null };
const playerGame = (r: PlayerGameSql): PlayerGameRow => ({
  playerId: r.player_id, tableId: r.table_id, gameNo: r.game_no, game: r.game as PlayerGameRow['game'], finishedAt: r.finished_at, seat: r.seat,
  players: r.players, place: r.place, score: r.score, won: r.won === 1, rated: r.rated === 1, private: r.private === 1,
  stats: r.stats === null ? null : JSON.parse(r.stats) as unknown,
});
type RatingSql = { player_id: string; game: string; mu: number; sigma: number; games: number; wins: number; updated_at: string };
const rating = (r: RatingSql): RatingRow => ({
  playerId: r.player_id, game: r.game as RatingRow['game'], mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins, updatedAt: r.updated_at,
});

/** What finished games leave in SQLite: each player's part in them (histories), ratings and the leaderboard. */
export class SqliteRecords {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      ratingsOf: db.prepare('SELECT * FROM ratings WHERE player_id = ? ORDER BY game'),
      ratingHistory: db.prepare('SELECT table_id AS tableId, game_no AS gameNo, mu, sigma, at FROM rating_history WHERE player_id = ? AND game = ? ORDER BY at, table_id, game_no'),
      saveRating: db.prepare(`INSERT INTO ratings (player_id, game, mu, sigma, games, wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (player_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at`),
      addRatingPoint: db.prepare('INSERT OR IGNORE INTO rating_history (player_id, game, table_id, game_no, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      addPlayerGame: db.prepare(`INSERT OR IGNORE INTO player_games
        (player_id, table_id, game_no, game, finished_at, seat, players, place, score, won, rated, private, stats, left_game, humans)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      // One statement: the last games with another person (the recent index, newest first), and those left since a time.
      reputation: db.prepare(`SELECT count(*) AS counted, coalesce(sum(left_game), 0) AS "left",
          (SELECT count(*) FROM player_games WHERE player_id = ? AND humans > 1 AND left_game = 1 AND finished_at >= ?) AS recentLeft
        FROM (SELECT left_game FROM player_games WHERE player_id = ? AND humans > 1 ORDER BY finished_at DESC, table_id DESC, game_no DESC LIMIT ${REPUTATION_GAMES})`),
      playerGames: db.prepare(`SELECT * FROM player_games WHERE player_id = ? AND (finished_at || '|' || table_id || '|' || printf('%09d', game_no)) < ?
        ORDER BY finished_at DESC, table_id DESC, game_no DESC LIMIT ?`),
      allPlayerGames: db.prepare('SELECT * FROM player_games WHERE player_id = ? ORDER BY finished_at'),
      leaderboard: db.prepare(`SELECT r.*, p.name FROM ratings r JOIN players p ON p.id = r.player_id
        WHERE r.game = ? AND p.name_key IS NOT NULL ORDER BY r.mu - 3 * r.sigma DESC, r.player_id LIMIT ? OFFSET ?`),
    };
  }

  ratingsOf(playerId: string): RatingRow[] {
    return (this.s.ratingsOf.all(playerId) as RatingSql[]).map(rating);
  }
  ratingHistory(playerId: string, game: string): RatingPoint[] {
    return this.s.ratingHistory.all(playerId, game) as RatingPoint[];
  }
  playerGames(playerId: string, limit: number, before: string): PlayerGameRow[] {
    return (this.s.playerGames.all(playerId, before, limit) as PlayerGameSql[]).map(playerGame);
  }
  allPlayerGames(playerId: string): PlayerGameRow[] {
    return (this.s.allPlayerGames.all(playerId) as PlayerGameSql[]).map(playerGame);
  }
  reputation(playerId: string, since: string): ReputationCounts {
    return this.s.reputation.get(playerId, since, playerId) as ReputationCounts;
  }
  leaderboard(game: string, limit: number, offset: number): (RatingRow & { name: string })[] {
    return (this.s.leaderboard.all(game, limit, offset) as (RatingSql & { name: string })[]).map((r) => ({ ...rating(r), name: r.name }));
  }

  /** Writes a finished game's records (inside the caller's transaction). */
  add(tableId: string, gameNo: number, records: GameRecords | undefined): void {
    for (const p of records?.players ?? []) {
      this.s.addPlayerGame.run(p.playerId, p.tableId, p.gameNo, p.game, p.finishedAt, p.seat, p.players, p.place, p.score,
        p.won ? 1 : 0, p.rated ? 1 : 0, p.private ? 1 : 0, JSON.stringify(p.stats ?? null), p.left === true ? 1 : 0, p.humans ?? 1);
    }
    for (const x of records?.ratings ?? []) {
      this.s.saveRating.run(x.playerId, x.game, x.mu, x.sigma, x.games, x.wins, x.updatedAt);
      this.s.addRatingPoint.run(x.playerId, x.game, tableId, gameNo, x.mu, x.sigma, x.updatedAt);
    }
  }
}
