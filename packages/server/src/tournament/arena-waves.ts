/** An arena's clock: waves of pairing while it runs (repeats held back a while, bots where allowed), its end. */
import { gameModule } from '@parlor/rules';
import { hasRepeat, pairArenaWave } from './arena-pairing.js';
import { ARENA_MAX_WAIT_MS, ARENA_REPEAT_WAIT_MS, FILL_BOT_LEVEL, type Sitter, type TournamentState, type TournamentStep, arenaEnd } from './state.js';
import { asPlayers, endIfDone, kept, merge, seat } from './steps.js';

export function arenaTick(state: TournamentState, now: number): TournamentStep {
  const s = state.settings;
  const end = arenaEnd(s)!;
  if (now >= end) {
    // Pairing has stopped: nobody waits any more; the games under way finish and count.
    const waiting = [...state.entrants.values()].filter((e) => e.waitingSince !== null);
    const cleared = waiting.length === 0 ? state
      : { ...state, entrants: new Map([...state.entrants, ...waiting.map((e) => [e.id, { ...e, waitingSince: null }] as const)]) };
    return merge({ state: cleared, effects: [], refusal: null, changed: cleared !== state }, endIfDone(cleared, now));
  }
  const minimum = gameModule(s.game).minPlayers;
  const waiting = [...state.entrants.values()].filter((e) => e.active && e.tableId === null && e.waitingSince !== null);
  if (waiting.length === 0) return kept(state);
  const wave = pairArenaWave({
    waiting: waiting.map((e) => ({ id: e.id, points: e.points, waitingSince: e.waitingSince!, lastOpponents: e.lastOpponents })),
    size: s.seats, minimum, now, maxWaitMs: ARENA_MAX_WAIT_MS,
  });
  // Players who would only meet their last opponents again wait a little for others to finish.
  const last = new Map(waiting.map((e) => [e.id, new Set(e.lastOpponents)] as const));
  const fresh = wave.tables.filter((t) => !hasRepeat(t, last) || t.some((id) => now - state.entrants.get(id)!.waitingSince! >= ARENA_REPEAT_WAIT_MS));
  const tables = fresh.map(asPlayers);
  if (s.fillWithBots) {
    // Too few people wait to fill a table: those who have waited long enough play with bots.
    const overdue = wave.waiting.filter((id) => now - state.entrants.get(id)!.waitingSince! >= ARENA_MAX_WAIT_MS);
    const chunk = Math.max(1, s.seats - 1);
    for (let i = 0; i < overdue.length; i += chunk) {
      const people = asPlayers(overdue.slice(i, i + chunk));
      tables.push([...people, ...Array.from({ length: s.seats - people.length }, (): Sitter => ({ kind: 'bot', level: FILL_BOT_LEVEL }))]);
    }
  }
  return seat(state, tables, 0, now);
}

