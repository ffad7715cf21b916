import type { GameStats } from '@parlor/protocol';
import type { Write } from '@parlor/table';
import { HUMAN, type OfflineRecord, type OfflineSeat, withEnd, withMove } from './record.js';

/**
 * What one of the table core's writes changes in an offline record (pure): the record to store,
 * the same record when the write changes nothing it keeps, or null when it already has that move
 * (the core's "already played"). A record holds one game of one table: the table's row is made
 * again from the record each time (rows.ts), so a `table` write keeps nothing of its own.
 */
export function recordWith(record: OfflineRecord, w: Write): OfflineRecord | null {
  switch (w.op) {
    case 'table': return record;
    case 'game': {
      const g = w.game;
      if (g.tableId !== record.id || g.gameNo !== 1) throw new RangeError(`an offline record holds game 1 of table ${record.id}, not game ${g.gameNo} of ${g.tableId}`);
      // A game begins: its seed, commitment, seats and options as the core started it, and an empty log.
      const seats = g.seats.map((s): OfflineSeat => (s.kind === 'bot' && s.level !== undefined ? { kind: 'bot', name: s.name, level: s.level } : { kind: s.kind, name: s.name }));
      return {
        ...record, seed: g.seed, commitment: g.commitment, options: g.options, seats, startedAt: g.startedAt,
        actions: [], finishedAt: null, outcome: null, stats: null,
      };
    }
    case 'action': {
      const a = w.action;
      if (w.tableId !== record.id || w.gameNo !== 1) throw new RangeError(`move ${a.seq} is for game ${w.gameNo} of ${w.tableId}, not this record's`);
      if (a.seq < record.actions.length) return null;
      return withMove(record, { seq: a.seq, seat: a.seat, action: a.action, by: a.by ?? (a.seat === HUMAN ? 'player' : 'bot'), at: a.at });
    }
    case 'finish': {
      const f = w.finish;
      return withEnd(record, { outcome: f.result, stats: f.stats as GameStats[] }, f.finishedAt);
    }
  }
}
