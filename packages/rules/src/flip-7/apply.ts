import { refuse, type Refused } from '../core/error.js';
import type { Applied, Seat } from '../core/game.js';
import { F7_SECOND_CHANCE, f7CardName } from './cards.js';
import type { F7Event, F7EventSink } from './events.js';
import { give, mayReceive } from './give.js';
import type { F7Action } from './legal-actions.js';
import { hit, runForced, stay } from './play.js';
import { f7CloneState, type F7State } from './state.js';

/** Internal action codes: hit, stay, give to seat (code − GIVE). */
const HIT = 0;
const STAY = 1;
const GIVE = 2;

/** The shape of an untrusted action, as a code, or why it is malformed. */
function malformed(why: string): Refused {
  return refuse('MALFORMED_ACTION', `Malformed action: ${why}. Expected {"type":"hit"}, {"type":"stay"} or {"type":"give","to":<seat>}.`);
}

function parseAction(s: F7State, raw: unknown): number | Refused {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return malformed('not an object');
  const rec = raw as Record<string, unknown>;
  const keys = Object.keys(rec);
  const type = rec['type'];
  if (type === 'hit' || type === 'stay') {
    if (keys.length !== 1) return malformed(`"${type}" takes no other field`);
    return type === 'hit' ? HIT : STAY;
  }
  if (type === 'give') {
    if (keys.length !== 2 || !('to' in rec)) return malformed('"give" takes exactly the field "to"');
    const to = rec['to'];
    if (typeof to !== 'number' || !Number.isInteger(to) || to < 0 || to >= s.players) {
      return malformed(`"to" must be a seat number from 0 to ${s.players - 1}`);
    }
    return GIVE + to;
  }
  return malformed(typeof type === 'string' ? `unknown type "${type}"` : 'missing "type"');
}

/**
 * Validates an untrusted action for `seat` without touching the state: the action's code, or the
 * refusal (GAME_OVER, MALFORMED_ACTION, NOT_YOUR_TURN, ILLEGAL_ACTION), each naming its rule.
 */
export function f7Check(s: F7State, seat: Seat, raw: unknown): number | Refused {
  if (s.phase === 'over') return refuse('GAME_OVER', 'The game is over.', 'F7-15');
  const code = parseAction(s, raw);
  if (typeof code !== 'number') return code;
  if (seat !== s.asker) {
    return refuse('NOT_YOUR_TURN', `It is player ${s.asker}'s turn to ${s.ask === 'give' ? 'give a card' : 'hit or stay'}, not player ${String(seat)}'s.`,
      s.ask === 'give' ? 'F7-8' : 'F7-5');
  }
  const line = s.lines[seat]!;
  if (code === STAY && line.length === 0) {
    return refuse('ILLEGAL_ACTION', 'You cannot stay with nothing in front of you.', 'F7-5');
  }
  if (s.ask === 'choice') {
    if (code >= GIVE) return refuse('ILLEGAL_ACTION', 'There is no card for you to give: hit or stay.', 'F7-8');
    return code;
  }
  // 'give'
  const card = f7CardName(s.card);
  if (code < GIVE) return refuse('ILLEGAL_ACTION', `You must first choose who receives the ${card} card.`, s.direct === 1 ? 'F7-8' : 'F7-10');
  const to = code - GIVE;
  if (s.status[to] !== 'active') {
    return refuse('ILLEGAL_ACTION', `Player ${to} is out of the round; only an active player may receive the ${card} card.`, 'F7-8');
  }
  if (s.card === F7_SECOND_CHANCE && !mayReceive(s, s.card, to)) {
    return refuse('ILLEGAL_ACTION', `Player ${to} already holds a Second Chance; a player may hold only one.`, 'F7-11');
  }
  return code;
}

/** Plays a validated action code in place, then every forced move that follows. */
function play(s: F7State, seat: Seat, code: number, ev: F7EventSink): void {
  if (code === HIT) hit(s, seat, ev);
  else if (code === STAY) stay(s, seat, ev);
  else give(s, code - GIVE, ev);
  runForced(s, ev);
}

/** The Game contract's `apply`: pure (validates first, then plays on a copy). */
export function f7Apply(s: F7State, seat: Seat, action: unknown): Applied<F7State, F7Event> | Refused {
  const code = f7Check(s, seat, action);
  if (typeof code !== 'number') return code;
  const next = f7CloneState(s);
  const events: F7Event[] = [];
  play(next, seat, code, events);
  return { ok: true, state: next, events };
}

/**
 * For search and simulation: plays `action` on `state` itself (no copy, no validation) and the
 * forced moves after it. `action` MUST be one of `f7LegalActions(state, seat)` (or
 * `f7LegalActionAt`); anything else may corrupt the state. Events are collected only when a list
 * is passed. Copy first with `f7CloneState` to keep the original.
 */
export function f7ApplyInPlace(state: F7State, seat: Seat, action: F7Action, events?: F7Event[]): void {
  const code = action.type === 'hit' ? HIT : action.type === 'stay' ? STAY : GIVE + action.to;
  play(state, seat, code, events === undefined ? null : events);
}
