/**
 * Issue 12, item 7: the replay page shows exactly the positions `parlor verify` replays. A game is
 * played with the rules' own loop (playGame), written out as the server exports it, then folded by
 * the page's code (src/ui/replay/fold.ts): every position must equal the state the game went
 * through and the state verify's fold (setup, then apply of each action) reaches, and the result
 * must be the export's. The export itself passes `parlor verify`.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameExport } from '@parlor/protocol';
import { type Agent, type F7Event, type GameId, GAME_IDS, f7CardCode, f7ScoreLine, gameModule, playGame } from '@parlor/rules';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import enF7 from '../src/i18n/locales/en/f7.json' with { type: 'json' };
import enReplay from '../src/i18n/locales/en/replay.json' with { type: 'json' };
import { F7Replay } from '../src/ui/games/flip-7/Replay.js';
import { f7ReplayView } from '../src/ui/games/flip-7/replay-view.js';
import { verifyCommand } from '../../cli/src/commands/verify.js';
import { type FoldedReplay, chapters, foldExport, positionFromQuery } from '../src/ui/replay/fold.js';

/** Any legal action, drawn with the seat's own generator. */
const anyLegal: Agent = { blind: true, decide: (_view, legal, rng) => rng.pick(legal as unknown[]) };

interface Played { readonly exp: GameExport; readonly states: unknown[] }

/** Plays a whole game of `game` and returns its export (as GET /api/games/… gives it) and every state it went through. */
async function play(game: GameId, players: number, seed: string): Promise<Played> {
  const module = gameModule(game);
  const options = module.options.defaults;
  const actions: GameExport['actions'] = [];
  const started = module.start({ players, options, seed });
  if (!started.ok) throw new Error(started.error.message);
  const states: unknown[] = [started.value.state];
  const result = await playGame({
    game: module, start: { players, options, seed }, agents: Array.from({ length: players }, () => anyLegal), seed: `${seed}/agents`,
    onAction: (a) => { actions.push({ seq: a.n - 1, seat: a.seat, action: a.action, by: 'bot' }); states.push(a.after); },
  });
  if (result.outcome === null) throw new Error('the game did not end');
  const exp: GameExport = {
    format: 'parlor-game', version: 1, game, table: 'tbl1', gameNo: 1, players, options: options as Record<string, unknown>,
    seats: Array.from({ length: players }, (_, i) => ({ kind: 'bot' as const, name: 'random bot', level: 'random' as const, playerId: `p${i}` })),
    seed, commitment: createHash('sha256').update(seed).digest('hex'), actions, outcome: result.outcome, stats: null,
    startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T01:00:00.000Z',
  };
  return { exp, states };
}

/** `parlor verify`'s own fold (packages/cli/src/commands/verify.ts), every state kept. */
function verifyFold(exp: GameExport): unknown[] {
  const module = gameModule(exp.game);
  const setup = module.setup({ players: exp.players, options: exp.options, seed: exp.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  const states: unknown[] = [setup.value];
  for (const a of exp.actions) {
    const r = module.apply(states.at(-1), a.seat, a.action);
    if (!r.ok) throw new Error(r.error.message);
    states.push(r.state);
  }
  return states;
}

function folded(exp: GameExport): FoldedReplay {
  const f = foldExport(exp);
  if (f.game === null) throw new Error(`not folded: ${f.problem.kind}`);
  return f;
}

const CASES: [GameId, number, string][] = [
  ['stir-fry-eighteen', 2, 'replay-sf-2'], ['stir-fry-eighteen', 4, 'replay-sf-4'],
  ['flip-7', 3, 'replay-f7-3'], ['flip-7', 6, 'replay-f7-6'],
];

describe('the replay folds an export exactly as `parlor verify` does', () => {
  it('covers every registered game', () => {
    expect(new Set(CASES.map((c) => c[0]))).toEqual(new Set(GAME_IDS));
  });

  for (const [game, players, seed] of CASES) {
    it(`${game}, ${players} players: position k is the state after k actions, verify's and the game's own; the result is the export's`, async () => {
      const { exp, states } = await play(game, players, seed);
      const dir = mkdtempSync(join(tmpdir(), 'parlor-replay-'));
      writeFileSync(join(dir, 'game.json'), JSON.stringify(exp));
      const lines: string[] = [];
      expect(await verifyCommand(join(dir, 'game.json'), (l) => lines.push(l)), lines.join('\n')).toBe(0);

      const replay = folded(exp);
      const verified = verifyFold(exp);
      expect(replay.problem).toBeNull();
      expect(replay.positions.length).toBe(exp.actions.length + 1);
      expect(replay.positions.map((p) => p.n)).toEqual(replay.positions.map((_, i) => i));
      // JSON round trip: the states are plain data, compared field by field.
      const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
      replay.positions.forEach((p, k) => {
        expect(plain(p.state), `position ${k}`).toEqual(plain(verified[k]));
        expect(plain(p.state), `position ${k}`).toEqual(plain(states[k]));
      });
      // Each position after the first names the action that led to it and who made it.
      replay.positions.slice(1).forEach((p, i) => {
        expect(p.seat).toBe(exp.actions[i]!.seat);
        expect(p.action).toEqual(exp.actions[i]!.action);
        expect(p.by).toBe('bot');
      });
      expect(replay.outcome).toEqual(exp.outcome);
      expect(replay.outcomeMatches).toBe(true);
      expect(replay.positions.at(-1)!.toAct).toEqual([]);
      // The log in words comes from public events only (a replay shows the hands themselves).
      for (const p of replay.positions) for (const e of p.events) expect((e as { only?: number }).only).toBeUndefined();
    });
  }

  it('stops where verify fails: a refused action, a misnumbered one, a result that differs', async () => {
    const { exp } = await play('flip-7', 3, 'replay-broken');
    const refused = folded({ ...exp, actions: exp.actions.map((a, i) => (i === 5 ? { ...a, seat: (a.seat + 1) % 3 } : a)) });
    expect(refused.problem?.kind).toBe('refused');
    expect(refused.positions.length).toBe(6);
    expect(refused.outcome).toBeNull();
    const renumbered = folded({ ...exp, actions: exp.actions.map((a, i) => (i === 2 ? { ...a, seq: 7 } : a)) });
    expect(renumbered.problem).toEqual({ kind: 'numbering', index: 2 });
    const otherResult = folded({ ...exp, outcome: { ...exp.outcome, winners: [9] } });
    expect(otherResult.problem).toBeNull();
    expect(otherResult.outcomeMatches).toBe(false);
    const cut = folded({ ...exp, actions: exp.actions.slice(0, 4) });
    expect(cut.problem).toEqual({ kind: 'not-over' });
    expect(foldExport({ ...exp, game: 'chess' } as unknown as GameExport)).toEqual({ game: null, problem: { kind: 'game', game: 'chess' } });
    expect(foldExport({ ...exp, format: 'other' } as unknown as GameExport).game).toBeNull();
  });

  it('chapters: each turn (Stir Fry Eighteen) or round (Flip 7) once, at its first position, in order', async () => {
    for (const [game, players, seed] of [CASES[0]!, CASES[2]!]) {
      const replay = folded((await play(game, players, seed)).exp);
      const length = gameModule(game).length;
      const marks = chapters(replay.positions, (s) => length.of(s));
      expect(marks[0]!.at).toBe(0);
      expect(marks.at(-1)!.chapter).toBe(length.of(replay.positions.at(-1)!.state));
      marks.forEach((m, i) => {
        expect(length.of(replay.positions[m.at]!.state)).toBe(m.chapter);
        if (m.at > 0) expect(length.of(replay.positions[m.at - 1]!.state)).not.toBe(m.chapter);
        if (i > 0) expect(m.chapter).toBeGreaterThan(marks[i - 1]!.chapter);
      });
    }
  });

  it('?at= names a position: a whole number within the game, else the last', () => {
    expect(positionFromQuery('0', 40)).toBe(0);
    expect(positionFromQuery('17', 40)).toBe(17);
    expect(positionFromQuery('99', 40)).toBe(40);
    expect(positionFromQuery(null, 40)).toBe(40);
    expect(positionFromQuery('-1', 40)).toBe(40);
    expect(positionFromQuery('1e3', 40)).toBe(40);
    expect(positionFromQuery('', 40)).toBe(40);
  });
});

describe('the last position of a Flip 7 replay shows the lines the last round was scored from (F7-12, F7-14)', () => {
  for (const [players, seed] of [[3, 'replay-f7-3'], [6, 'replay-f7-6']] as const) {
    it(`${players} players: every line as the round ended, each scoring what the round-end says; none "No cards yet"`, async () => {
      const { exp } = await play('flip-7', players, seed);
      const replay = folded(exp);
      const last = replay.positions.length - 1;
      const end = replay.positions[last]!.events.find((e): e is Extract<F7Event, { type: 'round-end' }> => e.type === 'round-end');
      expect(end).toBeDefined();
      const view = f7ReplayView(replay, last);
      expect(view.phase).toBe('over');
      for (let seat = 0; seat < players; seat++) {
        const line = view.lines[seat]!;
        expect(line.length, `seat ${seat}'s line`).toBeGreaterThan(0);
        const scored = f7ScoreLine(line.map(f7CardCode), view.status[seat] === 'busted', end!.flip7 === seat);
        expect(scored.total, `seat ${seat}'s round points`).toBe(end!.breakdown[seat]!.total);
      }
      // Any other position is the rules' own view of its state.
      const before = f7ReplayView(replay, last - 1);
      expect(before.lines).toEqual(gameModule('flip-7').view(replay.positions[last - 1]!.state, 'spectator').lines);

      const i18n = i18next.createInstance();
      await i18n.use(initReactI18next).init({
        lng: 'en', interpolation: { escapeValue: false }, resources: { en: { translation: { f7: enF7, replay: enReplay } } },
      });
      const names = Array.from({ length: players }, (_, i) => `Bot ${i + 1}`);
      const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(F7Replay, { replay, at: last, names })));
      expect(html).not.toContain(enF7.line.empty);
      expect(html.match(/f7-card/g)?.length ?? 0).toBeGreaterThan(0);
    });
  }
});
