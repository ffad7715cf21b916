import { describe, expect, it } from 'vitest';
import { GAMES, runScenario, resultLine, summaryLine } from '../src/index.js';

const base = {
  name: 'a small game',
  game: 'stir-fry-eighteen',
  players: 2,
  seed: 'runner',
  setup: { hands: [['noodles', 'pork', 'ginger'], ['noodles', 'soy-sauce', 'soy-sauce']], drawPile: ['mushroom'] },
};
const run = (file: unknown) => runScenario(file, GAMES, 'file.json');

describe('scenario runner', () => {
  it('passes a file whose expectations hold', () => {
    const r = run({ ...base, steps: [{ expect: { hands: { 0: ['mushroom', 'noodles', 'pork', 'ginger'] }, toAct: [0], scores: [0, 0] } }] });
    expect(r).toEqual({ name: 'a small game', passed: true });
    expect(resultLine(r)).toBe('PASS a small game');
  });

  it('reports the step and what differed', () => {
    const r = run({ ...base, steps: [{ expect: { toAct: [0] } }, { expect: { scores: [1, 0] } }] });
    expect(r.passed).toBe(false);
    expect(r.message).toBe('step 2: scores: expected [1,0], got [0,0]');
    expect(resultLine(r)).toBe('FAIL a small game: step 2: scores: expected [1,0], got [0,0]');
  });

  it('fails an accepted action expected to be refused, and a refused one expected to pass', () => {
    const a = run({ ...base, steps: [{ act: { player: 0, action: { type: 'end-turn' } }, reject: true }] });
    expect(a.message).toMatch(/step 1: expected .* to be refused/);
    const b = run({ ...base, steps: [{ act: { player: 1, action: { type: 'end-turn' } } }] });
    expect(b.message).toMatch(/step 1: .* was refused: NOT_YOUR_TURN/);
  });

  it('compares sets and multisets regardless of order', () => {
    const r = run({ ...base, steps: [
      { act: { player: 0, action: { type: 'discard-pair', cards: ['pork', 'ginger'] } } },
      { expect: { toAct: [1], discardPileSize: 2 } },
      { act: { player: 1, action: { type: 'taste-test' } } },
      { expect: { revealed: ['ginger', 'pork'], bonusDraws: [0, 1] } },
    ] });
    expect(r).toEqual({ name: 'a small game', passed: true });
  });

  it.each([
    ['not an object', [1, 2], /one JSON object/],
    ['no name', { ...base, name: '', steps: [] }, /"name"/],
    ['an unknown key', { ...base, steps: [], colour: 'red' }, /unknown key "colour"/],
    ['an unknown game', { ...base, game: 'chess', steps: [] }, /"game" must be one of/],
    ['no steps', { ...base }, /"steps" must be a list/],
    ['a bad player count', { ...base, players: 9, steps: [] }, /2 to 5 players/],
    ['bad options', { ...base, options: { target: 7 }, steps: [] }, /target/],
    ['too many copies placed', { ...base, setup: { hands: [['shrimp', 'shrimp', 'pork'], ['noodles']] }, steps: [] }, /2 shrimp but the deck has 1/],
    ['removed without the tofu option', { ...base, setup: { removed: 'noodles' }, steps: [] }, /needs the tofu option/],
    ['an unknown setup key', { ...base, setup: { dealer: 1 }, steps: [] }, /unknown setup key "dealer"/],
    ['a step with two kinds', { ...base, steps: [{ expect: {}, stack: [] }] }, /exactly one of/],
    ['an unknown expectation', { ...base, steps: [{ expect: { colour: 'red' } }] }, /unknown expectation "colour"/],
    ['a stack of cards not in the pile', { ...base, steps: [{ stack: ['pork'] }] }, /pork is not in the draw pile/],
    ['a bad card name', { ...base, steps: [{ stack: ['beef'] }] }, /"beef" is not a card name/],
    ['an act without a player', { ...base, steps: [{ act: { action: { type: 'end-turn' } } }] }, /"player"/],
    ['a set expectation that is not a list', { ...base, steps: [{ expect: { toAct: 0 } }] }, /must be a list of seats/],
  ])('reports a file with %s as malformed, without throwing', (_what, file, message) => {
    const r = run(file);
    expect(r.passed).toBe(false);
    expect(r.malformed).toBe(true);
    expect(r.message).toMatch(message);
  });

  it('stacks cards so the next draws are known', () => {
    const r = run({ ...base, steps: [
      { stack: ['shrimp', 'chicken'] },
      { act: { player: 0, action: { type: 'discard-protein', card: 'ginger', claim: 'chicken' } } },
      { act: { player: 1, action: { type: 'trust' } } },
      { expect: { hands: { 0: ['noodles', 'pork', 'mushroom', 'shrimp', 'chicken'] } } },
    ] });
    expect(r).toEqual({ name: 'a small game', passed: true });
  });

  it('sums up results in the closing line', () => {
    expect(summaryLine([{ name: 'a', passed: true }, { name: 'b', passed: false }, { name: 'c', passed: true }])).toBe('2 passed, 1 failed');
  });
});
