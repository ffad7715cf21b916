import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { GAMES, type ScenarioResult, resultLine, runScenario, summaryLine } from '@parlor/rules';

/**
 * `parlor scenario <file-or-folder>...`: runs every scenario file named (folders recursively, their
 * `.json` files in name order); prints `PASS name` / `FAIL name: …` per scenario, then
 * `N passed, N failed`. Resolves to the exit status: 1 when anything failed or was malformed.
 */
export async function scenarioCommand(paths: string[], print: (line: string) => void): Promise<number> {
  const results: ScenarioResult[] = [];
  const report = (r: ScenarioResult) => { results.push(r); print(resultLine(r)); };
  for (const path of paths) {
    const files = await scenarioFiles(path);
    if (typeof files === 'string') { report({ name: path, passed: false, malformed: true, message: files }); continue; }
    for (const file of files) report(await runFile(file));
  }
  print(summaryLine(results));
  return results.every((r) => r.passed) ? 0 : 1;
}

async function runFile(file: string): Promise<ScenarioResult> {
  const label = relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return { name: label, passed: false, malformed: true, message: `cannot read the file: ${(e as NodeJS.ErrnoException).code ?? String(e)}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { name: label, passed: false, malformed: true, message: `malformed scenario: not valid JSON (${(e as Error).message})` };
  }
  return runScenario(json, GAMES, label);
}

/** The scenario files under `path`, or why there are none. */
async function scenarioFiles(path: string): Promise<string[] | string> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 'no such file or folder';
  }
  if (info.isFile()) return [path];
  if (!info.isDirectory()) return 'not a file or folder';
  const out: string[] = [];
  const walk = async (dir: string) => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && e.name.endsWith('.json')) out.push(full);
    }
  };
  await walk(path);
  return out.length > 0 ? out : 'no scenario (.json) files in this folder';
}
