import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The shape of the sources: small files, one concept each, and no import cycle within a package.

const ROOT = resolve(import.meta.dirname, '../../..');
const MAX_LINES = 250;
/** The folders whose files must stay within MAX_LINES. */
const LINE_LIMITED_FOLDERS = ['packages/server/src'];

/** Every TypeScript source under `dir` (absolute paths). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Each `import … from './x.js'`, `export … from '../y.js'` and `import './z.js'`: the relative specifier. */
const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?:[^'"`;]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The source file a relative specifier names (`.js` is the compiled name of a `.ts` or `.tsx`), or null for anything else. */
function resolveImport(from: string, spec: string): string | null {
  const path = resolve(dirname(from), spec);
  const candidates = /\.jsx?$/.test(path) ? [path.replace(/\.jsx?$/, '.ts'), path.replace(/\.jsx?$/, '.tsx')] : [path];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c)) ?? null;
}

/** The graph of relative imports among `files`: each file → the files it imports. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const to = [...readFileSync(f, 'utf8').matchAll(RELATIVE_IMPORT)].map((m) => resolveImport(f, m[1]!)).filter((t): t is string => t !== null);
    graph.set(f, [...new Set(to)]);
  }
  return graph;
}

interface Cycle {
  /** Every file of the cycle's group: files that all reach each other through imports. */
  readonly files: readonly string[];
  /** One loop through the group, from its first file (in sorted order) back to it. */
  readonly loop: readonly string[];
}

/** The import cycles of a graph: each strongly connected component with more than one file, or a file importing itself. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): Cycle[] {
  // Tarjan's algorithm; the graphs are a few hundred files, so recursion is fine.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      component.push(w);
      if (w === v) break;
    }
    components.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components
    .filter((c) => c.length > 1 || (graph.get(c[0]!) ?? []).includes(c[0]!))
    .map((c) => ({ files: c, loop: shortestLoop(graph, c[0]!, new Set(c)) }));
}

/** The shortest path from `start` back to itself through `within` (breadth first). */
function shortestLoop(graph: ReadonlyMap<string, readonly string[]>, start: string, within: ReadonlySet<string>): string[] {
  const before = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of graph.get(v) ?? []) {
      if (!within.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(before.get(path[0]!)!);
        return [...path, start];
      }
      if (!before.has(w)) {
        before.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

const describeCycle = (c: Cycle) => c.loop.join(' → ') + (c.files.length > c.loop.length - 1 ? ` (in a group of ${c.files.length}: ${c.files.join(', ')})` : '');
const packages = readdirSync(join(ROOT, 'packages')).filter((p) => existsSync(join(ROOT, 'packages', p, 'src'))).sort();

describe('the sources', () => {
  it.each(LINE_LIMITED_FOLDERS)(`%s: no file over ${MAX_LINES} lines`, (folder) => {
    const files = sources(join(ROOT, folder));
    expect(files.length).toBeGreaterThan(0);
    const over = files.map((f) => ({ file: relative(ROOT, f), lines: lineCount(readFileSync(f, 'utf8')) }))
      .filter((f) => f.lines > MAX_LINES).map((f) => `${f.file}: ${f.lines} lines`);
    expect(over, `over ${MAX_LINES} lines:\n${over.join('\n')}`).toEqual([]);
  });

  it('finds every cycle when there are some (the check itself works)', () => {
    const graph = new Map([['a', ['b']], ['b', ['c', 'a']], ['c', ['c']], ['d', ['a', 'e']], ['e', ['f']], ['f', ['g']], ['g', ['e', 'd']]]);
    expect(cycles(graph)).toEqual(expect.arrayContaining([
      { files: ['a', 'b'], loop: ['a', 'b', 'a'] },
      { files: ['c'], loop: ['c', 'c'] },
      { files: ['d', 'e', 'f', 'g'], loop: ['d', 'e', 'f', 'g', 'd'] },
    ]));
    expect(cycles(graph)).toHaveLength(3);
    expect(cycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('reads every kind of relative import, and resolves .js to .ts or .tsx', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlor-structure-'));
    const files = {
      'a.ts': "import { b } from './b.js';\nimport { c } from '@parlor/rules';\n// import { d } from './d.js';",
      'b.tsx': "import type {\n  C,\n} from './sub/c.js';\nexport * from './a.js';",
      'sub/c.ts': "import '../d.js';\nexport { x } from './missing.js';\nimport styles from '../e.css';",
      'd.ts': 'export const d = 1;',
    };
    mkdirSync(join(dir, 'sub'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const graph = importGraph(Object.keys(files).map((f) => join(dir, f)));
    expect(Object.fromEntries([...graph].map(([f, to]) => [relative(dir, f), to.map((t) => relative(dir, t))]))).toEqual({
      'a.ts': ['b.tsx'], 'b.tsx': ['sub/c.ts', 'a.ts'], 'sub/c.ts': ['d.ts'], 'd.ts': [],
    });
    expect(cycles(graph).map((c) => c.loop.map((f) => relative(dir, f)))).toEqual([['a.ts', 'b.tsx', 'a.ts']]);
  });

  it.each(packages)('packages/%s/src: no import cycle among its relative imports', (pkg) => {
    const files = sources(join(ROOT, 'packages', pkg, 'src'));
    const found = cycles(importGraph(files))
      .map((c) => ({ files: c.files.map((f) => relative(ROOT, f)), loop: c.loop.map((f) => relative(ROOT, f)) }))
      .map(describeCycle);
    expect(found, `import cycles:\n${found.join('\n')}`).toEqual([]);
  });
});
