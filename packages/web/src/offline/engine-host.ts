import { botLevels } from '@parlor/bots';
import { GAME_IDS, type Seat } from '@parlor/rules';
import { type OfflineTable, OfflineError, applyMove, botMove, botsToAct, endOf, openTable, silenceOf, snapshotOf, toAct, windowOpen } from './engine.js';
import type { EngineReply, EngineRequest, EngineUpdate } from './messages.js';
import { HUMAN } from './record.js';

/**
 * The offline worker's side of the conversation (worker.ts posts each request here and the answer
 * back): plain functions over plain messages, so that Node tests drive exactly what the browser
 * runs. Requests are answered one at a time, in order (`handle` is given the next only when the
 * previous one is answered), like a table's queue at the server.
 */
export interface EngineHost {
  handle(req: EngineRequest): Promise<EngineReply>;
}

const refused = (code: string, message: string): EngineReply => ({ type: 'refused', code, message });

function update(t: OfflineTable, logFrom: number, move: EngineUpdate['move']): EngineUpdate {
  return {
    type: 'update', id: t.record.id, move, snapshot: snapshotOf(t), log: t.log.slice(logFrom),
    bots: botsToAct(t), window: windowOpen(t), end: endOf(t),
  };
}

export function createEngineHost(): EngineHost {
  let table: OfflineTable | null = null;

  /** The open game, when the request is for it and was decided on its current position. */
  const current = (id: string, seq: number): OfflineTable | EngineReply => {
    if (table === null || table.record.id !== id) return refused('NOT_OPEN', 'This game is not open.');
    if (endOf(table) !== null) return refused('GAME_OVER', 'The game is over.');
    if (seq !== table.actions.length) return refused('STALE', `The game is at move ${table.actions.length}, not ${seq}.`);
    return table;
  };

  const moved = (t: OfflineTable, before: number, r: ReturnType<typeof applyMove>): EngineReply =>
    (r.ok ? update(t, before, r.move) : refused(r.code, r.message));

  return {
    async handle(req: EngineRequest): Promise<EngineReply> {
      switch (req.type) {
        case 'levels':
          return { type: 'levels', levels: Object.fromEntries(GAME_IDS.map((g) => [g, botLevels(g)])) as Record<(typeof GAME_IDS)[number], ReturnType<typeof botLevels>> };
        case 'open': {
          try {
            table = openTable(req.record);
          } catch (e) {
            table = null;
            if (e instanceof OfflineError) return refused(e.code, e.message);
            throw e;
          }
          return update(table, 0, null);
        }
        case 'act': {
          const t = current(req.id, req.seq);
          if (!('record' in t)) return t;
          const before = t.log.length;
          return moved(t, before, applyMove(t, HUMAN, req.action, 'player'));
        }
        case 'bot': {
          const t = current(req.id, req.seq);
          if (!('record' in t)) return t;
          if (!t.bots.has(req.seat) || !toAct(t).includes(req.seat)) return refused('NOT_YOUR_TURN', `The game does not wait for bot seat ${req.seat}.`);
          const before = t.log.length;
          return moved(t, before, await botMove(t, req.seat));
        }
        case 'silence': {
          const t = current(req.id, req.seq);
          if (!('record' in t)) return t;
          const seat: Seat = req.seat;
          const answer = silenceOf(t, seat);
          if (answer === null) return refused('NOT_YOUR_TURN', `No window waits for seat ${seat}.`);
          const before = t.log.length;
          return moved(t, before, applyMove(t, seat, answer, 'timer'));
        }
      }
    },
  };
}
