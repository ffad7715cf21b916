/**
 * `replay` folds a log into positions for every registered game: random games played through the
 * driver, their actions recorded, fold back to the same states and the same events; a log that is
 * misnumbered, has an action without a seat or one the rules refuse stops there, with the
 * positions up to it and a problem value; a refused setup gives only the problem.
 */
import { describe, expect, it } from 'vitest';
import {
  type AnyGame, GAME_IDS, type GameEvent, type LoggedAction, type ReplayItem, type ReplayPosition, type Rng, type Seat, type SetupInput,
  gameModule, playGame, replay,
} from '../src/index.js';

interface Played {
  readonly setup: SetupInput;
  /** The log as an export carries it (through JSON). */
  readonly log: { seq: number; seat: Seat; action: unknown }[];
  /** The state after each action, the opening first. */
  readonly states: unknown[];
  /** The events of the opening, then of each action (every audience). */
  readonly events: (readonly GameEvent[])[];
}

const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

async function play(game: AnyGame, players: number, seed: string): Promise<Played> {
  const setup = { players, seed };
  const started = game.start(setup);
  if (!started.ok) throw new Error(started.error.message);
  const log: Played['log'] = [];
  const states: unknown[] = [started.value.state];
  const events: (readonly GameEvent[])[] = [started.value.events];
  const agents = Array.from({ length: players }, () => ({ blind: true, decide: (_v: unknown, legal: readonly unknown[], r: Rng) => r.pick(legal) }));
  const result = await playGame({
    game, seed, start: { state: started.value.state, events: started.value.events }, agents,
    onAction: ({ seat, action, events: e, after }) => {
      log.push({ seq: log.length, seat, action });
      states.push(after);
      events.push(e);
    },
  });
  expect(result.outcome, 'the random game ends').not.toBeNull();
  return { setup, log: plain(log), states, events };
}

function collect<S, E extends GameEvent, L>(items: Iterable<ReplayItem<S, E, L>>) {
  const positions: ReplayPosition<S, E, L>[] = [];
  for (const item of items) {
    if (!item.ok) return { positions, error: item.error };
    positions.push(item);
  }
  return { positions, error: null };
}

const CASES = GAME_IDS.flatMap((id) => {
  const game = gameModule(id);
  return [game.minPlayers, game.maxPlayers].map((players, i) => ({ id, game, players, seed: `replay-${id}-${i}` }));
});

describe('replay: a log folded into positions', () => {
  for (const { id, game, players, seed } of CASES) {
    it(`${id}, ${players} players: the recorded game folds back to the same states and events`, async () => {
      const played = await play(game, players, seed);
      const { positions, error } = collect(replay(game, played.setup, played.log));
      expect(error).toBeNull();
      expect(positions.map((p) => p.n)).toEqual(played.states.map((_, k) => k));
      expect(plain(positions.map((p) => p.state))).toEqual(plain(played.states));
      expect(positions.map((p) => p.events)).toEqual(played.events);
      expect(positions[0]).toMatchObject({ seat: null, action: null, entry: null });
      positions.slice(1).forEach((p, i) => {
        expect(p.seat).toBe(played.log[i]!.seat);
        expect(p.action).toEqual(played.log[i]!.action);
        expect(p.entry).toBe(played.log[i]);
      });
      expect(game.outcome(positions.at(-1)!.state)).toEqual(game.outcome(played.states.at(-1)));
      // By id, the same positions.
      const byId = collect(replay(id, played.setup, played.log));
      expect(plain(byId.positions.map((p) => p.state))).toEqual(plain(played.states));
    });
  }

  for (const { id, game, players, seed } of CASES.filter((_, i) => i % 2 === 0)) {
    it(`${id}: a misnumbered, a seatless and a refused action each stop the fold there, with the positions before`, async () => {
      const played = await play(game, players, seed);
      const k = Math.min(3, played.log.length - 1);
      const at = (change: (a: Played['log'][number]) => LoggedAction): LoggedAction[] => played.log.map((a, i) => (i === k ? change(a) : a));

      const misnumbered = collect(replay(game, played.setup, at((a) => ({ ...a, seq: 99 }))));
      expect(misnumbered.error).toEqual({ code: 'MISNUMBERED', message: `action ${k} is numbered 99`, index: k });
      expect(misnumbered.positions).toHaveLength(k + 1);

      const seatless = collect(replay(game, played.setup, at((a) => ({ seq: a.seq, action: a.action }))));
      expect(seatless.error).toEqual({ code: 'NO_SEAT', message: `action ${k} has no seat`, index: k });
      expect(seatless.positions).toHaveLength(k + 1);

      const bad = { type: 'not-a-move' };
      const refused = collect(replay(game, played.setup, at((a) => ({ ...a, action: bad }))));
      const own = game.apply(played.states[k], played.log[k]!.seat, bad);
      if (own.ok) throw new Error('the rules accepted a made-up move');
      expect(refused.error).toEqual({ ...own.error, index: k });
      expect(refused.error?.code).toBe('MALFORMED_ACTION');
      expect(plain(refused.positions.map((p) => p.state))).toEqual(plain(played.states.slice(0, k + 1)));
    });
  }

  for (const id of GAME_IDS) {
    it(`${id}: a refused setup gives the rules' refusal and no position`, () => {
      const game = gameModule(id);
      const { positions, error } = collect(replay(game, { players: game.maxPlayers + 1, seed: 'too many' }, []));
      expect(positions).toEqual([]);
      expect(error).toMatchObject({ code: 'BAD_PLAYERS', index: null });
    });
  }

  it('is lazy: each position is yielded before the rest of the log is read', async () => {
    const id = GAME_IDS[0];
    const game = gameModule(id);
    const played = await play(game, game.minPlayers, 'replay-lazy');
    let read = 0;
    function* log() {
      for (const a of played.log) { read++; yield a; }
    }
    const items = replay(game, played.setup, log());
    items.next();
    expect(read).toBe(0);
    items.next();
    items.next();
    expect(read).toBe(2);
  });
});
