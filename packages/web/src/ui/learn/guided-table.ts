import type { GameAction, GameSnapshot, GameStats, GameView } from '@parlor/protocol';
import { type AnyGame, GAMES } from '@parlor/rules';
import { localTable } from '../../state/local-table.js';
import type { TableState } from '../../state/store.js';
import { NEWCOMER, type Run, open } from './lesson.js';

/**
 * What a game screen (GAME_SCREENS) gets at a real table, built in the browser from a lesson's run:
 * the newcomer's snapshot from the module's `view`, `legalActions` (while a step waits for the
 * newcomer's move), `toAct` and `eventsFor`, and a table around it — no server, no account.
 */

/** The table's id in the snapshot (never sent anywhere). */
export const GUIDED_TABLE_ID = 'guided';

export interface GuidedSeats {
  /** Display names by seat: the newcomer first, then the scripted players. */
  readonly names: readonly string[];
}

const moduleOf = <S, A>(run: Run<S, A>): AnyGame => GAMES[run.lesson.game];

/** The newcomer's snapshot, as the server would send it to seat 0 after the last move. */
export function guidedSnapshot<S, A>(run: Run<S, A>): GameSnapshot {
  const game = moduleOf(run);
  const over = game.outcome(run.state);
  return {
    tableId: GUIDED_TABLE_ID,
    gameNo: 1,
    seq: run.seq,
    seat: NEWCOMER,
    view: game.view(run.state, NEWCOMER) as GameView,
    events: run.last.events.slice() as GameSnapshot['events'],
    legal: [...open(run)] as unknown as GameAction[],
    waitingFor: game.toAct(run.state),
    deadline: null,
    waitingSince: null,
    by: run.last.by,
    moveSeat: run.last.seat,
    // No fair-shuffle commitment: this deal was chosen, and the page says so.
    commitment: '',
    seed: null,
    outcome: over,
    stats: over === null ? null : (game.stats(run.all, run.lesson.players) as GameStats[]),
  };
}

function parsedOptions<S, A>(run: Run<S, A>): Record<string, unknown> {
  const parsed = moduleOf(run).options.parse(run.lesson.options, run.lesson.players);
  return parsed.ok ? { ...(parsed.value as Record<string, unknown>) } : { ...run.lesson.options };
}

/** A running table holding the lesson: seat 0 the newcomer's (here, present), the others bots (state/local-table.ts). */
export function guidedTable<S, A>(run: Run<S, A>, seats: GuidedSeats, snapshot: GameSnapshot = guidedSnapshot(run)): TableState {
  return localTable({
    id: GUIDED_TABLE_ID, game: run.lesson.game, options: parsedOptions(run),
    names: Array.from({ length: run.lesson.players }, (_, seat) => seats.names[seat] ?? ''),
    person: NEWCOMER, personId: 'guided-newcomer', level: () => 'basic', responseWindow: null, snapshot, log: run.log,
  });
}
