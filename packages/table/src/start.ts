import type { Draft } from './draft.js';
import { iso, refuse } from './draft.js';
import { commitmentOf } from './commitment.js';
import { newGame } from './game.js';
import { broadcastTable, sendGame } from './messages.js';
import { playerName, seatsOf } from './people.js';
import type { GameRow } from './rows.js';
import { schedule } from './schedule.js';
import { creatorOnly } from './seats.js';
import { freshBanks } from './turns.js';

/** Starts a game (the first, or "play again" with the same seats) from `seed`. */
export function start(d: Draft, player: string, seed: string): void {
  const row = d.s.row;
  const seated = seatsOf(row, player).length > 0;
  if (row.status === 'open') creatorOnly(d, player);
  else if (row.status === 'finished' && !seated && player !== row.creatorId) {
    refuse('NOT_CREATOR', 'Only the players at the table may start another game.');
  }
  if (row.status === 'running') refuse('ALREADY_RUNNING', 'The game has started: seats change between games.');
  if (row.tournament !== undefined && row.gameNo > 0) {
    refuse('TOURNAMENT_TABLE', 'A tournament table plays one game: the tournament seats you at your next table.');
  }
  if (row.seats.some((s) => s.kind === 'empty')) refuse('NOT_READY', 'Every seat must be taken (by a player or a bot) first.');
  const no = row.gameNo + 1;
  const setup = d.module.start({ players: row.seats.length, options: row.options, seed });
  if (!setup.ok) refuse(setup.error.code, setup.error.message);
  const commitment = commitmentOf(seed);
  const gameRow: GameRow = {
    tableId: row.id, gameNo: no, seed, commitment, options: row.options,
    seats: row.seats.map((s) => s.kind === 'bot'
      ? { kind: 'bot' as const, name: `${s.level} bot`, level: s.level }
      : { kind: 'player' as const, name: s.kind === 'player' ? playerName(d.s, s.playerId) : '?', ...(s.kind === 'player' ? { playerId: s.playerId } : {}) }),
    startedAt: iso(d.now), finishedAt: null, result: null,
  };
  const running = { ...row, status: 'running' as const, gameNo: no };
  // The game's row first: a game row left by a failed second write is replaced when the start is retried.
  d.write({ op: 'game', game: gameRow });
  d.write({ op: 'table', row: running });
  const banks = freshBanks(running, d.s.settings.timerScale);
  d.set({ row: running, away: {}, game: newGame({ no, seed, commitment, state: setup.value.state, opening: setup.value.events, at: d.now, banks }) });
  d.touch();
  // Scheduled before the first snapshots go out, so that they carry the move timer's deadline.
  schedule(d);
  broadcastTable(d);
  // The first snapshots carry the opening moves (the first draw or deal) as history, for the log.
  sendGame(d, [], { history: true });
}
