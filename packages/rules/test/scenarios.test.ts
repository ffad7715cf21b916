import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES, runScenario } from '../src/index.js';

const root = resolve(import.meta.dirname, '../../..');

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []);
}

const ours = jsonFiles(join(root, 'scenarios'));
// The format's own examples, beside the repository when shared/ is there (CI has it).
const shared = jsonFiles(resolve(root, '../shared/spec/examples'));

describe('rules scenarios', () => {
  it('has scenarios for each game', () => {
    expect(ours.filter((f) => f.includes('stir-fry-eighteen')).length).toBeGreaterThanOrEqual(40);
  });

  it.each([...ours, ...shared].map((f) => [f.slice(root.length + 1), f]))('%s', (_label, file) => {
    const r = runScenario(JSON.parse(readFileSync(file, 'utf8')), GAMES, file);
    expect(r.message ?? 'passed').toBe('passed');
    expect(r.passed).toBe(true);
  });

  it('names every Stir Fry Eighteen rule, SF-1 … SF-33, in some scenario', () => {
    const named = new Set(ours.flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')).rules ?? []) as string[]));
    const missing = Array.from({ length: 33 }, (_, i) => `SF-${i + 1}`).filter((r) => !named.has(r));
    expect(missing).toEqual([]);
  });
});
