/**
 * Writes the fixed exports the `parlor coach` test snapshots (packages/cli/test/fixtures/): a
 * Flip 7 game (a basic bot at seat 0 against two experts) and a Stir Fry Eighteen game (basic at
 * seat 0 against two experts), played by the bots from fixed seeds — the same files every run.
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/coach-fixture.ts
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createBot, recordGame } from '../src/index.js';

const dir = resolve(import.meta.dirname, '../../cli/test/fixtures');
for (const game of ['flip-7', 'stir-fry-eighteen'] as const) {
  const seed = `coach-fixture-${game}`;
  const exp = await recordGame(game, seed, [createBot(game, 'basic'), createBot(game, 'expert'), createBot(game, 'expert')], {}, ['Ana', 'Ben', 'Chloé']);
  const out = { ...exp, commitment: createHash('sha256').update(seed, 'utf8').digest('hex') };
  writeFileSync(resolve(dir, `coach-${game}.json`), `${JSON.stringify(out, null, 1)}\n`);
  console.log(game, exp.actions.length, 'actions');
}
