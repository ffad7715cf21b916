/**
 * Issue 14, item 1: offline games, through the code the browser runs — the worker's engine host
 * (src/offline/engine-host.ts, reached through the same channel interface as the Web Worker) with
 * its table on the table core (src/offline/table.ts: each move stored, the bots' and the response
 * window's clock), the page's session (src/offline/session.ts) and the export
 * (src/offline/record.ts) — in Node, with a map for IndexedDB and a clock the test drives. A game
 * of each game is played to its end against bots, exported and checked by `parlor verify`'s own
 * function; a game stopped half-way is resumed from its stored record; the person's snapshots hold
 * only what seat 0 may know; a silent seat answers when the taste-test window closes (SF-14).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { coachGame } from '@parlor/bots';
import type { BotLevel, GameSnapshot } from '@parlor/protocol';
import { type GameId, GAME_IDS, type Rng, createRng, gameModule } from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import { verifyCommand } from '../../cli/src/commands/verify.js';
import { commitmentOf as serverCommitment } from '../../server/src/identity.js';
import { createEngineHost } from '../src/offline/engine-host.js';
import type { EnginePush } from '../src/offline/messages.js';
import { HUMAN, type OfflineRecord, exportOf, newRecord, setupOf } from '../src/offline/record.js';
import type { OfflineSession } from '../src/offline/session.js';
import { foldExport } from '../src/ui/replay/fold.js';
import { AT_ONCE, MemoryStore, TestClock, bytes, page, record } from './offline-support.js';

const LOCALES = resolve(import.meta.dirname, '../src/i18n/locales');

interface Policy {
  /** The person's move when asked (null: stay silent). */
  choose(legal: readonly unknown[], windowOpen: boolean, rng: Rng): unknown;
}
const anyLegal: Policy = { choose: (legal, _w, rng) => rng.pick(legal) };
/** Answers everything except the response window (SF-14), where silence answers for it. */
const silentInWindows: Policy = { choose: (legal, w, rng) => (w ? null : rng.pick(legal)) };

/**
 * Plays the session's person with `policy` until the game is over (or `stopAfter` moves are
 * stored); checks every snapshot shown against the rules' own view of seat 0 as it goes. The
 * person answers a moment later on the test's clock, as a click would come.
 */
function playOut(session: OfflineSession, clock: TestClock, policy: Policy, seed: string, stopAfter = Infinity): Promise<void> {
  const rng = createRng(seed);
  return new Promise((resolve, reject) => {
    let askedAt = -1;
    const check = () => {
      const { record, snapshot, problem } = session.get();
      if (problem !== null) return reject(new Error(`${problem.code}: ${problem.message}`));
      if (record === null || snapshot === null) return;
      // Over once the end is stored and the final position shown (as the page has it).
      if ((record.finishedAt !== null && snapshot.outcome !== null) || record.actions.length >= stopAfter) return resolve();
      expectOnlySeat0(record, snapshot);
      if (snapshot.legal.length === 0 || askedAt === snapshot.seq) return;
      const windowOpen = snapshot.waitingFor.length > 1 || snapshot.deadline !== null;
      const action = policy.choose(snapshot.legal, windowOpen, rng);
      if (action === null) return;
      askedAt = snapshot.seq;
      clock.after(0, () => { void session.act(action); });
    };
    session.subscribe(check);
    check();
  });
}

/**
 * The snapshot shows a stored position — the record's moves are stored before the position they
 * lead to is shown — and is the rules' view of seat 0 there: nothing hidden from seat 0 in it.
 */
function expectOnlySeat0(record: OfflineRecord, snapshot: GameSnapshot): void {
  const module = gameModule(record.game);
  const setup = module.setup({ players: record.players, options: record.options, seed: record.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let s: unknown = setup.value;
  expect(snapshot.seq).toBeLessThanOrEqual(record.actions.length);
  for (const a of record.actions.slice(0, snapshot.seq)) {
    const r = module.apply(s, a.seat, a.action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
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
      const clock = new TestClock(true);
      const { session } = page(store, clock);
      const r = record(game, players, level, players * 7, options);
      await store.put(r);
      expect(await session.open(r)).toBe(true);
      await playOut(session, clock, anyLegal, `${game}/${players}`);
      await session.close();
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
      const clock = new TestClock(true);
      const first = page(store, clock).session;
      await first.open(r);
      await playOut(first, clock, anyLegal, `${game}/first`, 12);
      const logBefore = first.get().log;
      await first.close();
      const kept = store.records.get(r.id)!;
      expect(kept.finishedAt).toBeNull();
      expect(kept.actions.length).toBeGreaterThanOrEqual(12);

      // A new page: a new worker, the record read back.
      const second = page(store, clock).session;
      expect(await second.open(structuredClone(kept))).toBe(true);
      expect(second.get().snapshot!.seq).toBe(kept.actions.length);
      // The log rebuilt from the record holds what the first page showed, move for move.
      expect(second.get().log.slice(0, logBefore.length)).toEqual(logBefore);
      await playOut(second, clock, anyLegal, `${game}/second`);
      await second.close();
      const done = store.records.get(r.id)!;
      expect(done.actions.slice(0, kept.actions.length)).toEqual(kept.actions);
      expect((await verified(exportOf(done))).code).toBe(0);
    }
  });

  it('SF-14: a person silent in the taste-test window trusts when it closes (a move by the clock), and the game still verifies', async () => {
    const store = new MemoryStore();
    const clock = new TestClock(true);
    const { session } = page(store, clock);
    const r = record('stir-fry-eighteen', 3, 'basic', 5);
    await store.put(r);
    await session.open(r);
    await playOut(session, clock, silentInWindows, 'silent');
    await session.close();
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
    // A clock that stays still: nothing moves but what the test sends.
    const store = new MemoryStore();
    const host = createEngineHost({ store, clock: new TestClock(), log: () => undefined });
    const shown: GameSnapshot[] = [];
    host.listen((p: EnginePush) => { if (p.type === 'message' && p.msg.type === 'game') shown.push(p.msg); });
    const r = record('flip-7', 3, 'basic', 3);
    expect(await host.handle({ type: 'open', record: r, timing: AT_ONCE })).toEqual({ type: 'opened', id: r.id });
    const opened = shown.at(-1)!;
    const seq = opened.seq;
    const asked = opened.waitingFor[0]!;
    const bot = asked === HUMAN ? 1 : asked;
    const act = (o: { id?: string; seq?: number; seat?: number; action: unknown }) =>
      host.handle({ type: 'act', id: o.id ?? r.id, seq: o.seq ?? seq, seat: o.seat ?? HUMAN, action: o.action });
    if (asked === HUMAN) {
      expect(await act({ seq: seq + 1, action: opened.legal[0] })).toMatchObject({ type: 'refused', code: 'STALE' });
    } else {
      expect(await act({ action: { type: 'stay' } })).toMatchObject({ type: 'refused', code: 'NOT_YOUR_TURN' });
      expect(await act({ seq: seq + 1, action: { type: 'stay' } })).toMatchObject({ type: 'refused', code: 'STALE' });
    }
    expect(await act({ id: 'local-other', action: null })).toMatchObject({ type: 'refused', code: 'NOT_OPEN' });
    // The person plays their own seat only: a bot's is not theirs, even when the game waits for it.
    expect(await act({ seat: bot, action: { type: 'stay' } })).toMatchObject({ type: 'refused', code: 'NOT_YOUR_SEAT' });
    // Nothing changed: nothing stored but the game's start, and the next move is still move `seq`.
    expect(store.records.get(r.id)?.actions).toEqual([]);
    await host.handle({ type: 'open', record: r, timing: AT_ONCE });
    expect(shown.at(-1)!.seq).toBe(seq);
  });

  it('a stored record the rules refuse is reported, not played', async () => {
    const store = new MemoryStore();
    const r = record('flip-7', 3, 'basic', 4);
    const broken: OfflineRecord = { ...r, actions: [{ seq: 0, seat: 2, action: { type: 'nonsense' }, by: 'bot' }] };
    const { session } = page(store, new TestClock());
    expect(await session.open(broken)).toBe(false);
    expect(session.get().problem?.code).toBeTruthy();
    await session.close();
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
    const reply = await createEngineHost({ store: new MemoryStore(), clock: new TestClock() }).handle({ type: 'levels' });
    expect(reply).toEqual({ type: 'levels', levels: { 'stir-fry-eighteen': ['random', 'basic', 'expert'], 'flip-7': ['random', 'basic', 'expert'] } });
  });
});
