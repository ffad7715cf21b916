import { botLevels } from '@parlor/bots';
import { GAME_IDS } from '@parlor/rules';
import { BotPool } from '@parlor/table';
import type { ShellClock } from './clock.js';
import type { EnginePush, EngineReply, EngineRequest } from './messages.js';
import { type GameStore, OfflineTable } from './table.js';

/**
 * The offline worker's side of the conversation (worker.ts posts each request here and the answer
 * back, and every push): plain functions over plain messages, so that Node tests drive exactly
 * what the browser runs. Requests are answered one at a time, in order (`handle` is given the next
 * only when the previous one is answered); the open game (table.ts) runs between them on its
 * clock, and tells the page what happens through the pushes.
 */
export interface EngineHost {
  handle(req: EngineRequest): Promise<EngineReply>;
  /** Pushes from the open game, in order: records as stored, messages to the person, problems. */
  listen(fn: (p: EnginePush) => void): () => void;
  /** Resolves once everything queued at the open game has run (tests move their clock, then wait on this). */
  settled(): Promise<void>;
}

export interface EngineDeps {
  readonly store: GameStore;
  readonly clock: ShellClock;
  /** The bots (the core's BotPool unless a test gives its own). */
  readonly bots?: BotPool;
  readonly log?: (level: 'warn' | 'error', msg: string, fields: Readonly<Record<string, unknown>>) => void;
}

const refused = (code: string, message: string): EngineReply => ({ type: 'refused', code, message });
const why = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function createEngineHost(deps: EngineDeps): EngineHost {
  const listeners = new Set<(p: EnginePush) => void>();
  const bots = deps.bots ?? new BotPool();
  const log = deps.log ?? ((level, msg, fields) => console[level](msg, fields));
  const post = (p: EnginePush) => { for (const fn of listeners) fn(p); };
  let table: OfflineTable | null = null;

  const close = async () => {
    const t = table;
    table = null;
    await t?.close();
  };

  return {
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    settled: () => table?.settled() ?? Promise.resolve(),
    async handle(req: EngineRequest): Promise<EngineReply> {
      switch (req.type) {
        case 'levels':
          return { type: 'levels', levels: Object.fromEntries(GAME_IDS.map((g) => [g, botLevels(g)])) as Record<(typeof GAME_IDS)[number], ReturnType<typeof botLevels>> };
        case 'open': {
          await close();
          try {
            const opened = await OfflineTable.open(req.record, req.timing, { store: deps.store, clock: deps.clock, bots, post, log });
            if (!opened.ok) return refused(opened.refusal.code, opened.refusal.message);
            table = opened.table;
            return { type: 'opened', id: table.id };
          } catch (e) {
            bots.forget(req.record.id);
            return refused('STORAGE', why(e));
          }
        }
        case 'act': {
          if (table === null || table.id !== req.id) return refused('NOT_OPEN', 'This game is not open.');
          try {
            const refusal = await table.act(req.seat, req.seq, req.action);
            return refusal === null ? { type: 'played' } : refused(refusal.code, refusal.message);
          } catch (e) {
            return refused('STORAGE', why(e));
          }
        }
        case 'timing': {
          if (table === null || table.id !== req.id) return refused('NOT_OPEN', 'This game is not open.');
          await table.retime(req.timing);
          return { type: 'ok' };
        }
        case 'close': {
          if (table?.id === req.id) await close();
          return { type: 'ok' };
        }
      }
    },
  };
}
