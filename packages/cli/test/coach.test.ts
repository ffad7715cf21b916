import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coachCommand } from '../src/commands/coach.js';

// Fixed exports of bot games (packages/bots/scripts/coach-fixture.ts writes them; both pass parlor verify).
const fixture = (game: string) => resolve(import.meta.dirname, `fixtures/coach-${game}.json`);

async function run(path: string, seat: string): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [], err: string[] = [];
  const code = await coachCommand(path, seat, (l) => out.push(l), (l) => err.push(l));
  return { code, out, err };
}

describe('parlor coach', () => {
  it('prints every decision of the seat and a closing one-line summary, the same every run (Flip 7)', async () => {
    const r = await run(fixture('flip-7'), '0');
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    expect(r.out.at(-1)).toMatch(/^Summary: \d+ decisions? analysed, \d+ flagged/);
    await expect(`${r.out.join('\n')}\n`).toMatchFileSnapshot('fixtures/coach-flip-7.seat0.txt');
  }, 120_000);

  it('the same for Stir Fry Eighteen', async () => {
    const r = await run(fixture('stir-fry-eighteen'), '0');
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toMatch(/^Summary: /);
    await expect(`${r.out.join('\n')}\n`).toMatchFileSnapshot('fixtures/coach-stir-fry-eighteen.seat0.txt');
  }, 60_000);

  it('refuses a seat that is not in the game, a seat that is not a number, and a file that is not an export', async () => {
    const noSeat = await run(fixture('stir-fry-eighteen'), '7');
    expect(noSeat.code).toBe(1);
    expect(noSeat.err).toEqual(['parlor coach: no seat 7 in this game: seats are 0 to 2']);
    const word = await run(fixture('stir-fry-eighteen'), 'two');
    expect(word.code).toBe(2);
    expect(word.err[0]).toMatch(/--seat must be a seat number/);
    const dir = mkdtempSync(join(tmpdir(), 'parlor-coach-'));
    writeFileSync(join(dir, 'bad.json'), '{"hello": 1}');
    writeFileSync(join(dir, 'broken.json'), '{"format": ');
    expect((await run(join(dir, 'bad.json'), '0')).err).toEqual(['parlor coach: not a Parlor game export (format "parlor-game" with players, seed and actions)']);
    const broken = await run(join(dir, 'broken.json'), '0');
    expect(broken.code).toBe(1);
    expect(broken.err[0]).toMatch(/^parlor coach: cannot read .*broken\.json: /);
    expect((await run(join(dir, 'missing.json'), '0')).code).toBe(1);
  });

  it('refuses an export that does not replay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlor-coach-'));
    const exp = JSON.parse(await import('node:fs/promises').then((f) => f.readFile(fixture('flip-7'), 'utf8'))) as { actions: unknown[] };
    writeFileSync(join(dir, 'cut.json'), JSON.stringify({ ...exp, actions: exp.actions.slice(0, 5) }));
    const r = await run(join(dir, 'cut.json'), '0');
    expect(r.code).toBe(1);
    expect(r.err).toEqual(['parlor coach: the game is not over after the last action: the coach needs a finished game']);
  });
});
