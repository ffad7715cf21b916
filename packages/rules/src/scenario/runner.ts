import type { AnyGame } from '../core/game.js';
import type { ExpectKind } from './adapter.js';

/** The result of one scenario: passed, or failed with the first difference (spec/scenarios.md). */
export interface ScenarioResult {
  readonly name: string;
  readonly passed: boolean;
  /** Why it failed: `step N: what differed`, or what is malformed in the file. */
  readonly message?: string;
  /** True when the file itself is malformed (not a rule difference). */
  readonly malformed?: boolean;
}

/** The games a scenario file may name, by id (normally the registry, `GAMES`). */
export type ScenarioGames = Readonly<Record<string, AnyGame>>;

const FILE_KEYS = ['name', 'rules', 'game', 'players', 'options', 'seed', 'setup', 'steps'];

class Malformed extends Error {}

/**
 * Runs one parsed scenario file. Never throws for a bad file: a malformed one comes back failed
 * with a message naming what is wrong. `fallbackName` names a file without a usable "name".
 */
export function runScenario(file: unknown, games: ScenarioGames, fallbackName = 'scenario'): ScenarioResult {
  const name = isObject(file) && typeof file.name === 'string' && file.name.trim() !== '' ? file.name : fallbackName;
  try {
    return run(file, games, name);
  } catch (e) {
    if (e instanceof Malformed) return { name, passed: false, malformed: true, message: `malformed scenario: ${e.message}` };
    // An engine that throws is a failure of the engine, reported like any other.
    return { name, passed: false, message: `the engine threw: ${e instanceof Error ? e.message : String(e)}` };
  }
}

function run(file: unknown, games: ScenarioGames, name: string): ScenarioResult {
  if (!isObject(file)) throw new Malformed('the file must hold one JSON object');
  for (const key of Object.keys(file)) {
    if (!FILE_KEYS.includes(key)) throw new Malformed(`unknown key "${key}" (expected ${FILE_KEYS.join(', ')})`);
  }
  if (typeof file.name !== 'string' || file.name.trim() === '') throw new Malformed('"name" must be a non-empty text');
  if (file.rules !== undefined && (!Array.isArray(file.rules) || !file.rules.every((r) => typeof r === 'string'))) {
    throw new Malformed('"rules" must be a list of rule numbers such as "SF-2"');
  }
  const game = typeof file.game === 'string' && Object.hasOwn(games, file.game) ? games[file.game]! : undefined;
  if (game === undefined) {
    throw new Malformed(`"game" must be one of ${Object.keys(games).map((g) => `"${g}"`).join(', ')}, not ${show(file.game)}`);
  }
  const adapter = game.scenario;
  if (typeof file.players !== 'number' || !Number.isInteger(file.players)) throw new Malformed('"players" must be a whole number');
  if (file.seed !== undefined && typeof file.seed !== 'string') throw new Malformed('"seed" must be a text');
  if (file.options !== undefined && !isObject(file.options)) throw new Malformed('"options" must be an object');
  if (file.setup !== undefined && !isObject(file.setup)) throw new Malformed('"setup" must be an object');
  if (!Array.isArray(file.steps)) throw new Malformed('"steps" must be a list');

  const start = adapter.fromSetup({
    players: file.players, options: file.options ?? {}, seed: file.seed ?? '', setup: file.setup ?? {},
  });
  if (!start.ok) throw new Malformed(start.error.message);
  let state = start.value;

  for (const [i, step] of file.steps.entries()) {
    const n = i + 1;
    if (!isObject(step)) throw new Malformed(`step ${n} must be an object`);
    const kinds = ['act', 'stack', 'expect'].filter((k) => k in step);
    if (kinds.length !== 1) throw new Malformed(`step ${n} must have exactly one of "act", "stack", "expect"`);
    for (const key of Object.keys(step)) {
      if (key !== kinds[0] && !(key === 'reject' && kinds[0] === 'act')) throw new Malformed(`step ${n}: unknown key "${key}"`);
    }
    if ('act' in step) {
      const act = step.act;
      if (!isObject(act) || typeof act.player !== 'number' || !Number.isInteger(act.player) || !('action' in act)) {
        throw new Malformed(`step ${n}: "act" needs "player" (a seat number) and "action"`);
      }
      for (const key of Object.keys(act)) {
        if (key !== 'player' && key !== 'action') throw new Malformed(`step ${n}: unknown key "${key}" in "act"`);
      }
      if (step.reject !== undefined && typeof step.reject !== 'boolean') throw new Malformed(`step ${n}: "reject" must be true or false`);
      const before = JSON.stringify(state);
      const result = game.apply(state, act.player, act.action);
      if (step.reject === true) {
        if (result.ok) return fail(name, n, `expected ${describe(act)} to be refused, but it was accepted`);
        if (JSON.stringify(state) !== before) return fail(name, n, 'the refused action changed the game');
      } else {
        if (!result.ok) return fail(name, n, `${describe(act)} was refused: ${result.error.code}: ${result.error.message}`);
        state = result.state;
      }
    } else if ('stack' in step) {
      const stacked = adapter.stack(state, step.stack);
      if (!stacked.ok) throw new Malformed(`step ${n}: ${stacked.error.message}`);
      state = stacked.value;
    } else {
      if (!isObject(step.expect)) throw new Malformed(`step ${n}: "expect" must be an object`);
      for (const [key, expected] of Object.entries(step.expect)) {
        const spec = adapter.expect[key];
        if (spec === undefined) {
          throw new Malformed(`step ${n}: unknown expectation "${key}" (this game knows ${Object.keys(adapter.expect).join(', ')})`);
        }
        const difference = compare(spec.kind, expected, spec.get(state), `step ${n}: "${key}"`);
        if (difference !== null) return fail(name, n, `${key}: ${difference}`);
      }
    }
  }
  return { name, passed: true };
}

/** null when `actual` meets `expected`; otherwise what differs. Throws Malformed for a bad expectation. */
function compare(kind: ExpectKind, expected: unknown, actual: unknown, where: string): string | null {
  switch (kind) {
    case 'exact':
      return deepEqual(expected, actual) ? null : `expected ${show(expected)}, got ${show(actual)}`;
    case 'set': {
      if (!Array.isArray(expected) || !expected.every((x) => typeof x === 'number')) throw new Malformed(`${where} must be a list of seats`);
      const e = [...new Set(expected as number[])].sort((a, b) => a - b);
      const a = [...new Set(actual as number[])].sort((x, y) => x - y);
      return deepEqual(e, a) ? null : `expected ${show(e)}, got ${show(a)}`;
    }
    case 'multiset': {
      if (!Array.isArray(expected) || !expected.every((x) => typeof x === 'string')) throw new Malformed(`${where} must be a list of card names`);
      return multisetDifference(expected as string[], actual as string[]);
    }
    case 'per-player-multiset':
    case 'per-player': {
      if (!isObject(expected)) throw new Malformed(`${where} must be an object keyed by player number`);
      const all = actual as Record<string, unknown>;
      for (const [player, want] of Object.entries(expected)) {
        if (!(player in all)) throw new Malformed(`${where}: there is no player "${player}"`);
        if (kind === 'per-player') {
          if (!deepEqual(want, all[player])) return `player ${player}: expected ${show(want)}, got ${show(all[player])}`;
        } else {
          if (!Array.isArray(want) || !want.every((x) => typeof x === 'string')) {
            throw new Malformed(`${where}: player ${player} must map to a list of card names`);
          }
          const d = multisetDifference(want as string[], all[player] as string[]);
          if (d !== null) return `player ${player}: ${d}`;
        }
      }
      return null;
    }
  }
}

function multisetDifference(expected: string[], actual: string[]): string | null {
  const e = expected.slice().sort();
  const a = actual.slice().sort();
  return deepEqual(e, a) ? null : `expected ${show(e)}, got ${show(a)}`;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

function fail(name: string, step: number, what: string): ScenarioResult {
  return { name, passed: false, message: `step ${step}: ${what}` };
}

function describe(act: Record<string, unknown>): string {
  return `player ${String(act.player)}'s ${show(act.action)}`;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function show(x: unknown): string {
  const s = JSON.stringify(x);
  return s === undefined ? String(x) : s;
}

/** The closing line the runner prints: `N passed, N failed`. */
export function summaryLine(results: readonly ScenarioResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  return `${passed} passed, ${results.length - passed} failed`;
}

/** One result as a line: `PASS name` or `FAIL name: message`. */
export function resultLine(r: ScenarioResult): string {
  return r.passed ? `PASS ${r.name}` : `FAIL ${r.name}: ${r.message ?? 'failed'}`;
}
