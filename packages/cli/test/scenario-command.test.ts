import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { scenarioCommand } from '../src/commands/scenario.js';

const root = resolve(import.meta.dirname, '../../..');
const pass = {
  name: 'pork and mushroom', game: 'stir-fry-eighteen', players: 2,
  setup: { hands: [['noodles', 'pork', 'ginger'], ['noodles', 'soy-sauce', 'soy-sauce']], drawPile: ['mushroom'] },
  steps: [{ act: { player: 0, action: { type: 'cook', cards: ['noodles', 'pork', 'mushroom'] } } }, { expect: { scores: [11, 0] } }],
};
const failing = { ...pass, name: 'wrong sum', steps: [pass.steps[0], { expect: { scores: [99, 0] } }] };

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-scenarios-'));
  mkdirSync(join(dir, 'nested'));
  writeFileSync(join(dir, 'a-pass.json'), JSON.stringify(pass));
  writeFileSync(join(dir, 'nested', 'b-fail.json'), JSON.stringify(failing));
  writeFileSync(join(dir, 'c-broken.json'), '{ "name": "broken", ');
  writeFileSync(join(dir, 'notes.txt'), 'not a scenario');
  return dir;
}

describe('parlor scenario', () => {
  it('prints a line per scenario and the closing count, and exits 1 on a failure', async () => {
    const lines: string[] = [];
    const code = await scenarioCommand([folder()], (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines[0]).toBe('PASS pork and mushroom');
    expect(lines[1]).toMatch(/^FAIL .*c-broken\.json: malformed scenario: not valid JSON/);
    expect(lines[2]).toBe('FAIL wrong sum: step 2: scores: expected [99,0], got [11,0]');
    expect(lines.at(-1)).toBe('1 passed, 2 failed');
    expect(lines).toHaveLength(4);
  });

  it('exits 0 when everything passes, and reports a missing path as a failure', async () => {
    const dir = folder();
    const ok: string[] = [];
    expect(await scenarioCommand([join(dir, 'a-pass.json')], (l) => ok.push(l))).toBe(0);
    expect(ok).toEqual(['PASS pork and mushroom', '1 passed, 0 failed']);
    const missing: string[] = [];
    expect(await scenarioCommand([join(dir, 'nope')], (l) => missing.push(l))).toBe(1);
    expect(missing.at(-1)).toBe('0 passed, 1 failed');
  });

  it('runs from the installed bin (npx parlor) with the right exit status', async () => {
    const bin = join(root, 'packages/cli/bin/parlor.js');
    const ok = await promisify(execFile)(process.execPath, [bin, 'scenario', join(root, 'scenarios/spec-examples')]);
    expect(ok.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    const bad = await promisify(execFile)(process.execPath, [bin, 'scenario', folder()]).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect('code' in bad && bad.code).toBe(1);
    expect(bad.stdout.trim().split('\n').at(-1)).toBe('1 passed, 2 failed');
    expect(bad.stderr).toBe('');
  });
});
