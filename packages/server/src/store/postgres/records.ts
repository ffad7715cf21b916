import { REPUTATION_GAMES, type ReputationCounts } from '../reputation.js';
import type { GameRecords, PlayerGameRow, RatingPoint, RatingRow } from '../store.js';
import type { PostgresConnection, Sql } from './connection.js';

type PlayerGameSql = { player_id: string; table_id: string; game_no: number; game: string; finished_at: string; seat: number; players: number;
  place: number; score: number; won: boolean; rated: boolean; private: boolean; stats: string | null };
const playerGame = (r: PlayerGameSql): PlayerGameRow => ({
  playerId: r.player_id, tableId: r.table_id, gameNo: r.game_no, game: r.game as PlayerGameRow['game'], finishedAt: r.finished_at, seat: r.seat,
  players: r.players, place: r.place, score: r.score, won: r.won, rated: r.rated, private: r.private,
  stats: r.stats === null ? null : JSON.parse(r.stats) as unknown,
});
type RatingSql = { player_id: string; game: string; mu: number; sigma: number; games: number; wins: number; updated_at: string };
const rating = (r: RatingSql): RatingRow => ({
  playerId: r.player_id, game: r.game as RatingRow['game'], mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins, updatedAt: r.updated_at,
});

/** What finished games leave in PostgreSQL: each player's part in them (histories), ratings and the leaderboard. */
export class PostgresRecords {
  constructor(private readonly db: PostgresConnection) {}

  async ratingsOf(playerId: string): Promise<RatingRow[]> {
    return (await this.db.q<RatingSql>('SELECT * FROM ratings WHERE player_id = $1 ORDER BY game', [playerId])).rows.map(rating);
  }
  async ratingHistory(playerId: string, game: string): Promise<RatingPoint[]> {
    return (await this.db.q<RatingPoint>(`SELECT table_id AS "tableId", game_no AS "gameNo", mu, sigma, at FROM rating_history
      WHERE player_id = $1 AND game = $2 ORDER BY at, table_id, game_no`, [playerId, game])).rows;
  }
  async playerGames(playerId: string, limit: number, before: string): Promise<PlayerGameRow[]> {
    // The cursor is finishedAt|tableId|gameNo with the number in 9 digits (as SQLite's printf('%09d')).
    return (await this.db.q<PlayerGameSql>(`SELECT * FROM player_games WHERE player_id = $1
        AND (finished_at || '|' || table_id || '|' || lpad(game_no::text, greatest(9, length(game_no::text)), '0')) < $2
        ORDER BY finished_at DESC, table_id DESC, game_no DESC LIMIT $3`, [playerId, before, limit])).rows.map(playerGame);
  }
  async allPlayerGames(playerId: string): Promise<PlayerGameRow[]> {
    return (await this.db.q<PlayerGameSql>('SELECT * FROM player_games WHERE player_id = $1 ORDER BY finished_at, table_id, game_no', [playerId])).rows.map(playerGame);
  }
  async reputation(playerId: string, since: string): Promise<ReputationCounts> {
    // One statement, as SQLite's: the last games with another person, and those left since `since`.
    const r = (await this.db.q<ReputationCounts>(`SELECT count(*)::int AS counted, count(*) FILTER (WHERE left_game)::int AS "left",
        (SELECT count(*)::int FROM player_games WHERE player_id = $1 AND humans > 1 AND left_game AND finished_at >= $2) AS "recentLeft"
      FROM (SELECT left_game FROM player_games WHERE player_id = $1 AND humans > 1 ORDER BY finished_at DESC, table_id DESC, game_no DESC LIMIT ${REPUTATION_GAMES}) AS g`,
    [playerId, since])).rows[0]!;
    return { counted: r.counted, left: r.left, recentLeft: r.recentLeft };
  }
  async leaderboard(game: string, limit: number, offset: number): Promise<(RatingRow & { name: string })[]> {
    return (await this.db.q<RatingSql & { name: string }>(`SELECT r.*, p.name FROM ratings r JOIN players p ON p.id = r.player_id
      WHERE r.game = $1 AND p.name_key IS NOT NULL ORDER BY r.mu - 3 * r.sigma DESC, r.player_id LIMIT $2 OFFSET $3`, [game, limit, offset]))
      .rows.map((r) => ({ ...rating(r), name: r.name }));
  }

  /** Writes a finished game's records on `db`, the caller's transaction. */
  async add(db: Sql, tableId: string, gameNo: number, records: GameRecords | undefined): Promise<void> {
    for (const p of records?.players ?? []) {
      await db.query(`INSERT INTO player_games
        (player_id, table_id, game_no, game, finished_at, seat, players, place, score, won, rated, private, stats, left_game, humans)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT DO NOTHING`,
      [p.playerId, p.tableId, p.gameNo, p.game, p.finishedAt, p.seat, p.players, p.place, p.score, p.won, p.rated, p.private, JSON.stringify(p.stats ?? null),
        p.left === true, p.humans ?? 1]);
    }
    for (const x of records?.ratings ?? []) {
      await db.query(`INSERT INTO ratings (player_id, game, mu, sigma, games, wins, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT (player_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,
        updated_at = excluded.updated_at`, [x.playerId, x.game, x.mu, x.sigma, x.games, x.wins, x.updatedAt]);
      await db.query(`INSERT INTO rating_history (player_id, game, table_id, game_no, mu, sigma, at) VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT DO NOTHING`, [x.playerId, x.game, tableId, gameNo, x.mu, x.sigma, x.updatedAt]);
    }
  }
}
