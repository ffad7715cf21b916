import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { f7Scenario, flip7, runScenario } from '../src/index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const adapters = { 'flip-7': flip7 };
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

// The format's own examples, copied into the repository (scenarios.test.ts also runs ../shared's).
const examplesDir = `${root}scenarios/spec-examples/`;
const ownDir = `${root}scenarios/flip-7/`;
const ownFiles = readdirSync(ownDir).filter((f) => f.endsWith('.json')).sort();

describe('Flip 7 scenario files', () => {
  it.each(['f7-freeze-yourself.json', 'f7-refused.json'])('passes the shared example %s', (file) => {
    const r = runScenario(read(examplesDir + file), adapters, file);
    expect(r.message).toBeUndefined();
    expect(r.passed).toBe(true);
  });

  it('has at least 30 files', () => {
    expect(ownFiles.length).toBeGreaterThanOrEqual(30);
  });

  it('names every rule F7-1 … F7-16 and F7-11a in some file', () => {
    const named = new Set(ownFiles.flatMap((f) => (read(ownDir + f) as { rules?: string[] }).rules ?? []));
    const all = [...Array.from({ length: 16 }, (_, i) => `F7-${i + 1}`), 'F7-11a'];
    expect(all.filter((r) => !named.has(r))).toEqual([]);
  });

  it('fails a scenario whose expectation is wrong (the checks can fail)', () => {
    const file = read(examplesDir + 'f7-freeze-yourself.json') as { steps: { expect?: Record<string, unknown> }[] };
    file.steps[file.steps.length - 1]!.expect = { scores: [11, 4, 10] };
    expect(runScenario(file, adapters).passed).toBe(false);
  });
});

describe('Flip 7 scenario setup (spec/scenarios.md)', () => {
  const setup = (players: number, s: Record<string, unknown>, options: unknown = {}) =>
    f7Scenario.fromSetup({ players, options, seed: 'x', setup: s });

  it('refuses unknown setup keys, naming them', () => {
    const r = setup(2, { first: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('"first"');
  });

  it('refuses more copies of a card than the deck has (F7-1: one 0, two 2s, three Freezes)', () => {
    for (const s of [{ drawPile: ['0', '0'] }, { drawPile: ['2'], discardPile: ['2', '2'] }, { discardPile: ['freeze', 'freeze', 'freeze', 'freeze'] }]) {
      const r = setup(2, s);
      expect(r.ok).toBe(false);
    }
    expect(setup(2, { drawPile: ['2', '2'], discardPile: ['freeze', 'freeze', 'freeze'] }).ok).toBe(true);
  });

  it('refuses unknown card names, bad dealers and bad scores', () => {
    expect(setup(2, { drawPile: ['13'] }).ok).toBe(false);
    expect(setup(2, { dealer: 2 }).ok).toBe(false);
    expect(setup(2, { scores: [1] }).ok).toBe(false);
    expect(setup(2, { scores: [1, -1] }).ok).toBe(false);
    expect(setup(13, {}).ok).toBe(false);
    expect(setup(2, {}, { target: 150 }).ok).toBe(false);
  });

  it('places the listed top of the draw pile first and the discard pile as given', () => {
    const r = setup(3, { dealer: 0, drawPile: ['7', '8', '9', '10'], discardPile: ['12', 'x2'] });
    if (!r.ok) throw new Error(r.error.message);
    const get = (k: string) => f7Scenario.expect[k]!.get(r.value);
    expect(get('lines')).toEqual({ '1': ['7'], '2': ['8'], '0': ['9'] });
    expect(get('discardPileSize')).toBe(2);
    expect(get('drawPileSize')).toBe(94 - 2 - 3);
    const stacked = f7Scenario.stack(r.value, ['12', '0']);
    if (!stacked.ok) throw new Error(stacked.error.message);
    // '10' was on top; now '12' then '0' are above it
    expect(stacked.value.draw.slice(-3)).toEqual([10, 0, 12]);
    expect(f7Scenario.stack(r.value, ['x2']).ok).toBe(false); // it is on the discard pile
    expect(f7Scenario.stack(r.value, ['+2']).ok).toBe(true);
    expect(f7Scenario.stack(r.value, ['+2', '+2']).ok).toBe(false); // one +2 in the deck
  });
});
