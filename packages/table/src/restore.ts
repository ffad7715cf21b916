import { type GameEvent, gameModule, replay } from '@parlor/rules';
import { advance, newGame } from './game.js';
import type { ActionRow, GameRow, TableRow } from './rows.js';
import type { GameState, Person, TableSettings, TableState } from './state.js';
import { afterTurn, freshBanks, givenUp, onMoveClock } from './turns.js';
import { seatVacations } from './vacation.js';

/** A table nobody has touched yet: its row, no game, no watchers. */
export function newTableState(row: TableRow, people: Readonly<Record<string, Person>>, settings: TableSettings, now: number): TableState {
  return { row, game: null, away: {}, lastActivity: now, watchers: {}, people, timers: {}, settings };
}

export interface StoredTable {
  readonly row: TableRow;
  /** The row of the table's current game (`row.gameNo`), if it has one. */
  readonly game: GameRow | null;
  /** That game's log. */
  readonly actions: readonly ActionRow[];
  readonly people: Readonly<Record<string, Person>>;
  readonly settings: TableSettings;
}

export type Restored = { readonly ok: true; readonly state: TableState } | { readonly ok: false; readonly message: string };

/**
 * A table rebuilt from what the store keeps (after a restart, or by the process taking it over):
 * its current game is the fold of its log (rules' `replay`). A running game plays on; a finished
 * table's last game is there to be shown again. Timers are armed by the `load` input that follows.
 */
export function restoreTable(t: StoredTable, now: number): Restored {
  const base = newTableState(t.row, t.people, t.settings, now);
  const { row } = t;
  if (row.status !== 'running' && !(row.status === 'finished' && row.gameNo > 0)) return { ok: true, state: base };
  const g = t.game;
  if (g === null) return { ok: false, message: `table ${row.id}: game ${row.gameNo} is missing` };
  const module = gameModule(row.game);
  const window = module.responseWindow;
  let game: GameState | null = null;
  let windowOpened: number | null = null;
  let lastAt = Date.parse(g.startedAt);
  for (const p of replay(module, { players: row.seats.length, options: g.options, seed: g.seed }, t.actions)) {
    if (!p.ok) {
      return { ok: false, message: p.error.index === null ? `table ${row.id}: ${p.error.message}`
        : `table ${row.id}: stored action ${p.error.index} is refused on replay: ${p.error.message}` };
    }
    if (p.entry === null) {
      const banks = freshBanks(row, t.settings.timerScale);
      game = newGame({ no: g.gameNo, seed: g.seed, commitment: g.commitment, state: p.state, opening: p.events as GameEvent[], at: lastAt, banks });
      continue;
    }
    const wasOpen = window !== null && window.isOpen(game!.state);
    const clocked = onMoveClock(module, game!.state, p.entry.seat);
    lastAt = Date.parse(p.entry.at);
    const by = p.entry.by ?? null;
    // The seat's days off as stored: their part before each move is what the live table had (vacation.ts).
    const vacations = seatVacations(row, t.people, p.entry.seat);
    game = afterTurn(row, t.settings.timerScale, game!, advance(game!, p.entry.seat, p.state, p.events, by, lastAt), p.entry.seat, by, lastAt, clocked, vacations);
    if (window !== null && window.isOpen(p.state) && !wasOpen) windowOpened = lastAt;
  }
  // The game has waited since its last move; an open response window keeps the end it had (if
  // that passed while the server was down, silence answers at once).
  const open = window !== null && window.isOpen(game!.state);
  game = { ...game!, waitingSince: lastAt, windowOpened: open ? windowOpened : null, stats: row.status === 'finished' ? g.stats ?? null : null };
  // A turn-based seat given up to its stand-in stays the stand-in's (turns.ts).
  const away = row.status !== 'running' ? {} : Object.fromEntries(row.seats.flatMap((_, seat) => (givenUp(row, game, seat) ? [[seat, 'left' as const]] : [])));
  return { ok: true, state: { ...base, game, away } };
}
