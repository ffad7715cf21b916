import type { Mover } from '@parlor/protocol';
import { type GameEvent, type Seat, seedRng } from '@parlor/rules';
import { Log } from './log.js';
import type { GameState } from './state.js';

/** A game from its opening position (`opening`: the events of its forced first moves). */
export function newGame(o: { no: number; seed: string; commitment: string; state: unknown; opening: readonly GameEvent[]; at: number; banks?: readonly number[] }): GameState {
  return {
    no: o.no, seed: o.seed, commitment: o.commitment, state: o.state, seq: 0, lastEvents: [], allEvents: Log.of(o.opening),
    moves: Log.of([{ seat: null, by: null, events: o.opening.length }]), lastBy: null, lastSeat: null, waitingSince: o.at, stats: null,
    rng: seedRng(`${o.seed}/bots`), deadline: null, windowOpened: null, windowEnds: null,
    banks: o.banks ?? [], standInMoves: (o.banks ?? []).map(() => 0),
  };
}

/** The game after one applied action: its state, its events in the record, who moved and since when it waits. */
export function advance(g: GameState, seat: Seat, state: unknown, events: readonly GameEvent[], by: Mover | null, at: number): GameState {
  return {
    ...g, state, seq: g.seq + 1, lastEvents: events, lastBy: by, lastSeat: seat, waitingSince: at,
    allEvents: g.allEvents.append(events), moves: g.moves.append([{ seat, by, events: events.length }]),
  };
}
