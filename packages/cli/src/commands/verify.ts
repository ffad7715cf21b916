import { readFile } from 'node:fs/promises';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { type LoggedAction, type ReplayError, gameModule, isGameId, replay } from '@parlor/rules';

/**
 * `parlor verify <file>`: replays an exported game (GET /tables/:id/export) — checks that the seed
 * matches the commitment shown at the start, that every action is legal in turn, and that the result
 * is the one recorded — then prints the final scores. Resolves to 0 when everything holds, else 1.
 */
export async function verifyCommand(path: string, print: (line: string) => void): Promise<number> {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    print(`FAIL cannot read ${path}: ${(e as Error).message}`);
    return 1;
  }
  const fail = (why: string) => { print(`FAIL ${why}`); return 1; };
  if (typeof file !== 'object' || file === null || file.format !== 'parlor-game') return fail('not a Parlor game export (format "parlor-game")');
  const { game, seed, commitment, players, options, actions, outcome } = file;
  if (!isGameId(game)) return fail(`unknown game ${JSON.stringify(game)}`);
  if (typeof seed !== 'string' || typeof commitment !== 'string') return fail('the export has no seed or commitment');
  if (typeof players !== 'number' || !Array.isArray(actions)) return fail('the export has no players or actions');
  const hash = bytesToHex(sha256(utf8ToBytes(seed)));
  if (hash !== commitment) return fail(`the seed does not match the commitment: SHA-256(seed) is ${hash}, the commitment shown was ${commitment}`);
  print(`commitment ok: SHA-256(seed) = ${commitment}`);
  const module = gameModule(game);
  let state: unknown = null;
  for (const p of replay(module, { players, options, seed }, actions as LoggedAction[])) {
    if (!p.ok) return fail(problemText(p.error, actions as LoggedAction[]));
    state = p.state;
  }
  print(`${actions.length} actions replayed, every one legal`);
  const result = module.outcome(state);
  if (result === null) return fail('the game is not over after the last action');
  if (outcome !== undefined && JSON.stringify(outcome) !== JSON.stringify(result)) {
    return fail(`the recorded result ${JSON.stringify(outcome)} differs from the replayed ${JSON.stringify(result)}`);
  }
  const seats = Array.isArray(file.seats) ? (file.seats as { name?: string }[]) : [];
  print(`final scores: ${result.scores.map((s, i) => `${seats[i]?.name ?? `seat ${i}`} ${s}`).join(' · ')}`);
  print(`winners: ${result.winners.map((w) => seats[w]?.name ?? `seat ${w}`).join(', ')}`);
  print('OK: the shuffles, every action and the result check out');
  return 0;
}

/** Why the log does not replay, in verify's words. */
function problemText(e: ReplayError, actions: readonly LoggedAction[]): string {
  if (e.index === null) return `setup refused: ${e.message}`;
  if (e.code === 'MISNUMBERED' || e.code === 'NO_SEAT') return e.message;
  const a = actions[e.index]!;
  return `action ${e.index} (seat ${String(a.seat)}, ${JSON.stringify(a.action)}) is refused: ${e.code}: ${e.message}`;
}
