import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { GAMES, GAME_IDS } from '@parlor/rules';
import { describe, expect, it } from 'vitest';

// The server and the protocol host whatever the rules registry holds: no game's id, name, rule
// numbers or own words (its module's `terms`: cards, moves, phases) appear in their sources, in
// code or comments. Identifiers are read word by word (tasteWindow → "taste Window").

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['server/src', 'protocol/src', 'table/src'];
/**
 * Frozen history, exempt: a migration rewrites rows as the games of its time stored them, so it
 * names those games (test/frozen-migrations.test.ts checks it reads nothing of the registry).
 */
const FROZEN_HISTORY = ['server/src/store/response-window-migration.ts'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.(ts|tsx|js|mjs)$/.test(e.name) ? [path] : [];
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A term as a pattern: words joined by any of space, dash, underscore or nothing; plurals too. */
const pattern = (term: string) => `\\b${term.trim().split(/[\s_-]+/).map(escape).join('[\\s_-]?')}(?:s|es)?\\b`;

function forbidden(): { what: string; re: RegExp }[] {
  return GAME_IDS.flatMap((id) => {
    const g = GAMES[id];
    return [
      ...[id, g.name, ...g.terms].map((t) => ({ what: `${id}: "${t}"`, re: new RegExp(pattern(t), 'gi') })),
      { what: `${id}: a rule number (${g.ruleTag}-n)`, re: new RegExp(`\\b${escape(g.ruleTag)}-\\d`, 'g') },
    ];
  });
}

/** Every forbidden word in `text`, with its line. */
function findings(file: string, text: string): string[] {
  const words = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  const at = new Map<number, string>(); // one finding per place, however many terms match it
  for (const { what, re } of forbidden()) {
    for (const m of words.matchAll(re)) {
      const line = words.slice(0, m.index).split('\n').length;
      if (!at.has(m.index)) at.set(m.index, `${file}:${line}: ${what} (${JSON.stringify(m[0])})`);
    }
  }
  return [...at.values()];
}

describe('the server, the protocol and the table core name no game', () => {
  it('finds a game word when there is one (the check itself works)', () => {
    expect(findings('x.ts', 'const tasteWindow = 8; // SF-14')).toHaveLength(2);
    expect(findings('x.ts', '/* a Flip Three */')).toHaveLength(1);
    expect(findings('x.ts', 'const flip7 = 1;')).toHaveLength(1);
    expect(findings('x.ts', 'const deadline = Date.now(); // the seat asked, a card, a turn')).toEqual([]);
  });

  for (const folder of FOLDERS) {
    it(`packages/${folder} has no game id, name, rule number or game term`, () => {
      const files = sources(join(ROOT, folder)).filter((f) => !FROZEN_HISTORY.some((h) => f === join(ROOT, h)));
      expect(files.length).toBeGreaterThan(0);
      const found = files.flatMap((f) => findings(relative(ROOT, f), readFileSync(f, 'utf8')));
      expect(found).toEqual([]);
    });
  }
});
