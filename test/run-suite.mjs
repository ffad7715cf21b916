// The full suite as `npm test` runs it: the browser tests (project "e2e") and everything else
// (project "node") in two vitest processes side by side, each one file at a time. One Chromium at
// a time, since two on two cores starve each other; one other file at a time, since the cluster
// and store tests share one Redis and one PostgreSQL database. Most files wait on sockets,
// databases and browsers more than they compute, so the pair fills two cores where one file at a
// time left one idle. (One vitest process cannot do this: it runs every project whose files go
// one at a time in a single queue.) Arguments go to both, e.g. a file filter.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const run = (project) => new Promise((resolve) => {
  const child = spawn(vitest, ['run', '--project', project, '--passWithNoTests', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('error', (e) => { console.error(`vitest (${project}) could not start: ${e.message}`); resolve(1); });
  child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
});
const codes = await Promise.all([run('node'), run('e2e')]);
if (codes.some((c) => c !== 0)) console.error(`the suite failed: node project exit ${codes[0]}, e2e project exit ${codes[1]}`);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
