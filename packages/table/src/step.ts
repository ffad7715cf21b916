import { Draft, Refused } from './draft.js';
import type { Step } from './effect.js';
import type { TableInput } from './input.js';
import { act, answer } from './play.js';
import { load, person, sweep, unwatch, watch } from './presence.js';
import { addBot, back, leave, removeBot, replace, sit, standIns } from './seats.js';
import { start } from './start.js';
import type { TableState } from './state.js';
import { fire } from './timers.js';

/**
 * A table's whole life as one pure function: the state and an input in, the new state and what to
 * do about it out — the writes to store first (all of them, in order), then the effects (messages,
 * timers, questions to bots). `now` is the time of the input (ms since the epoch); nothing here
 * reads a clock, draws randomness or does I/O. A refused input comes back with its refusal, no
 * writes, and the game as it was.
 */
export function step(state: TableState, input: TableInput, now: number): Step {
  const d = new Draft(state, now);
  try {
    apply(d, input);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    const refusal = { code: e.code, message: e.message };
    return d.kept ? { state: d.s, writes: [], effects: d.effects, refusal } : { state, writes: [], effects: [], refusal };
  }
  return { state: d.s, writes: d.writes, effects: d.effects, refusal: null };
}

function apply(d: Draft, input: TableInput): void {
  if ('person' in input && input.person !== undefined && input.type !== 'person') {
    d.set({ people: { ...d.s.people, [input.player]: input.person } });
  }
  switch (input.type) {
    case 'watch': return watch(d, input.watcher, input.player, input.re);
    case 'unwatch': return unwatch(d, input.watcher);
    case 'sit': {
      sit(d, input.player, input.seat);
      if (input.watcher !== undefined) d.set({ watchers: { ...d.s.watchers, [input.watcher]: input.player } });
      return;
    }
    case 'leave': return leave(d, input.player, input.seat);
    case 'back': return back(d, input.player, input.seat);
    case 'replace': return replace(d, input.player, input.seat);
    case 'bot.add': return addBot(d, input.player, input.seat, input.level);
    case 'bot.remove': return removeBot(d, input.player, input.seat);
    case 'start': return start(d, input.player, input.seed);
    case 'act': return act(d, input.player, input.seat, input.seq, input.action);
    case 'person': return person(d, input.player, input.person, input.tell === true);
    case 'timer': return fire(d, input.key);
    case 'bot': return answer(d, input.seat, input.seq, input.action, input.failed);
    case 'stand-ins': return standIns(d);
    case 'sweep': return sweep(d);
    case 'load': return load(d);
  }
}
