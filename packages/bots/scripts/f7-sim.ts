/**
 * Measures the Flip 7 bots: win rates (with 95% CIs) and the expert's decision time.
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/f7-sim.ts [games] [which] [options-json]
 * which: "2p" (expert vs basic), "4p" (expert vs 3 basics), "time" (decision times), or "all" (default).
 */
import { f7BasicBot, f7ExpertBot } from '../src/index.js';
import { type Measured, commandLine, timing, winRates } from './measure.js';

const f7: Measured = { game: 'flip-7', short: 'f7', expert: f7ExpertBot, basic: f7BasicBot, maxPlayers: 12, maxActions: 20000 };
const { games, which, options } = commandLine();
if (which === 'all' || which === '2p') await winRates(f7, ['expert', 'basic'], 'heads-up expert vs basic', games, options);
if (which === 'all' || which === '4p') await winRates(f7, ['expert', 'basic', 'basic', 'basic'], '4 players expert vs 3 basics', which === 'all' ? Math.round(games / 2) : games, options);
if (which === 'all' || which === 'time') await timing(f7, Math.max(50, Math.round(games / 50)), options);
