import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the checkpointing thread moves the write-ahead log's pages into the database file. */
export const CHECKPOINT_EVERY_MS = 1000;
/** The write-ahead log file is cut back to this size once its pages are all checkpointed. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;
/** SQLite's own automatic checkpoint, in pages, given back to the main connection if the thread stops. */
const AUTO_CHECKPOINT_PAGES = 1000;

/** What the thread says after each checkpoint: the log's frames, and how many are in the database now. */
export interface CheckpointDone { readonly log: number; readonly checkpointed: number }

// The thread's program, in CommonJS as `eval` workers are, so that it runs the same from the
// TypeScript sources (tests) and the built files. It opens its own connection to the file and
// checkpoints PASSIVE: never waiting for, nor blocking, the main connection's writes.
const THREAD = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 0 });
const checkpoint = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ t: 'done', log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ t: 'error', message: String((e && e.message) || e) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * SQLite's checkpoints, off the event loop. By itself SQLite checkpoints in the connection whose
 * commit fills the log past a thousand pages: copying them into the database file and syncing it
 * takes that commit 10 to 40 ms, in the one thread that serves every socket — the tail of a busy
 * server's move latency. Here the main connection never checkpoints; a worker thread with its own
 * connection does, every CHECKPOINT_EVERY_MS. If the thread fails, the main connection takes its
 * automatic checkpoints back, so the log never grows for ever.
 */
export class Checkpoints {
  private worker: Worker | null;
  private stopping = false;
  /** Each checkpoint the thread made (tests watch the log being moved into the database). */
  onDone: ((d: CheckpointDone) => void) | null = null;

  constructor(private readonly db: Database.Database, path: string, private readonly warn: (msg: string) => void, everyMs = CHECKPOINT_EVERY_MS) {
    db.pragma('wal_autocheckpoint = 0');
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, { eval: true, workerData: { path, driver, everyMs } });
    this.worker.unref();
    this.worker.on('message', (m: { t: string; log?: number; checkpointed?: number; message?: string }) => {
      if (m.t === 'done') this.onDone?.({ log: m.log ?? 0, checkpointed: m.checkpointed ?? 0 });
      else if (m.t === 'error') this.warn(`a checkpoint failed; tried again in ${everyMs} ms: ${m.message}`);
    });
    this.worker.on('error', (e) => this.fallBack(`the checkpointing thread failed (${e.message})`));
    this.worker.on('exit', () => this.fallBack('the checkpointing thread stopped'));
  }

  /** Whether the thread checkpoints (false: it stopped, and SQLite checkpoints in the main connection again). */
  get running(): boolean { return this.worker !== null; }

  /** Stops the thread (before the main connection closes, which then checkpoints what is left). */
  async stop(): Promise<void> {
    const w = this.worker;
    if (w === null) return;
    this.stopping = true;
    this.worker = null;
    const exited = once(w, 'exit');
    w.ref(); // the thread's end is waited for: the process does not end before the store is closed
    w.postMessage('stop');
    await exited;
  }

  /** The thread is gone without being asked: the main connection checkpoints by itself again. */
  private fallBack(why: string): void {
    if (this.stopping || this.worker === null) return;
    this.worker = null;
    try {
      this.db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    } catch {
      return; // the connection is closed: nothing to checkpoint
    }
    this.warn(`${why}; SQLite checkpoints in the main connection again`);
  }
}
