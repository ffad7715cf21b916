/**
 * One arena pairing wave: the players waiting for a table, made into tables.
 *
 * - Who sits: as many whole tables of the wanted size as the waiting players fill, the players who
 *   have waited longest first (then by id). The rest wait for the next wave, unless one of them has
 *   waited `maxWaitMs` or more: then the wave seats as many as tables of [minimum, size] can hold,
 *   in tables as even and as large as that count allows (13 waiting at tables of 4, one of them
 *   overdue: 4 + 3 + 3 + 3), and fewer than a full table sit down to the game's minimum.
 * - Who sits with whom: the seated players ranked by points (then id), neighbours together, and
 *   no two players who sat at the same table in their previous game together again while others
 *   can take the seat (group-tables.ts), so nobody meets the same opponents twice in a row when
 *   others wait. Should a table still give one of its players only opponents from their previous
 *   game (too few others among the seated), a player still waiting takes one of its seats when that
 *   puts a new face at the table, and the player whose seat it was waits for the next wave.
 * Pure and deterministic: the same players, in any order, give the same tables.
 */
import { type Clash, groupIntoTables } from './group-tables.js';
import { largestSeating } from './table-sizes.js';

export interface WaitingPlayer {
  readonly id: string;
  readonly points: number;
  /** When the player started waiting (ms, the director's clock). */
  readonly waitingSince: number;
  /** The other players of the player's previous game in this arena (none before the first). */
  readonly lastOpponents: readonly string[];
}

export interface ArenaWave {
  readonly waiting: readonly WaitingPlayer[];
  /** The tournament's table size. */
  readonly size: number;
  /** The game's minimum number of players. */
  readonly minimum: number;
  readonly now: number;
  /** How long a player waits for a full table before a smaller one will do. */
  readonly maxWaitMs: number;
}

export interface ArenaWaveResult {
  /** Each table's player ids, the best-ranked table first. */
  readonly tables: string[][];
  /** Who still waits, longest waiting first. */
  readonly waiting: string[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Players who sat together in their previous game clash (either one's list is enough). */
function lastGameClash(last: ReadonlyMap<string, ReadonlySet<string>>): Clash {
  return (a, b) => (last.get(a)?.has(b) === true || last.get(b)?.has(a) === true ? 1 : 0);
}

/** The table sizes of this wave, for `byWait` (longest waiting first). */
function waveSizes(byWait: readonly WaitingPlayer[], wave: ArenaWave): number[] {
  const { size, minimum, now, maxWaitMs } = wave;
  const full = Math.floor(byWait.length / size);
  const left = byWait.slice(full * size);
  const overdue = left.some((p) => now - p.waitingSince >= maxWaitMs);
  if (!overdue) return Array.from({ length: full }, () => size);
  return largestSeating(byWait.length, size, minimum);
}

/** Whether anyone at `table` would meet only opponents of their previous game. */
export function hasRepeat(table: readonly string[], last: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  return table.some((p) => {
    const before = last.get(p);
    return before !== undefined && before.size > 0 && table.every((o) => o === p || before.has(o));
  });
}

/** Gives a repeating table a new face from `bench` (longest waiting first) where one helps; the bench is updated. */
function breakRepeats(tables: string[][], bench: string[], last: ReadonlyMap<string, ReadonlySet<string>>): void {
  for (const table of tables) {
    if (!hasRepeat(table, last)) continue;
    swap: for (let b = 0; b < bench.length; b++) {
      for (let s = table.length - 1; s >= 0; s--) {
        const trial = table.map((p, i) => (i === s ? bench[b]! : p));
        if (hasRepeat(trial, last)) continue;
        [table[s], bench[b]] = [bench[b]!, table[s]!];
        break swap;
      }
    }
  }
}

export function pairArenaWave(wave: ArenaWave): ArenaWaveResult {
  const byWait = [...wave.waiting].sort((a, b) => a.waitingSince - b.waitingSince || byId(a, b));
  const sizes = waveSizes(byWait, wave);
  const seatedCount = sizes.reduce((a, b) => a + b, 0);
  const seated = byWait.slice(0, seatedCount).sort((a, b) => b.points - a.points || byId(a, b));
  const last = new Map(byWait.map((p) => [p.id, new Set(p.lastOpponents)] as const));
  const tables = groupIntoTables(seated.map((p) => p.id), sizes, lastGameClash(last));
  const bench = byWait.slice(seatedCount).map((p) => p.id);
  breakRepeats(tables, bench, last);
  const order = new Map(byWait.map((p, i) => [p.id, i]));
  return { tables, waiting: bench.sort((a, b) => order.get(a)! - order.get(b)!) };
}
