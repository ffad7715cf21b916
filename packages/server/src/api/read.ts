import type { GameExport, GameId, GamesPage, Leaderboard, PlayedGame, PlayerProfile, RatingHistoryPoint } from '@parlor/protocol';
import { isGameId } from '@parlor/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nameKey } from '../accounts/names.js';
import type { SessionChecks } from '../accounts/sessions.js';
import { exportGame } from '../export.js';
import { cleanName, hashToken } from '../identity.js';
import { RATING_MODES, keyParts, ratingKey } from '../ratings/keys.js';
import { displayHistory, ratingInfo } from '../ratings/shown.js';
import { recentSince, reputationFigures } from '../store/reputation.js';
import type { PlayerGameRow, RatingKey, Store } from '../store/store.js';
import { ApiRefusal, Buckets, bearer, refuse } from './http.js';

const PAGE = 20;
const MAX_PAGE = 100;
/** Seconds a public reply may be cached (here and by browsers and proxies). */
const CACHE_SECONDS = 10;

/** One game of a history; a rated one with what it did to the player's display rating, from `history` (the rating history of its game). */
const played = (r: PlayerGameRow, history: readonly RatingHistoryPoint[] = []): PlayedGame => {
  const point = r.rated ? history.find((p) => p.tableId === r.tableId && p.gameNo === r.gameNo) : undefined;
  return {
    tableId: r.tableId, gameNo: r.gameNo, game: r.game, finishedAt: r.finishedAt, seat: r.seat, players: r.players,
    place: r.place, score: r.score, won: r.won, rated: r.rated,
    ...(point === undefined ? {} : {
      ratingChange: { before: point.display - point.change, after: point.display, change: point.change, provisional: point.provisional },
    }),
  };
};

/** What the read API asks of the live server (the hub): how many players have an open connection (`online`), and whose a token is. */
export interface LiveCounts {
  readonly online: number;
  /** Whether a session token may be used (an account's expires unused: accounts/sessions.ts). */
  readonly sessions: SessionChecks;
}

/**
 * The public read API (docs/api.md): how many people are online, players' profiles and games,
 * leaderboards and game exports. JSON, paged with a cursor, cached for a few seconds, rate-limited
 * per address. A private table's games are shown only to their players (with their token) and to
 * those with the invite. `live` is the running server's hub.
 */
export function readRoutes(app: FastifyInstance, store: Store, live: LiveCounts, now: () => number = Date.now): void {
  const reads = new Buckets(60, 10, now);
  const memo = new Map<string, { at: number; body: unknown }>();

  /** Rate limit, then a memoised public reply (or a private one, never memoised). */
  const serve = async (req: FastifyRequest, reply: FastifyReply, key: string | null, make: () => Promise<unknown>) => {
    try {
      if (!reads.take(req.ip)) throw new ApiRefusal(429, 'RATE_LIMITED', 'Too many requests; slow down.', reads.wait());
      if (key === null) return reply.header('cache-control', 'private, no-store').send(await make());
      const cached = memo.get(key);
      const t = now();
      let body = cached !== undefined && t - cached.at < CACHE_SECONDS * 1000 ? cached.body : undefined;
      if (body === undefined) {
        body = await make();
        memo.set(key, { at: t, body });
        if (memo.size > 5000) for (const [k, v] of memo) if (t - v.at >= CACHE_SECONDS * 1000) memo.delete(k);
      }
      return reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`).send(body);
    } catch (e) {
      return refuse(reply, e);
    }
  };

  const account = async (rawName: string) => {
    const name = cleanName(rawName);
    const a = name === null ? null : await store.accountByKey(nameKey(name));
    if (a === null) throw new ApiRefusal(404, 'UNKNOWN_PLAYER', 'There is no player with an account by that name.');
    return a;
  };
  /** The requester's player id, from a bearer token, if any. */
  const requester = async (req: FastifyRequest) => {
    const token = bearer(req);
    const use = token === null ? null : await live.sessions.use(hashToken(token));
    return use?.ok === true ? use.player.id : null;
  };
  const limitOf = (raw: unknown) => {
    if (raw === undefined) return PAGE;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) throw new ApiRefusal(400, 'BAD_REQUEST', `"limit" is a whole number from 1 to ${MAX_PAGE}.`);
    return n;
  };
  const cursorOf = (raw: unknown) => {
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string' || raw.length > 200) throw new ApiRefusal(400, 'BAD_CURSOR', 'That cursor is not one this API gave.');
    return raw;
  };
  /** A page of a player's games, newest first; private tables' games only for the player themself. */
  const gamesPage = async (playerId: string, withPrivate: boolean, limit: number, cursor: string | undefined): Promise<GamesPage> => {
    const games: PlayedGame[] = [];
    // The rating histories (real-time and turn-based) of each game with a rated game on the page, read once.
    const histories = new Map<GameId, Promise<RatingHistoryPoint[]>>();
    const historyOf = (game: GameId) => {
      let h = histories.get(game);
      if (h === undefined) {
        const read = (key: RatingKey) => store.ratingHistory(playerId, key).then(displayHistory);
        histories.set(game, h = Promise.all(RATING_MODES.map((m) => read(ratingKey(game, m)))).then((x) => x.flat()));
      }
      return h;
    };
    let before = cursor;
    // Private games are skipped for others: read on until the page is full or the games run out.
    for (;;) {
      const rows = await store.playerGames(playerId, limit + 1, before);
      for (const r of rows) {
        if (games.length === limit) return { games, next: keyOf(games.at(-1)!) };
        if (withPrivate || !r.private) games.push(played(r, r.rated ? await historyOf(r.game) : []));
      }
      if (rows.length < limit + 1) return { games, next: null };
      before = keyOfRow(rows.at(-1)!);
    }
  };

  // The first screen's count, before its visitor has a name (no WebSocket, so no lobby count yet):
  // players with an open connection, of the whole cluster when there is one. The same for everyone.
  app.get('/api/online', (req, reply) => serve(req, reply, 'online', async () => ({ online: live.online })));

  app.get<{ Params: { name: string } }>('/api/players/:name', (req, reply) => serve(req, reply, null, async () => {
    const a = await account(req.params.name);
    const self = (await requester(req)) === a.playerId;
    const player = (await store.playerById(a.playerId))!;
    // Each game's real-time and turn-based ratings apart (ratings/keys.ts).
    const ratings: PlayerProfile['ratings'] = {};
    const turnBasedRatings: PlayerProfile['turnBasedRatings'] = {};
    for (const r of await store.ratingsOf(a.playerId)) {
      const { game, mode } = keyParts(r.game);
      (mode === 'live' ? ratings : turnBasedRatings)[game] = { ...ratingInfo(r), history: displayHistory(await store.ratingHistory(a.playerId, r.game)) };
    }
    const games: PlayerProfile['games'] = {};
    for (const g of await store.allPlayerGames(a.playerId)) {
      const entry = games[g.game] ??= { played: 0, wins: 0, stats: {} };
      (entry as { played: number }).played++;
      if (g.won) (entry as { wins: number }).wins++;
      addStats(entry.stats, g.stats);
    }
    const recent = (await gamesPage(a.playerId, self, 10, undefined)).games;
    const reputation = reputationFigures(await store.reputation(a.playerId, recentSince(now())));
    const profile: PlayerProfile = { name: a.name, id: a.playerId, avatar: player.avatar ?? null, bot: player.bot === true, since: player.accountSince ?? player.createdAt, ratings, turnBasedRatings, games, recent, reputation };
    return profile;
  }));

  app.get<{ Params: { name: string }; Querystring: { cursor?: string; limit?: string } }>('/api/players/:name/games', (req, reply) => serve(req, reply, null, async () => {
    const a = await account(req.params.name);
    const self = (await requester(req)) === a.playerId;
    return gamesPage(a.playerId, self, limitOf(req.query.limit), cursorOf(req.query.cursor));
  }));

  app.get<{ Querystring: { cursor?: string; limit?: string } }>('/api/me/games', (req, reply) => serve(req, reply, null, async () => {
    const me = await requester(req);
    if (me === null) throw new ApiRefusal(401, 'UNAUTHORIZED', 'Send your token as "Authorization: Bearer <token>".');
    return gamesPage(me, true, limitOf(req.query.limit), cursorOf(req.query.cursor));
  }));

  app.get<{ Params: { game: string }; Querystring: { cursor?: string; limit?: string; mode?: string } }>('/api/leaderboard/:game', (req, reply) => {
    const { game } = req.params;
    const mode = req.query.mode ?? 'live';
    return serve(req, reply, `board ${game} ${mode} ${req.query.cursor ?? ''} ${req.query.limit ?? ''}`, async () => {
      if (!isGameId(game)) throw new ApiRefusal(404, 'UNKNOWN_GAME', 'There is no game by that id.');
      if (mode !== 'live' && mode !== 'turn-based') throw new ApiRefusal(400, 'BAD_REQUEST', '"mode" is "live" (real-time games, the default) or "turn-based".');
      const limit = limitOf(req.query.limit);
      const cursor = cursorOf(req.query.cursor);
      const offset = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isInteger(offset) || offset < 0) throw new ApiRefusal(400, 'BAD_CURSOR', 'That cursor is not one this API gave.');
      const rows = await store.leaderboard(ratingKey(game, mode), limit + 1, offset);
      const board: Leaderboard = {
        game, mode,
        // Ranked by the conservative μ − 3σ (the store's order), shown with the display figure.
        players: rows.slice(0, limit).map((r, i) => ({ rank: offset + i + 1, name: r.name, ...ratingInfo(r) })),
        next: rows.length > limit ? String(offset + limit) : null,
      };
      return board;
    });
  });

  app.get<{ Params: { tableId: string; gameNo: string }; Querystring: { invite?: string } }>('/api/games/:tableId/:gameNo', (req, reply) => serve(req, reply, null, async () => {
    const { tableId, gameNo } = req.params;
    if (!/^[1-9][0-9]{0,8}$/.test(gameNo)) throw new ApiRefusal(400, 'BAD_GAME', 'The game number is a whole number from 1, written plainly.');
    const row = await store.table(tableId);
    if (row === null) throw new ApiRefusal(404, 'UNKNOWN_TABLE', 'There is no such table (or it is private and the invite is missing).');
    const exported: GameExport | null = await exportGame(store, row.game, row.id, Number(gameNo));
    if (exported === null) throw new ApiRefusal(404, 'NO_GAME', 'That game does not exist or is not finished yet.');
    if (row.private && req.query.invite !== row.invite) {
      const me = await requester(req);
      if (me === null || !exported.seats.some((s) => s.playerId === me)) {
        throw new ApiRefusal(404, 'UNKNOWN_TABLE', 'There is no such table (or it is private and the invite is missing).');
      }
    }
    return exported;
  }));
}

/** The cursor after a game of a history page. */
const keyOf = (g: PlayedGame) => `${g.finishedAt}|${g.tableId}|${String(g.gameNo).padStart(9, '0')}`;
const keyOfRow = (g: PlayerGameRow) => `${g.finishedAt}|${g.tableId}|${String(g.gameNo).padStart(9, '0')}`;

/** Adds one game's statistics to lifetime ones: numbers are summed, except `best…` ones, which keep the best. */
function addStats(into: Record<string, number>, stats: unknown): void {
  if (typeof stats !== 'object' || stats === null) return;
  for (const [k, v] of Object.entries(stats)) {
    if (k === 'seat' || typeof v !== 'number' || !Number.isFinite(v)) continue;
    into[k] = k.startsWith('best') ? Math.max(into[k] ?? v, v) : (into[k] ?? 0) + v;
  }
}
