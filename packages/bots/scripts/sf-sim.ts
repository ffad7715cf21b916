/**
 * Measures the Stir Fry Eighteen bots: win rates (with 95% CIs) and the expert's decision time.
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/sf-sim.ts [games] [which] [options-json]
 * which: "4p" (expert vs 3 basics), "2p" (expert vs basic), "time" (decision times), or "all" (default).
 */
import { sfBasicBot, sfExpertBot } from '../src/index.js';
import { type Measured, commandLine, timing, winRates } from './measure.js';

const sf: Measured = { game: 'stir-fry-eighteen', short: 'sf', expert: sfExpertBot, basic: sfBasicBot, maxPlayers: 5, maxActions: 5000 };
const { games, which, options } = commandLine();
if (which === '4p' || which === 'all') await winRates(sf, ['expert', 'basic', 'basic', 'basic'], 'expert vs 3 basics (4 players)', games, options);
if (which === '2p' || which === 'all') await winRates(sf, ['expert', 'basic'], 'expert vs basic (heads-up)', games, options);
if (which === 'time' || which === 'all') await timing(sf, Math.max(20, Math.floor(games / 25)), options);
