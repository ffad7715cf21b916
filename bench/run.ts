/**
 * `npm run bench`: every benchmark, printing figures. Engines are measured from their compiled
 * output (`npm run bench` builds first), as they run in production.
 */
import { benchBots } from './bots.js';
import { benchCoach } from './coach.js';
import { benchFlip7 } from './flip-7.js';
import { benchStirFryEighteen } from './stir-fry-eighteen.js';
import { benchTournament } from './tournament.js';
import { benchWeb } from './web.js';

console.log(`Parlor benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
await benchStirFryEighteen();
console.log(`\nFlip 7 — random legal play through playGame, 4 players, one core, ${process.env.BENCH_SECONDS ?? 2} s per figure`);
await benchFlip7();
await benchBots();
await benchCoach();
await benchTournament();
await benchWeb();
