import type { Mover } from '@parlor/protocol';
import { type Applied, type GameEvent, type Refused as RuleRefusal, type Seat, createRng, rngStateFrom } from '@parlor/rules';
import { type Draft, Refused, iso, refuse } from './draft.js';
import { finish } from './finish.js';
import { advance } from './game.js';
import { broadcastTable, sendGame } from './messages.js';
import { botLevelFor, schedule } from './schedule.js';
import { ownSeat, without } from './seats.js';
import { afterTurn, givenUp, isTurnBased, onMoveClock } from './turns.js';
import { seatVacations } from './vacation.js';

/** A player's action for one of their seats, checked in order: seat, game, sequence, rules. */
export function act(d: Draft, player: string, seat: Seat, seq: number, action: unknown): void {
  ownSeat(d, player, seat);
  if (d.s.row.tournament?.standIns === true) refuse('ROUND_OVER', "The tournament's time for this game is up: stand-in bots finish it.");
  if (givenUp(d.s.row, d.s.game, seat)) refuse('TIMED_OUT', 'Your time ran out too many moves in a row: a bot plays this seat until the game ends.');
  // Acting brings a player back — even an action that is refused (stale, say: the stand-in bot
  // moved first), since the player is evidently here; the stand-in's queued move is dropped.
  const back = d.s.away[seat] !== undefined;
  if (back) {
    d.set({ away: without(d.s.away, seat) });
    d.kept = true;
    broadcastTable(d);
  }
  try {
    const g = d.s.game;
    if (g === null || d.s.row.status !== 'running') refuse('NOT_RUNNING', 'No game is running at this table.');
    if (seq !== g.seq) refuse('STALE', `The game is at move ${g.seq}, not ${seq}: your action was not played.`);
    play(d, seat, action, 'player');
  } catch (e) {
    if (e instanceof Refused && back && d.s.game !== null && d.s.row.status === 'running') {
      schedule(d); // the seat is the player's again: the bot's queued move goes, the timer starts again
      sendGame(d, []);
    }
    throw e;
  }
}

/**
 * Plays `action` for `seat`: the rules check it, the store is to record it, and only then does
 * anyone hear of it. A refusal changes nothing.
 */
export function play(d: Draft, seat: Seat, action: unknown, by: Mover): void {
  const g = d.game;
  let r: Applied<unknown, GameEvent> | RuleRefusal;
  try {
    r = d.module.apply(g.state, seat, action);
  } catch (err) {
    // A rules module that throws on odd input is refusing a malformed action, not failing.
    d.log('warn', 'the rules threw on an action; refused it', { err });
    refuse('MALFORMED_ACTION', 'That action is not understood.');
  }
  if (!r.ok) refuse(r.error.code, r.error.message);
  d.write({ op: 'action', tableId: d.s.row.id, gameNo: g.no, action: { seq: g.seq, seat, action, at: iso(d.now), by } });
  const clocked = onMoveClock(d.module, g.state, seat);
  const vacations = seatVacations(d.s.row, d.s.people, seat);
  d.set({ game: afterTurn(d.s.row, d.s.settings.timerScale, g, advance(g, seat, r.state, r.events, by, d.now), seat, by, d.now, clocked, vacations) });
  if (by === 'stand-in' && isTurnBased(d.s.row)) standInPlayed(d, seat);
  d.touch();
  d.effect({ kind: 'played', by });
  if (d.module.outcome(r.state) === null) schedule(d);
  else finish(d);
  sendGame(d, r.events, { last: true });
}

/** A bot's timer fell due: its question goes out (the seat's view, legal actions, what it has seen). */
export function ask(d: Draft, seat: Seat, key: string): void {
  const g = d.game;
  const level = botLevelFor(d.s, seat)!;
  const rng = createRng(g.rng);
  const decision = rngStateFrom(rng);
  d.setGame({ rng: rng.state() });
  d.set({ timers: { ...d.s.timers, [key]: { ...d.s.timers[key]!, asked: true } } });
  d.effect({
    kind: 'ask',
    ask: {
      seat, seq: g.seq, game: d.s.row.game, gameNo: g.no, level, view: d.module.view(g.state, seat),
      legal: d.module.legalActions(g.state, seat), seen: d.eventsFor(g.allEvents.read(), seat), rng: decision,
    },
  });
}

/**
 * A bot's answer. An answer to a question no longer asked (the game moved on, the player came
 * back) is dropped. A bot that failed, or whose choice the rules refuse, plays a random legal
 * action instead, so that no bot can stall a game.
 */
export function answer(d: Draft, seat: Seat, seq: number, action: unknown, failed: string | undefined): void {
  const key = `bot:${seat}`;
  const t = d.s.timers[key];
  const g = d.s.game;
  if (t === undefined || t.asked !== true || t.seq !== seq || g === null || g.seq !== seq || d.s.row.status !== 'running') return;
  const level = botLevelFor(d.s, seat);
  if (level === null) return;
  const timers = { ...d.s.timers };
  delete timers[key];
  d.set({ timers });
  const by: Mover = d.s.row.seats[seat]!.kind === 'bot' ? 'bot' : 'stand-in';
  if (failed !== undefined) d.log('error', 'bot failed to decide; playing a random legal action', { seat, level, err: failed });
  else {
    const before = d.mark();
    const writes = d.writes.length;
    const effects = d.effects.length;
    try {
      return play(d, seat, action, by);
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      d.restore(before);
      d.writes.length = writes;
      d.effects.length = effects;
      d.log('error', 'bot chose an illegal action; playing a random legal action', { seat, level, code: e.code });
    }
  }
  const legal = d.module.legalActions(g.state, seat);
  if (legal.length === 0) return schedule(d);
  play(d, seat, legal[Math.floor(d.float() * legal.length)], by);
}

/**
 * At a turn-based table a stand-in plays one move for a seat whose clock ran out, and the seat is
 * its player's again; after too many in a row it keeps the seat to the end, scored as having left.
 */
function standInPlayed(d: Draft, seat: Seat): void {
  if (givenUp(d.s.row, d.s.game, seat)) {
    if (d.s.away[seat] !== 'left') { d.set({ away: { ...d.s.away, [seat]: 'left' } }); broadcastTable(d); }
  } else if (d.s.away[seat] === 'timeout') {
    d.set({ away: without(d.s.away, seat) });
    broadcastTable(d);
  }
}
