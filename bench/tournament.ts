/**
 * Tournament pairing: the CPU time (process.cpuUsage, user + system) to pair one arena wave of
 * 1,000 waiting players and one Swiss round of 1,000 players, tables of 4 (minimum 3), median of
 * BENCH_TOURNAMENT_RUNS runs (default 9) after one warm-up. The players are drawn from a fixed
 * seed: arena points spread 0–60 and everyone coming from a previous table of 4; the Swiss round is
 * the sixth, after five rounds paired by the same code, so each player has met up to 15 others.
 * The pairing code is pure and runs in the process that directs the tournament, so it is measured
 * from its TypeScript sources as tsx compiles them. Aim: under 50 ms each.
 */
import { type SwissPlayer, type WaitingPlayer, hasRepeat, pairArenaWave, pairSwissRound } from '../packages/server/src/tournament/index.js';

const RUNS = Number(process.env.BENCH_TOURNAMENT_RUNS ?? 9);
const PLAYERS = 1000;
const AIM_MS = 50;

/** A small deterministic generator (mulberry32), so every run pairs the same players. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ids = Array.from({ length: PLAYERS }, (_, i) => `player-${String(i).padStart(4, '0')}`);

function arenaWaiting(): WaitingPlayer[] {
  const r = random(2026);
  const shuffled = ids.map((id) => ({ id, key: r() })).sort((a, b) => a.key - b.key).map((x) => x.id);
  return shuffled.map((id, i) => {
    const g = Math.floor(i / 4) * 4;
    return { id, points: Math.floor(r() * 61), waitingSince: Math.floor(r() * 20_000), lastOpponents: shuffled.slice(g, g + 4).filter((o) => o !== id) };
  });
}

function swissPlayers(): SwissPlayer[] {
  const r = random(1201);
  let players: SwissPlayer[] = ids.map((id) => ({ id, score: 0, rating: Math.floor(r() * 2000), met: [], hadBye: false }));
  for (let round = 0; round < 5; round++) {
    const tableOf = new Map(pairSwissRound({ players, size: 4, minimum: 3 }).tables.flatMap((t) => t.map((id) => [id, t] as const)));
    players = players.map((p) => ({ ...p, score: p.score + Math.floor(r() * 4) / 3, met: [...p.met, ...(tableOf.get(p.id) ?? []).filter((o) => o !== p.id)] }));
  }
  return players;
}

/** The median CPU milliseconds of `RUNS` calls of `f`, after one warm-up call. */
function medianCpuMs(f: () => unknown): number {
  f();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    f();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function benchTournament(): Promise<void> {
  console.log(`\nTournament pairing — ${PLAYERS} players, tables of 4, CPU time, median of ${RUNS} runs, one core (aim: under ${AIM_MS} ms each)`);
  const waiting = arenaWaiting();
  const players = swissPlayers();
  const wave = { waiting, size: 4, minimum: 3, now: 30_000, maxWaitMs: 15_000 };
  const arena = pairArenaWave(wave);
  const swiss = pairSwissRound({ players, size: 4, minimum: 3 });
  const met = new Map(players.map((p) => [p.id, new Set(p.met)]));
  const repeats = swiss.tables.reduce((n, t) => n + t.filter((a) => t.some((b) => met.get(a)!.has(b))).length, 0);
  const last = new Map(waiting.map((p) => [p.id, new Set(p.lastOpponents)]));
  const arenaRepeats = arena.tables.filter((t) => hasRepeat(t, last)).length;
  const arenaMs = medianCpuMs(() => pairArenaWave(wave));
  const swissMs = medianCpuMs(() => pairSwissRound({ players, size: 4, minimum: 3 }));
  console.log(`  arena wave   ${arenaMs.toFixed(2).padStart(7)} ms  ${arena.tables.length} tables, ${arena.waiting.length} still waiting, ${arenaRepeats} tables repeating someone's last opponents`);
  console.log(`  Swiss round  ${swissMs.toFixed(2).padStart(7)} ms  ${swiss.tables.length} tables, round 6, ${repeats} players meeting someone again`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTournament();
