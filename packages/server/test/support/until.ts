/**
 * Waits until `test` holds, re-checking it every 20 ms: a poll on a state (a message listener's
 * count, a lease row, a child process's output), for what no single message announces. It never
 * stands in for "long enough": it returns as soon as the state is there, and fails after
 * `timeoutMs` with `what` and the `state()` it saw.
 */
export async function until(what: string, test: () => boolean | Promise<boolean>, timeoutMs: number, state: () => string = () => ''): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${state()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
