import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root and the server's command line (it runs the compiled `dist`, as `npm start` does). */
export const repoRoot = resolve(here, '../../../..');
export const serverBin = join(repoRoot, 'packages/server/bin/parlor-server.js');
export const serverDist = join(repoRoot, 'packages/server/dist/index.js');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      s.close(() => res(port));
    });
  });
}

/** One run of `node packages/server/bin/parlor-server.js` as a child process. */
export class ChildServer {
  readonly proc: ChildProcess;
  /** Everything it printed (pino JSON lines at LOG_LEVEL), for checks and for failure messages. */
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(readonly port: number, readonly dbPath: string, env: Record<string, string> = {}) {
    if (!existsSync(serverDist)) throw new Error(`${serverDist} is missing: build first (npx tsc -b; npm test does it)`);
    this.proc = spawn(process.execPath, [serverBin], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PARLOR_DB: dbPath, PARLOR_BOT_DELAY_MS: '0-20', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc.stdout!.on('data', (d: Buffer) => { this.output += d.toString(); });
    this.proc.stderr!.on('data', (d: Buffer) => { this.output += d.toString(); });
    this.exited = new Promise((res) => this.proc.once('exit', (code, signal) => res({ code, signal })));
  }

  get url(): string { return `http://127.0.0.1:${this.port}`; }

  /** Resolves once GET /healthz answers 200 (polling), or fails if the process exits first. */
  async ready(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    let gone = false;
    void this.exited.then(() => { gone = true; });
    while (Date.now() < until) {
      if (gone) throw new Error(`the server exited while starting:\n${this.output}`);
      try {
        const r = await fetch(`${this.url}/healthz`);
        if (r.status === 200) return;
      } catch { /* not listening yet */ }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${this.output}`);
  }

  /** SIGKILL: the process dies at once, mid-whatever, as in a crash. */
  async kill(): Promise<void> {
    this.proc.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: a clean stop. */
  async stop(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    this.proc.kill('SIGTERM');
    await this.exited;
  }
}
