import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withResponseWindow } from '../src/store/response-window-migration.js';

// Migrations are frozen history: a migration gives the same result forever, whatever games,
// options or defaults the code has later. So no migration, nor anything it imports, reads the
// games registry or anything built from it (the rules, the bots, the protocol).

const ROOT = resolve(import.meta.dirname, '../../..');
const STORE = join(ROOT, 'packages/server/src/store');
/** Packages a migration must not import: the registry and what derives from it. */
const LIVE_PACKAGES = /^@parlor\//;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier of a file's static imports and re-exports (type-only ones too). */
const specifiers = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\s+(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

/** The packages a file imports, itself or through the relative imports it follows, with the file that imports each. */
function packagesReached(file: string): { pkg: string; from: string }[] {
  const seen = new Set<string>();
  const found: { pkg: string; from: string }[] = [];
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const spec of specifiers(readFileSync(f, 'utf8'))) {
      if (!spec.startsWith('.')) {
        found.push({ pkg: spec, from: relative(ROOT, f) });
        continue;
      }
      const to = resolve(dirname(f), spec).replace(/\.js$/, '.ts');
      if (existsSync(to)) walk(to);
    }
  };
  walk(file);
  return found;
}

const migrationFiles = sources(STORE).filter((f) => /migration/.test(relative(STORE, f)));

describe('migrations are frozen history', () => {
  it('the migration files are found (both stores and what they share)', () => {
    expect(migrationFiles.map((f) => relative(STORE, f)).sort()).toEqual(expect.arrayContaining([
      'postgres/migrations.ts', 'response-window-migration.ts', 'sqlite/migrations.ts',
    ]));
  });

  it('finds a live import when there is one (the check itself works)', () => {
    expect(specifiers("import { GAMES } from '@parlor/rules';\nimport type {\n  X,\n} from '@parlor/protocol';\nexport * from './a.js';"))
      .toEqual(['@parlor/rules', '@parlor/protocol', './a.js']);
  });

  it.each(migrationFiles.map((f) => relative(ROOT, f)))('%s imports nothing built from the games registry', (file) => {
    const live = packagesReached(join(ROOT, file)).filter((p) => LIVE_PACKAGES.test(p.pkg)).map((p) => `${p.from} imports ${p.pkg}`);
    expect(live).toEqual([]);
  });

  describe("migration 2: a table's window length as `responseWindow`, by the games there were then", () => {
    const table = { id: 'T1', options: {}, moveTimer: 0 };

    it('a game with windows: its length moves from the old name, or is the default of that time', () => {
      expect(withResponseWindow({ ...table, game: 'stir-fry-eighteen', tasteWindow: 12 })).toEqual({ ...table, game: 'stir-fry-eighteen', responseWindow: 12 });
      expect(withResponseWindow({ ...table, game: 'stir-fry-eighteen' })).toEqual({ ...table, game: 'stir-fry-eighteen', responseWindow: 8 });
      expect(withResponseWindow({ ...table, game: 'stir-fry-eighteen', tasteWindow: '12' })).toEqual({ ...table, game: 'stir-fry-eighteen', responseWindow: 8 });
    });

    it('a game without windows, or one unknown then, gets null and keeps its other fields as they were', () => {
      expect(withResponseWindow({ ...table, game: 'flip-7', tasteWindow: 8 })).toEqual({ ...table, game: 'flip-7', tasteWindow: 8, responseWindow: null });
      expect(withResponseWindow({ ...table, game: 'chess', tasteWindow: 8 })).toEqual({ ...table, game: 'chess', tasteWindow: 8, responseWindow: null });
      expect(withResponseWindow({ ...table, game: 'constructor' })).toEqual({ ...table, game: 'constructor', responseWindow: null });
      expect(withResponseWindow({ ...table })).toEqual({ ...table, responseWindow: null });
    });
  });
});
