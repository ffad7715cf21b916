import type { BotLevel, GameEvent, GameId, GameSnapshot, Mover, PlayerInfo, SeatRatingChange, ServerMessage, TableSummary } from '@parlor/protocol';
import { useSyncExternalStore } from 'react';
import type { ConnectionState } from '../net/client.js';

/** A chat line; `id` names it to report it (POST /api/reports with chatLineId). */
export interface ChatLine { readonly id?: string; readonly from: PlayerInfo; readonly text: string; readonly at: string }

/**
 * One event of the game log, with the move it came from: `seq` is the move's number (0 for the
 * opening), `by` who made it (the `game` message's `by`, or `historyMoves` after a watch) and `seat`
 * the seat that moved, when known — so a log can say which moves a stand-in bot made for whom.
 */
export interface LogEntry {
  readonly seq: number;
  readonly event: GameEvent;
  readonly by: Mover | null;
  readonly seat: number | null;
}

/** One table as this browser knows it. */
export interface TableState {
  readonly summary: TableSummary;
  readonly invite: string | null;
  readonly yourSeats: number[];
  /** The latest snapshot per seat held (key = seat) or for watching ('spectator'). */
  readonly games: Readonly<Record<string, GameSnapshot>>;
  /** Every event seen in the current game, in order, from the perspective of `games`' first key. */
  readonly log: readonly LogEntry[];
  readonly chat: readonly ChatLine[];
  /** A rated game's rating changes, per account seat, as the server sent them once it was written (`game.rated`). */
  readonly rated?: { readonly gameNo: number; readonly changes: readonly SeatRatingChange[] };
}

export interface AppState {
  readonly connection: ConnectionState;
  readonly player: PlayerInfo | null;
  /** Whether the player is an account (signed in with a password) rather than a guest (the welcome's `account`). */
  readonly account: boolean;
  /** The bot levels each game has, weakest first (from the server's welcome). */
  readonly botLevels: Readonly<Partial<Record<GameId, readonly BotLevel[]>>>;
  /** The server's grace period for a disconnected player, in seconds (the welcome's `grace`): the create form's default. */
  readonly grace: number | null;
  readonly lobby: Readonly<Record<string, TableSummary>>;
  /** The lobby's paging: the cursor of the next page (null: none) and how many tables match in all. */
  readonly lobbyPage: { readonly next: string | null; readonly total: number };
  /** Set while "more tables" is asked for: the next `lobby` reply adds to the list instead of replacing it. */
  readonly lobbyAppend: boolean;
  readonly tables: Readonly<Record<string, TableState>>;
  /** The last error the server sent, to show once. */
  readonly notice: { readonly code: string; readonly message: string; readonly at: number } | null;
}

const initial: AppState = {
  connection: 'closed', player: null, account: false, botLevels: {}, grace: null, lobby: {}, lobbyPage: { next: null, total: 0 }, lobbyAppend: false, tables: {}, notice: null,
};

/** The seat whose move `m` reports (`moveSeat`), or null between moves. */
export function moverSeat(m: GameSnapshot): number | null {
  return m.by === null || m.by === undefined ? null : m.moveSeat ?? null;
}

/**
 * The log rebuilt from a snapshot's `history`: split into its moves by `historyMoves` (the opening
 * is move 0, the n-th move has seq n), or all under the snapshot's seq when the server sent no moves.
 */
export function historyLog(m: GameSnapshot): LogEntry[] {
  const history = m.history ?? [];
  const moves = m.historyMoves;
  if (moves === undefined || moves.reduce((n, x) => n + x.events, 0) !== history.length) {
    return history.map((event) => ({ seq: m.seq, event, by: null, seat: null }));
  }
  const out: LogEntry[] = [];
  let at = 0;
  moves.forEach((move, i) => {
    for (const event of history.slice(at, at + move.events)) out.push({ seq: i, event, by: move.by, seat: move.seat });
    at += move.events;
  });
  return out;
}

/** Folds one server message into the state (pure). */
export function reduce(s: AppState, m: ServerMessage): AppState {
  switch (m.type) {
    case 'welcome': return { ...s, player: m.player, account: m.account === true, botLevels: m.botLevels ?? {}, grace: m.grace ?? null };
    case 'lobby': {
      const page = Object.fromEntries(m.tables.map((t) => [t.id, t]));
      return {
        ...s, lobby: s.lobbyAppend ? { ...s.lobby, ...page } : page, lobbyAppend: false,
        lobbyPage: { next: m.next ?? null, total: m.total ?? m.tables.length },
      };
    }
    case 'lobby.table': {
      const lobby = { ...s.lobby };
      if (m.table.status === 'finished' || m.table.status === 'closed') delete lobby[m.table.id];
      else lobby[m.table.id] = m.table;
      // The page's total is as of its reply; a table pushed since counts too, so "3 of 2" is never said.
      const total = Math.max(s.lobbyPage.total, Object.keys(lobby).length);
      return { ...s, lobby, lobbyPage: total === s.lobbyPage.total ? s.lobbyPage : { ...s.lobbyPage, total } };
    }
    // The online count is kept beside the store (ui/lobby/online.ts), like welcome's seatedAt.
    case 'lobby.online': return s;
    case 'lobby.removed': {
      const lobby = { ...s.lobby };
      delete lobby[m.tableId];
      return { ...s, lobby };
    }
    case 'table': {
      const old = s.tables[m.table.id];
      const sameGame = old !== undefined && old.summary.gameNo === m.table.gameNo;
      return {
        ...s,
        tables: {
          ...s.tables,
          [m.table.id]: {
            summary: m.table, invite: m.invite, yourSeats: m.yourSeats,
            games: sameGame ? old.games : {}, log: sameGame ? old.log : [], chat: old?.chat ?? [],
            ...(sameGame && old.rated !== undefined ? { rated: old.rated } : {}),
          },
        },
      };
    }
    case 'game': {
      const t = s.tables[m.tableId];
      if (t === undefined) return s;
      const key = m.seat === null ? 'spectator' : String(m.seat);
      const prev = t.games[key];
      const newGame = prev !== undefined && prev.gameNo !== m.gameNo;
      const logKey = Object.keys(t.games)[0] ?? key;
      // Events are logged once, from one perspective (the first seat held, else the spectator's).
      const fresh = key === logKey && (prev === undefined || m.seq > prev.seq || newGame);
      const log = newGame ? [] : t.log;
      // A snapshot with the game's history (after a reload or a reconnection) rebuilds the log.
      if (key === logKey && m.history !== undefined) {
        return {
          ...s,
          tables: {
            ...s.tables,
            [m.tableId]: { ...t, games: { ...(newGame ? {} : t.games), [key]: m }, log: historyLog(m) },
          },
        };
      }
      const by = m.by ?? null;
      const seat = fresh && m.events.length > 0 ? moverSeat(m) : null;
      return {
        ...s,
        tables: {
          ...s.tables,
          [m.tableId]: {
            ...t,
            games: { ...(newGame ? {} : t.games), [key]: m },
            log: fresh ? [...log, ...m.events.map((event) => ({ seq: m.seq, event, by, seat }))] : log,
          },
        },
      };
    }
    case 'chat': {
      const t = s.tables[m.tableId];
      if (t === undefined) return s;
      return { ...s, tables: { ...s.tables, [m.tableId]: { ...t, chat: [...t.chat.slice(-199), { id: m.id, from: m.from, text: m.text, at: m.at }] } } };
    }
    case 'game.rated': {
      const t = s.tables[m.tableId];
      if (t === undefined) return s;
      return { ...s, tables: { ...s.tables, [m.tableId]: { ...t, rated: { gameNo: m.gameNo, changes: m.changes } } } };
    }
    case 'error': {
      const notice = { code: m.code, message: m.message, at: Date.now() };
      // The session is over (net/client.ts, SESSION_OVER): nobody is signed in here any more.
      if (m.code === 'SESSION_EXPIRED' || m.code === 'SESSION_ENDED') {
        return { ...s, notice, player: null, account: false, tables: {}, lobby: {}, lobbyPage: { next: null, total: 0 } };
      }
      return { ...s, notice };
    }
    // A tournament's page follows its own (ui/tournament/live.ts); invitations are the shell's (ui/Invitations.tsx); friends' presence the Friends page's.
    case 'tournament': case 'tournament.paired': case 'invited': case 'friend.presence': return s;
    case 'ok': case 'pong': return s;
  }
}

/** A tiny external store for React (useSyncExternalStore). */
export class Store {
  private state: AppState = initial;
  private readonly listeners = new Set<() => void>();
  get = (): AppState => this.state;
  subscribe = (fn: () => void): (() => void) => { this.listeners.add(fn); return () => this.listeners.delete(fn); };
  update(fn: (s: AppState) => AppState): void {
    const next = fn(this.state);
    if (next === this.state) return;
    this.state = next;
    for (const l of this.listeners) l();
  }
  receive = (m: ServerMessage): void => this.update((s) => reduce(s, m));
  setConnection = (connection: ConnectionState): void => this.update((s) => ({ ...s, connection }));
  clearNotice = (): void => this.update((s) => ({ ...s, notice: null }));
  /** The next `lobby` reply is a further page: added to the list, not replacing it. */
  expectMoreTables = (): void => this.update((s) => ({ ...s, lobbyAppend: true }));
  /** A request for more tables got no page (refused, or the connection dropped). */
  cancelMoreTables = (): void => this.update((s) => (s.lobbyAppend ? { ...s, lobbyAppend: false } : s));
}

export function useStore<T>(store: Store, select: (s: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
