/**
 * Issue 14, item 1: offline games, through the code the browser runs — the worker's engine host
 * (src/offline/engine-host.ts, reached through the same channel interface as the Web Worker), the
 * page's session (src/offline/session.ts: the record, each move stored, the bots' and the response
 * window's clock) and the export (src/offline/record.ts) — in Node, with a map for IndexedDB. A game
 * of each game is played to its end against bots, exported and checked by `parlor verify`'s own
 * function; a game stopped half-way is resumed from its stored record; the person's snapshots hold
 * only what seat 0 may know; a silent seat answers when the taste-test window closes (SF-14).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { coachGame } from '@parlor/bots';
import type { BotLevel } from '@parlor/protocol';
import { type GameId, GAME_IDS, type Rng, createRng, gameModule } from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import { verifyCommand } from '../../cli/src/commands/verify.js';
import { commitmentOf as serverCommitment } from '../../server/src/identity.js';
import { directChannel } from '../src/offline/channel.js';
import { createEngineHost } from '../src/offline/engine-host.js';
import { HUMAN, type OfflineRecord, RANDOM_BYTES, exportOf, newRecord, setupOf } from '../src/offline/record.js';
import { type GameStore, OfflineSession, type SessionClock } from '../src/offline/session.js';
import { foldExport } from '../src/ui/replay/fold.js';

const LOCALES = resolve(import.meta.dirname, '../src/i18n/locales');

/** IndexedDB's stand-in: the records by id, each a copy as written. */
class MemoryStore implements GameStore {
  readonly records = new Map<string, OfflineRecord>();
  writes = 0;
  async put(record: OfflineRecord): Promise<void> {
    this.writes++;
    this.records.set(record.id, structuredClone(record));
  }
}

/** Bots move at once; the window lasts `windowMs` (0: it closes as soon as it opens). */
const clock = (windowMs = 0): SessionClock => ({ now: () => Date.now(), botDelay: () => 0, windowMs: () => windowMs });

/** Deterministic "random" bytes for a record (the browser uses crypto.getRandomValues). */
function bytes(seed: number): Uint8Array {
  const rng = createRng(`bytes/${seed}`);
  return Uint8Array.from({ length: RANDOM_BYTES }, () => rng.int(256));
}

function record(game: GameId, players: number, level: BotLevel, seed: number, options: Record<string, unknown> = {}): OfflineRecord {
  const module = gameModule(game);
  const parsed = module.options.parse(options, players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return newRecord({
    game, players, options: parsed.value as Record<string, unknown>, level, name: 'Ada',
    windowSeconds: module.responseWindow?.seconds.default ?? null,
  }, bytes(seed), new Date('2026-12-01T10:00:00Z'));
}

interface Policy {
  /** The person's move when asked (null: stay silent). */
  choose(legal: readonly unknown[], windowOpen: boolean, rng: Rng): unknown;
}
const anyLegal: Policy = { choose: (legal, _w, rng) => rng.pick(legal) };
/** Answers everything except the response window (SF-14), where silence answers for it. */
const silentInWindows: Policy = { choose: (legal, w, rng) => (w ? null : rng.pick(legal)) };

/**
 * Plays the session's person with `policy` until the game is over (or `stopAfter` moves are
 * stored); checks every snapshot shown against the rules' own view of seat 0 as it goes.
 */
function playOut(session: OfflineSession, policy: Policy, seed: string, stopAfter = Infinity): Promise<void> {
  const rng = createRng(seed);
  return new Promise((resolve, reject) => {
    let askedAt = -1;
    const check = () => {
      const { record, snapshot, problem } = session.get();
      if (problem !== null) return reject(new Error(`${problem.code}: ${problem.message}`));
      if (record === null || snapshot === null) return;
      if (record.finishedAt !== null || record.actions.length >= stopAfter) return resolve();
      expectOnlySeat0(record, snapshot);
      if (snapshot.legal.length === 0 || askedAt === snapshot.seq) return;
      const windowOpen = snapshot.waitingFor.length > 1 || snapshot.deadline !== null;
      const action = policy.choose(snapshot.legal, windowOpen, rng);
      if (action === null) return;
      askedAt = snapshot.seq;
      // The person answers a moment later, as a click would come.
      setTimeout(() => { void session.act(action); }, 0);
    };
    session.subscribe(check);
    check();
  });
}

/** The snapshot is the rules' view of seat 0 after the record's moves: nothing hidden from seat 0 in it. */
function expectOnlySeat0(record: OfflineRecord, snapshot: ReturnType<OfflineSession['get']>['snapshot'] & object): void {
  const module = gameModule(record.game);
  const setup = module.setup({ players: record.players, options: record.options, seed: record.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let s: unknown = setup.value;
  for (const a of record.actions) {
    const r = module.apply(s, a.seat, a.action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  expect(snapshot.seq).toBe(record.actions.length);
  expect(snapshot.seat).toBe(HUMAN);
  expect(snapshot.view).toEqual(module.view(s, HUMAN));
  expect(snapshot.waitingFor).toEqual(module.toAct(s));
  if (module.outcome(s) === null) expect(snapshot.seed).toBeNull();
  for (const e of snapshot.events as { only?: number }[]) expect(e.only === undefined || e.only === HUMAN).toBe(true);
}

async function verified(exp: unknown): Promise<{ code: number; out: string[] }> {
  const file = join(mkdtempSync(join(tmpdir(), 'parlor-offline-')), 'game.json');
  writeFileSync(file, JSON.stringify(exp, null, 2));
  const out: string[] = [];
  const code = await verifyCommand(file, (l) => out.push(l));
  return { code, out };
}

describe('offline games', () => {
  it('a new record: a 32-byte seed in hex, its commitment as the server computes it, the person at seat 0 and bots elsewhere', () => {
    const r = record('flip-7', 4, 'expert', 1);
    expect(r.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(r.commitment).toBe(serverCommitment(r.seed));
    expect(r.id).toMatch(/^local-[0-9a-f]{16}$/);
    expect(r.seats).toEqual([
      { kind: 'player', name: 'Ada' },
      { kind: 'bot', name: 'expert bot', level: 'expert' },
      { kind: 'bot', name: 'expert bot', level: 'expert' },
      { kind: 'bot', name: 'expert bot', level: 'expert' },
    ]);
    expect(r.actions).toEqual([]);
    expect(exportOf(r)).toBeNull();
    expect(record('flip-7', 4, 'expert', 2).seed).not.toBe(r.seed);
  });

  const cases: [GameId, number, BotLevel, Record<string, unknown>][] = [
    ['stir-fry-eighteen', 3, 'basic', {}],
    ['stir-fry-eighteen', 5, 'expert', {}],
    ['flip-7', 2, 'expert', {}],
    ['flip-7', 6, 'basic', {}],
  ];
  for (const [game, players, level, options] of cases) {
    it(`${game}, ${players} players against ${level} bots: played to the end, every move stored, the export passes parlor verify and folds on the replay page`, async () => {
      const store = new MemoryStore();
      const session = new OfflineSession(directChannel(createEngineHost()), store, clock(0));
      const r = record(game, players, level, players * 7, options);
      await store.put(r);
      expect(await session.open(r)).toBe(true);
      await playOut(session, anyLegal, `${game}/${players}`);
      session.close();
      const kept = store.records.get(r.id)!;
      expect(kept.finishedAt).not.toBeNull();
      expect(kept.actions.map((a) => a.seq)).toEqual(kept.actions.map((_, i) => i));
      expect(kept.actions.some((a) => a.seat === HUMAN && a.by === 'player')).toBe(true);
      expect(kept.actions.filter((a) => a.seat !== HUMAN).every((a) => a.by === 'bot' || a.by === 'timer')).toBe(true);
      // Each move was stored before the next was shown: one write a move, and the first one.
      expect(store.writes).toBeGreaterThanOrEqual(kept.actions.length + 1);
      const shown = session.get().snapshot!;
      expect(shown.seed).toBe(r.seed);
      expect(shown.outcome).toEqual(kept.outcome);

      const exp = exportOf(kept)!;
      expect(exp).toMatchObject({ format: 'parlor-game', version: 1, game, table: r.id, gameNo: 1, players, seed: r.seed, commitment: r.commitment });
      const { code, out } = await verified(exp);
      expect(out.at(-1)).toBe('OK: the shuffles, every action and the result check out');
      expect(code).toBe(0);
      // The coach (issue 14, item 2) reads an offline game's export as it reads a server's: seat 0's decisions.
      const coached = coachGame(exp, HUMAN);
      expect(coached.ok, coached.ok ? '' : JSON.stringify(coached.problem)).toBe(true);
      if (coached.ok) {
        expect(coached.report).toMatchObject({ game, seat: HUMAN, name: 'Ada' });
        expect(coached.report.summary.decisions).toBe(coached.report.decisions.length);
      }
      const folded = foldExport(exp);
      expect(folded.game).toBe(game);
      if (folded.game !== null) {
        expect(folded.problem).toBeNull();
        expect(folded.outcomeMatches).toBe(true);
        expect(folded.positions.length).toBe(kept.actions.length + 1);
      }
    });
  }

  it('a game stopped half-way is resumed from its stored record (as after a reload), plays on to the end and verifies', async () => {
    for (const game of GAME_IDS) {
      const store = new MemoryStore();
      const r = record(game, 3, 'basic', 99);
      await store.put(r);
      const first = new OfflineSession(directChannel(createEngineHost()), store, clock(0));
      await first.open(r);
      await playOut(first, anyLegal, `${game}/first`, 12);
      const logBefore = first.get().log;
      first.close();
      const kept = store.records.get(r.id)!;
      expect(kept.finishedAt).toBeNull();
      expect(kept.actions.length).toBeGreaterThanOrEqual(12);

      // A new page: a new worker, the record read back.
      const second = new OfflineSession(directChannel(createEngineHost()), store, clock(0));
      expect(await second.open(structuredClone(kept))).toBe(true);
      expect(second.get().snapshot!.seq).toBe(kept.actions.length);
      // The log rebuilt from the record holds what the first page showed, move for move.
      expect(second.get().log.slice(0, logBefore.length)).toEqual(logBefore);
      await playOut(second, anyLegal, `${game}/second`);
      second.close();
      const done = store.records.get(r.id)!;
      expect(done.actions.slice(0, kept.actions.length)).toEqual(kept.actions);
      expect((await verified(exportOf(done))).code).toBe(0);
    }
  });

  it('SF-14: a person silent in the taste-test window trusts when it closes (a move by the clock), and the game still verifies', async () => {
    const store = new MemoryStore();
    const session = new OfflineSession(directChannel(createEngineHost()), store, clock(0));
    const r = record('stir-fry-eighteen', 3, 'basic', 5);
    await store.put(r);
    await session.open(r);
    await playOut(session, silentInWindows, 'silent');
    session.close();
    const kept = store.records.get(r.id)!;
    const silences = kept.actions.filter((a) => a.by === 'timer');
    expect(silences.length).toBeGreaterThan(0);
    const module = gameModule('stir-fry-eighteen');
    // Each is the game's answer for silence in the position it was played on.
    const setup = module.setup({ players: r.players, options: r.options, seed: r.seed });
    if (!setup.ok) throw new Error(setup.error.message);
    let state: unknown = setup.value;
    for (const a of kept.actions) {
      if (a.by === 'timer') expect(a.action).toEqual(module.responseWindow!.silence(state, a.seat));
      const next = module.apply(state, a.seat, a.action);
      if (!next.ok) throw new Error(next.error.message);
      state = next.state;
    }
    expect((await verified(exportOf(kept))).code).toBe(0);
  });

  it('refuses a move decided on an older position, and moves for another game or seat, leaving the game as it was', async () => {
    const host = createEngineHost();
    const r = record('flip-7', 3, 'basic', 3);
    const opened = await host.handle({ type: 'open', record: r });
    expect(opened.type).toBe('update');
    if (opened.type !== 'update') return;
    const seq = opened.snapshot.seq;
    const asked = opened.snapshot.waitingFor[0]!;
    if (asked === HUMAN) {
      expect(await host.handle({ type: 'act', id: r.id, seq: seq + 1, action: opened.snapshot.legal[0] })).toMatchObject({ type: 'refused', code: 'STALE' });
      expect(await host.handle({ type: 'bot', id: r.id, seq, seat: HUMAN })).toMatchObject({ type: 'refused', code: 'NOT_YOUR_TURN' });
    } else {
      expect(await host.handle({ type: 'act', id: r.id, seq, action: { type: 'stay' } })).toMatchObject({ type: 'refused', code: 'NOT_YOUR_TURN' });
      expect(await host.handle({ type: 'bot', id: r.id, seq: seq + 1, seat: asked })).toMatchObject({ type: 'refused', code: 'STALE' });
    }
    expect(await host.handle({ type: 'act', id: 'local-other', seq, action: null })).toMatchObject({ type: 'refused', code: 'NOT_OPEN' });
    expect(await host.handle({ type: 'silence', id: r.id, seq, seat: asked })).toMatchObject({ type: 'refused', code: 'NOT_YOUR_TURN' });
    // Nothing changed: the next move is still move `seq`.
    const again = await host.handle({ type: 'open', record: r });
    expect(again.type === 'update' && again.snapshot.seq).toBe(seq);
  });

  it('a stored record the rules refuse is reported, not played', async () => {
    const store = new MemoryStore();
    const r = record('flip-7', 3, 'basic', 4);
    const broken: OfflineRecord = { ...r, actions: [{ seq: 0, seat: 2, action: { type: 'nonsense' }, by: 'bot' }] };
    const session = new OfflineSession(directChannel(createEngineHost()), store, clock(0));
    expect(await session.open(broken)).toBe(false);
    expect(session.get().problem?.code).toBeTruthy();
    session.close();
  });

  it('play again: the same game, seats, options and bots, with a fresh seed', () => {
    const r = record('stir-fry-eighteen', 4, 'expert', 8, { target: 50, tofu: true });
    const again = newRecord(setupOf(r), bytes(9), new Date());
    expect({ ...again.seats }).toEqual({ ...r.seats });
    expect(again.options).toEqual(r.options);
    expect(again.game).toBe(r.game);
    expect(again.seed).not.toBe(r.seed);
  });

  it('every language has the offline pages\' strings (offline.json: the same keys as English, plural forms by the language\'s rules)', () => {
    const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    const keys = (lang: string) => Object.keys(JSON.parse(readFileSync(join(LOCALES, lang, 'offline.json'), 'utf8')) as Record<string, string>);
    const en = keys('en');
    for (const lang of ['it', 'ja', 'ko', 'pl']) {
      const have = keys(lang);
      expect([...new Set(have.map(base))].sort(), lang).toEqual([...new Set(en.map(base))].sort());
      const rules = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const k of new Set(en.filter((x) => x !== base(x)).map(base))) {
        for (const c of rules) expect(have, `${lang} ${k}_${c}`).toContain(`${k}_${c}`);
      }
    }
  });

  it('the levels offered are the bots each game has', async () => {
    const reply = await createEngineHost().handle({ type: 'levels' });
    expect(reply).toEqual({ type: 'levels', levels: { 'stir-fry-eighteen': ['random', 'basic', 'expert'], 'flip-7': ['random', 'basic', 'expert'] } });
  });
});
