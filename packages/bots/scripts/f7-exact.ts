/**
 * The best expected score of one Flip 7 round played alone from an empty line on the full 94-card
 * deck (F7-1), solved exactly by f7SolveRound (canonical states, solver.ts header) — the figure
 * published as 20.30. One solve of 238 180 774 states,
 * values only, in a table sized once:
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/f7-exact.ts [slots]
 * `slots` (default 380 000 000) sets the table: 16 bytes each, so about 6.1 GB by default; the solve
 * stops with a RangeError rather than grow past it. On the shared 2-core machine (2026-11-30), with
 * 360 000 000 slots: 20.297577 points, 238 180 774 states, about 16 minutes of CPU, 5.7 GB resident
 * (docs/bots-flip-7.md).
 */
import { F7_FULL_PILE, f7SolveRound } from '../src/index.js';

const slots = Number(process.argv[2] ?? 380_000_000);
const t = performance.now();
const r = f7SolveRound({ numbers: [] }, F7_FULL_PILE, { valueOnly: true, capacity: slots, maxCapacity: slots });
const s = (performance.now() - t) / 1000;
console.log(`exact  full 94-card deck, empty line: ${r.value.toFixed(6)} points (${r.states} states in ${slots} slots, ${s.toFixed(0)} s, peak RSS ${(process.memoryUsage().rss / 2 ** 30).toFixed(1)} GiB)`);
