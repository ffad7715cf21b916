/**
 * What a step gives the players of a turn-based table to be told of, away from the table (the
 * server sends them by push or mail, docs/notifications.md): their move, a response window that
 * asks them, the end of the game with their place. A real-time table tells nobody: its players sit
 * at it. Worked out from the table before and after a step, so that the core says what happened
 * and the shell alone knows how to reach people.
 */
import type { Seat } from '@parlor/rules';
import { gameModule } from '@parlor/rules';
import { playerName } from './people.js';
import type { TableState } from './state.js';
import { isTurnBased } from './turns.js';

export interface TurnNotice {
  readonly kind: 'your-move' | 'challenge' | 'game-ended';
  readonly playerId: string;
  readonly tableId: string;
  /** `${gameNo}:${seq}`: the move the notice is about. */
  readonly moveKey: string;
  /** your-move and challenge: when it times out (ms since the epoch). */
  readonly dueAt?: number;
  /** challenge: whose move opened the window. */
  readonly from?: string;
  /** game-ended: the player's place (1 = first). */
  readonly place?: number;
}

/** The notices of the step that turned `before` into `after`. */
export function turnNotices(before: TableState, after: TableState): TurnNotice[] {
  const g = after.game;
  const row = after.row;
  if (!isTurnBased(row) || g === null) return [];
  const was = before.game;
  if (was !== null && was.no === g.no && was.seq === g.seq && before.row.status === row.status) return [];
  const module = gameModule(row.game);
  const moveKey = `${g.no}:${g.seq}`;
  const playerAt = (seat: Seat) => {
    const s = row.seats[seat];
    return s?.kind === 'player' && after.away[seat] === undefined ? s.playerId : null;
  };
  const outcome = module.outcome(g.state);
  if (outcome !== null) {
    if (before.row.status !== 'running' || row.status !== 'finished') return [];
    const places = outcome.places;
    return row.seats.flatMap((s, seat) => (s.kind === 'player' && places[seat] !== undefined
      ? [{ kind: 'game-ended' as const, playerId: s.playerId, tableId: row.id, moveKey, place: places[seat]! }] : []));
  }
  const window = module.responseWindow;
  const inWindow = window !== null && window.isOpen(g.state);
  const opener = g.lastSeat === null ? null : row.seats[g.lastSeat];
  const from = opener?.kind === 'player' ? playerName(after, opener.playerId) : opener?.kind === 'bot' ? `${opener.level} bot` : undefined;
  const notices: TurnNotice[] = [];
  for (const seat of module.toAct(g.state)) {
    const playerId = playerAt(seat);
    if (playerId === null) continue;
    const dueAt = g.deadline ?? undefined;
    notices.push(inWindow
      ? { kind: 'challenge', playerId, tableId: row.id, moveKey, ...(dueAt === undefined ? {} : { dueAt }), ...(from === undefined ? {} : { from }) }
      : { kind: 'your-move', playerId, tableId: row.id, moveKey, ...(dueAt === undefined ? {} : { dueAt }) });
  }
  return notices;
}
