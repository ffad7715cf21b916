import { type Draft, iso } from './draft.js';
import { broadcastTable } from './messages.js';
import { schedule } from './schedule.js';

/** The game is over: its result and statistics are stored with it; the table is free for another. */
export function finish(d: Draft): void {
  const g = d.game;
  const row = d.s.row;
  const outcome = d.module.outcome(g.state);
  if (outcome === null) throw new Error(`table ${row.id}: game ${g.no} is not over`);
  const stats = d.module.stats(g.allEvents.read(), row.seats.length);
  const left = row.seats.flatMap((_, seat) => (d.s.away[seat] === 'left' ? [seat] : []));
  const abandoned = row.seats.flatMap((_, seat) => (d.s.away[seat] === 'replaced' ? [seat] : []));
  d.write({
    op: 'finish',
    finish: {
      tableId: row.id, gameNo: g.no, game: row.game, result: outcome, stats, finishedAt: iso(d.now), seats: row.seats, left,
      ...(abandoned.length === 0 ? {} : { abandoned }),
      rated: row.rated === true, private: row.private, ...(row.turnBased === undefined ? {} : { turnBased: true }),
    },
  });
  // A tournament reads who left from its table's row (the game's records rank them last too).
  const finished = { ...row, status: 'finished' as const, ...(row.tournament === undefined ? {} : { tournament: { ...row.tournament, left } }) };
  d.write({ op: 'table', row: finished });
  d.setGame({ stats, deadline: null });
  d.set({ row: finished, away: {} });
  d.touch();
  schedule(d);
  broadcastTable(d);
}
