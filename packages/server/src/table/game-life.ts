import { createBot } from '@parlor/bots';
import type { Mover } from '@parlor/protocol';
import { type Applied, type GameEvent, type Refused, type Seat, createRng } from '@parlor/rules';
import { commitmentOf } from '../identity.js';
import { gameRecords } from '../ratings/records.js';
import { type GameRow, StoreUnavailable } from '../store/store.js';
import { broadcastTable, sendGameToAll } from './broadcast.js';
import type { RunningGame } from './running-game.js';
import { creatorOnly, ownSeat } from './seats.js';
import type { Table } from './table.js';
import { Refusal } from './types.js';

/** Starts a game (the first, or "play again" with the same seats). */
export async function start(t: Table, playerId: string): Promise<void> {
  const seated = t.seatsOf(playerId).length > 0;
  if (t.row.status === 'open') creatorOnly(t, playerId);
  else if (t.row.status === 'finished' && !seated && playerId !== t.row.creatorId) {
    throw new Refusal('NOT_CREATOR', 'Only the players at the table may start another game.');
  }
  if (t.row.status === 'running') throw new Refusal('ALREADY_RUNNING', 'The game has started: seats change between games.');
  if (t.row.seats.some((s) => s.kind === 'empty')) throw new Refusal('NOT_READY', 'Every seat must be taken (by a player or a bot) first.');
  const no = t.row.gameNo + 1;
  const seed = t.host.newSeed(t.id, no);
  const setup = t.module.start({ players: t.row.seats.length, options: t.row.options, seed });
  if (!setup.ok) throw new Refusal(setup.error.code, setup.error.message);
  const gameRow: GameRow = {
    tableId: t.id, gameNo: no, seed, commitment: commitmentOf(seed), options: t.row.options,
    seats: t.row.seats.map((s) => s.kind === 'bot'
      ? { kind: 'bot' as const, name: `${s.level} bot`, level: s.level }
      : { kind: 'player' as const, name: s.kind === 'player' ? t.host.playerName(s.playerId) : '?', ...(s.kind === 'player' ? { playerId: s.playerId } : {}) }),
    startedAt: new Date(t.host.clock.now()).toISOString(), finishedAt: null, result: null,
  };
  // Everything that can fail is done before anything is stored, and the table changes only once
  // both rows are (a game row left by a failed second write is replaced when the start is retried).
  const running = newRunning(t, gameRow, setup.value.state, setup.value.events);
  const row = { ...t.row, status: 'running' as const, gameNo: no };
  await t.host.store.addGame(gameRow, t.fence);
  await t.host.store.saveTable(row, t.fence);
  t.row = row;
  t.touch();
  t.away.clear();
  t.game = running;
  // Scheduled before the first snapshot goes out, so that it carries the move timer's deadline.
  t.moves.schedule();
  broadcastTable(t);
  // The first snapshots carry the opening moves (the first draw or deal) as history, for the log.
  sendGameToAll(t, [], true);
}

/** A running game from its opening position; its bots see the opening events (their own first cards). */
function newRunning(t: Table, g: GameRow, state: unknown, opening: readonly GameEvent[]): RunningGame {
  const bots = new Map<Seat, ReturnType<typeof createBot>>();
  t.row.seats.forEach((s, seat) => {
    if (s.kind !== 'bot') return;
    const bot = createBot(t.row.game, s.level);
    bot.observe?.(t.module.eventsFor(opening, seat));
    bots.set(seat, bot);
  });
  return {
    no: g.gameNo, seed: g.seed, commitment: g.commitment, state, seq: 0, lastEvents: [], allEvents: opening.slice(),
    moves: [{ seat: null, by: null, events: opening.length }], lastBy: null, lastSeat: null, waitingSince: t.host.clock.now(), stats: null, bots,
    rng: createRng(`${g.seed}/bots`), deadline: null, windowOpened: null, windowEnds: null,
  };
}

/** Rebuilds the running game from its stored log (after a restart): state = fold of the actions. */
export async function restore(t: Table): Promise<void> {
  // A running game is rebuilt to play on; a finished table's last game to show its end again.
  if (t.row.status !== 'running' && !(t.row.status === 'finished' && t.row.gameNo > 0)) return;
  const g = await t.host.store.game(t.id, t.row.gameNo);
  if (g === null) throw new Error(`table ${t.id}: game ${t.row.gameNo} is missing`);
  const setup = t.module.start({ players: t.row.seats.length, options: g.options, seed: g.seed });
  if (!setup.ok) throw new Error(`table ${t.id}: ${setup.error.message}`);
  const running = newRunning(t, g, setup.value.state, setup.value.events);
  t.game = running;
  const window = t.module.responseWindow;
  let windowOpened: number | null = null;
  let lastAt = Date.parse(g.startedAt);
  for (const a of await t.host.store.actions(t.id, g.gameNo)) {
    const r = t.module.apply(running.state, a.seat, a.action);
    if (!r.ok) throw new Error(`table ${t.id}: stored action ${a.seq} is refused on replay: ${r.error.message}`);
    const wasOpen = window !== null && window.isOpen(running.state);
    lastAt = Date.parse(a.at);
    advance(t, running, a.seat, r, a.by ?? null, lastAt);
    running.seq = a.seq + 1;
    if (window !== null && window.isOpen(running.state) && !wasOpen) windowOpened = lastAt;
  }
  // The game has waited since its last move; an open response window keeps the end it had (if
  // that passed while the server was down, silence answers at once).
  running.waitingSince = lastAt;
  running.windowOpened = window !== null && window.isOpen(running.state) ? windowOpened : null;
  if (t.row.status === 'finished') running.stats = g.stats ?? null;
  else if (t.module.outcome(running.state) !== null) await finish(t);
}

/** The game moves to the applied action's state; the bots hear what they may see of it. */
function advance(t: Table, g: RunningGame, seat: Seat, r: Applied<unknown, GameEvent>, by: Mover | null, at: number): void {
  g.state = r.state;
  g.seq += 1;
  g.lastEvents = r.events;
  g.lastBy = by;
  g.lastSeat = seat;
  g.waitingSince = at;
  g.allEvents.push(...r.events);
  g.moves.push({ seat, by, events: r.events.length });
  for (const [botSeat, bot] of g.bots) bot.observe?.(t.module.eventsFor(r.events, botSeat));
}

/** A player's action for one of their seats, checked in order: seat, game, sequence, rules. */
export async function act(t: Table, playerId: string, seat: Seat, seq: number, action: unknown, received: number): Promise<void> {
  ownSeat(t, playerId, seat);
  // Acting brings a player back — even an action that is refused (stale, say: the stand-in bot
  // moved first), since the player is evidently here; the stand-in's queued move is dropped.
  const back = t.away.delete(seat);
  if (back) broadcastTable(t);
  try {
    const g = t.game;
    if (g === null || t.row.status !== 'running') throw new Refusal('NOT_RUNNING', 'No game is running at this table.');
    if (seq !== g.seq) throw new Refusal('STALE', `The game is at move ${g.seq}, not ${seq}: your action was not played.`);
    await play(t, seat, action, 'player');
  } catch (e) {
    if (back && t.game !== null && t.row.status === 'running') {
      t.moves.schedule(); // the seat is the player's again: drop the bot's queued move, restart the timer
      sendGameToAll(t, []);
    }
    throw e;
  }
  t.host.metrics.actionLatency.observe((performance.now() - received) / 1000);
}

/**
 * Plays `action` for `seat`: the rules check it, the store records it, and only then does anyone
 * hear of it. Refusals change nothing.
 */
export async function play(t: Table, seat: Seat, action: unknown, by: Mover): Promise<void> {
  const g = t.game!;
  let r: Applied<unknown, GameEvent> | Refused;
  try {
    r = t.module.apply(g.state, seat, action);
  } catch (err) {
    // A rules module that throws on odd input is refusing a malformed action, not failing.
    t.host.log.warn({ err, table: t.id }, 'the rules threw on an action; refused it');
    throw new Refusal('MALFORMED_ACTION', 'That action is not understood.');
  }
  if (!r.ok) throw new Refusal(r.error.code, r.error.message);
  let stored: boolean;
  const at = new Date(t.host.clock.now());
  try {
    stored = await t.host.store.appendAction(t.id, g.no, { seq: g.seq, seat, action, at: at.toISOString(), by }, t.fence);
  } catch (e) {
    if (e instanceof StoreUnavailable) throw storeRefusal(e);
    throw e;
  }
  if (!stored) throw new Refusal('STALE', 'That move was already played.');
  advance(t, g, seat, r, by, at.getTime());
  t.touch();
  t.host.metrics.actions.inc({ game: t.row.game, by });
  if (t.module.outcome(g.state) === null) t.moves.schedule();
  else {
    // The move is stored; if recording the result fails, the scheduler retries it.
    try {
      await finish(t);
    } catch (e) {
      if (!(e instanceof StoreUnavailable)) throw e;
      t.host.log.error({ err: e, table: t.id }, 'could not record the end of a game; retrying');
      t.moves.schedule();
    }
  }
  sendGameToAll(t, r.events);
}

/** What a person hears when the store cannot write: nothing happened, try again. */
export function storeRefusal(e: StoreUnavailable): Refusal {
  return new Refusal('STORE_UNAVAILABLE', `The server could not save just now (${e.reason}); nothing was played or changed. Try again in a moment.`);
}

/** The game is over: its result and statistics are stored with it; the table is free for another. */
export async function finish(t: Table): Promise<void> {
  const g = t.game!;
  t.moves.stop();
  g.deadline = null;
  const outcome = t.module.outcome(g.state)!;
  g.stats = t.module.stats(g.allEvents, t.row.seats.length);
  const row = { ...t.row, status: 'finished' as const };
  const finishedAt = new Date(t.host.clock.now()).toISOString();
  await t.host.store.finishGame(t.id, g.no, outcome, finishedAt, g.stats, await gameRecords(t, outcome, g.stats, finishedAt), t.fence);
  await t.host.store.saveTable(row, t.fence);
  t.row = row;
  t.touch();
  t.away.clear();
  broadcastTable(t);
}
