import { type Bot, createBot } from '@parlor/bots';
import type { GameAction, GameEvent, GameSnapshot, GameStats, GameView, Mover } from '@parlor/protocol';
import { type AnyGame, type Rng, type Seat, createRng, gameModule, isGameId } from '@parlor/rules';
import type { LogEntry } from '../state/store.js';
import { HUMAN, type OfflineAction, type OfflineEnd, type OfflineRecord } from './record.js';

/**
 * An offline game being played: the rules module's state folded from the record, a bot per bot
 * seat (remembering what its seat saw), and the person's log. This is the server's running game
 * (packages/server/src/table/game-life.ts) without the store and the clock: it runs in the Web
 * Worker (worker.ts, through engine-host.ts) and, in tests, in Node. Every move goes through the
 * module's `apply`; the bots decide from their seat's view and legal actions, as at a server.
 */
export interface OfflineTable {
  readonly record: OfflineRecord;
  readonly module: AnyGame;
  state: unknown;
  readonly bots: ReadonlyMap<Seat, Bot>;
  /** The bots' chance, from the seed as the server seeds it (`<seed>/bots`). */
  readonly rng: Rng;
  /** The moves played so far (the record's, then this session's). */
  readonly actions: OfflineAction[];
  /** Every event of every audience (for the end-of-game statistics). */
  readonly all: GameEvent[];
  /** Every event the person may see, with its move (the table's log). */
  readonly log: LogEntry[];
  /** The last move: its events as the person sees them, who made it and from which seat. */
  last: { readonly events: GameEvent[]; readonly by: Mover | null; readonly seat: Seat | null };
}

/** A record that cannot be played (a stored game from another version of the rules, say). */
export class OfflineError extends Error {
  constructor(readonly code: string, message: string) { super(message); }
}

/** The table of a record: its opening, then every stored move folded again, the bots told what they saw. */
export function openTable(record: OfflineRecord): OfflineTable {
  if (!isGameId(record.game)) throw new OfflineError('UNKNOWN_GAME', `no game "${String(record.game)}"`);
  const module = gameModule(record.game);
  const started = module.start({ players: record.players, options: record.options, seed: record.seed });
  if (!started.ok) throw new OfflineError(started.error.code, started.error.message);
  const bots = new Map<Seat, Bot>();
  record.seats.forEach((s, seat) => {
    if (s.kind === 'bot') bots.set(seat, createBot(record.game, s.level ?? 'basic'));
  });
  const opening = started.value.events as GameEvent[];
  const t: OfflineTable = {
    record, module, state: started.value.state, bots, rng: createRng(`${record.seed}/bots`),
    actions: [], all: [...opening], log: [], last: { events: [], by: null, seat: null },
  };
  tell(t, opening, 0, null, null);
  for (const a of record.actions) {
    const r = applyMove(t, a.seat, a.action, a.by);
    if (!r.ok) throw new OfflineError(r.code, `stored move ${a.seq} is refused: ${r.message}`);
  }
  return t;
}

/** Hands the events of a move to every bot (what its seat may see) and to the person's log. */
function tell(t: OfflineTable, events: readonly GameEvent[], seq: number, by: Mover | null, seat: Seat | null): void {
  for (const [botSeat, bot] of t.bots) bot.observe?.(t.module.eventsFor(events, botSeat));
  const seen = t.module.eventsFor(events, HUMAN) as GameEvent[];
  for (const event of seen) t.log.push({ seq, event, by, seat });
  t.last = { events: seen, by, seat };
}

export type Played = { readonly ok: true; readonly move: OfflineAction } | { readonly ok: false; readonly code: string; readonly message: string };

/** Plays `action` for `seat` through the rules (untrusted input: refusals are values, nothing changes). */
export function applyMove(t: OfflineTable, seat: Seat, action: unknown, by: Mover): Played {
  const r = t.module.apply(t.state, seat, action);
  if (!r.ok) return { ok: false, code: r.error.code, message: r.error.message };
  const move: OfflineAction = { seq: t.actions.length, seat, action, by };
  t.state = r.state;
  t.actions.push(move);
  t.all.push(...(r.events as GameEvent[]));
  tell(t, r.events as GameEvent[], t.actions.length, by, seat);
  return { ok: true, move };
}

/**
 * The bot of `seat` moves. A bot that throws, or chooses what the rules refuse, plays a random
 * legal action instead (as at the server), so that no bot can stall a game.
 */
export async function botMove(t: OfflineTable, seat: Seat): Promise<Played> {
  const bot = t.bots.get(seat);
  const legal = t.module.legalActions(t.state, seat);
  if (bot !== undefined) {
    let action: unknown;
    try {
      action = await bot.decide(t.module.view(t.state, seat), legal, t.rng);
    } catch {
      action = undefined;
    }
    if (action !== undefined) {
      const played = applyMove(t, seat, action, 'bot');
      if (played.ok) return played;
    }
  }
  if (legal.length === 0) return { ok: false, code: 'NOT_YOUR_TURN', message: `seat ${seat} has nothing to do` };
  return applyMove(t, seat, legal[t.rng.int(legal.length)], 'bot');
}

/** The seats the game waits for. */
export const toAct = (t: OfflineTable): Seat[] => t.module.toAct(t.state);

/** The bot seats the game waits for. */
export const botsToAct = (t: OfflineTable): Seat[] => toAct(t).filter((s) => t.bots.has(s));

/** Whether a response window is open (several seats answering against one clock). */
export const windowOpen = (t: OfflineTable): boolean => t.module.responseWindow?.isOpen(t.state) ?? false;

/** The answer of a seat still silent when the window closes (null: no window is open, or the seat is not asked). */
export function silenceOf(t: OfflineTable, seat: Seat): unknown {
  const w = t.module.responseWindow;
  if (w === null || !w.isOpen(t.state) || !toAct(t).includes(seat)) return null;
  return w.silence(t.state, seat);
}

/** The result and statistics once the game is over, else null. */
export function endOf(t: OfflineTable): OfflineEnd | null {
  const outcome = t.module.outcome(t.state);
  if (outcome === null) return null;
  return { outcome, stats: t.module.stats(t.all, t.record.players) as GameStats[] };
}

/**
 * What the game screen gets, as the server would send it to the person's seat: their view, the
 * last move's events as they saw them, their legal actions when asked, the commitment (and the
 * seed once the game is over). The clock's fields (deadline, waitingSince) are the page's.
 */
export function snapshotOf(t: OfflineTable): GameSnapshot {
  const waiting = toAct(t);
  const end = endOf(t);
  return {
    tableId: t.record.id,
    gameNo: 1,
    seq: t.actions.length,
    seat: HUMAN,
    view: t.module.view(t.state, HUMAN) as GameView,
    events: t.last.events,
    legal: (waiting.includes(HUMAN) ? [...t.module.legalActions(t.state, HUMAN)] : []) as GameAction[],
    waitingFor: waiting,
    deadline: null,
    waitingSince: null,
    by: t.last.by,
    moveSeat: t.last.seat,
    commitment: t.record.commitment,
    seed: end === null ? null : t.record.seed,
    outcome: end?.outcome ?? null,
    stats: end?.stats ?? null,
  };
}
