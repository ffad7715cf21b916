/**
 * The offline table's sense of time: what the table core's runner arms its timers on (a bot's
 * thinking time, a response window's close). In the Web Worker it is the system's; a Node test
 * gives one it moves itself.
 */
export interface ShellClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once `ms` have passed on this clock; the function returned cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: ShellClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};
