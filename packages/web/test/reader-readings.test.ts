import { type F7View, type SfCard, type SfView, flip7, stirFryEighteen } from '@parlor/rules';
import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import common from '../src/i18n/locales/en/common.json' with { type: 'json' };
import enF7 from '../src/i18n/locales/en/f7.json' with { type: 'json' };
import enSf from '../src/i18n/locales/en/sf.json' with { type: 'json' };
import itCommon from '../src/i18n/locales/it/common.json' with { type: 'json' };
import itF7 from '../src/i18n/locales/it/f7.json' with { type: 'json' };
import zhCommon from '../src/i18n/locales/zh-Hans/common.json' with { type: 'json' };
import zhF7 from '../src/i18n/locales/zh-Hans/f7.json' with { type: 'json' };
import { f7Reading, f7TurnText, f7YourMove } from '../src/ui/games/flip-7/reading.js';
import { bestDishOf, sfReading } from '../src/ui/games/stir-fry-eighteen/reading.js';
import type { LogContext } from '../src/ui/games/stir-fry-eighteen/format.js';

// The reading keys' words (H, S, T, L, O) and the announcer's "your move", from the player's own
// view: every card in play in Flip 7 (F7-16), only one's own hand and what was shown in Stir Fry
// Eighteen (SF-14: a face-down card is counted, never named).

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en', fallbackLng: false, interpolation: { escapeValue: false },
    resources: { en: { translation: { ...common, f7: enF7, sf: enSf } }, it: { translation: { ...itCommon, f7: itF7 } }, 'zh-Hans': { translation: { ...zhCommon, f7: zhF7 } } },
  });
});
const t = (k: string, v?: Record<string, unknown>) => String(i18n.t(k, v as never));

function f7View(seed: string): F7View {
  const started = flip7.start({ players: 3, options: { target: 200 }, seed });
  if (!started.ok) throw new Error('refused');
  return flip7.view(started.value.state, 0);
}

describe('Flip 7 readings', () => {
  const names = ['Ana', 'Bob', 'Cy'];
  it('H reads my line with its points; S every total against the target; a spectator has no line', () => {
    const view = f7View('reader f7 1');
    const h = f7Reading('hand', view, 0, names, [], t, 'en', '')!;
    expect(h.startsWith('Cards of Ana: ')).toBe(true);
    expect(h).toContain('This round: ');
    expect(f7Reading('hand', view, null, names, [], t, 'en', '')).toBeNull();
    expect(f7Reading('scores', view, 0, names, [], t, 'en', '')).toBe('Ana: 0 of 200 points. Bob: 0 of 200 points. Cy: 0 of 200 points.');
  });

  it('T reads whose decision it is and every line; O the chance to bust as the hint computes it', () => {
    const view = f7View('reader f7 2');
    const turn = f7TurnText(view, 0, names, null, false, t);
    const table = f7Reading('table', view, 0, names, [], t, 'en', turn.text)!;
    expect(table).toContain(turn.text);
    for (const n of names) expect(table).toContain(`Cards of ${n}: `);
    expect(table).toContain(`Draw pile: ${view.drawPileSize}`);
    const odds = f7Reading('odds', view, 0, names, [], t, 'en', '')!;
    expect(odds).toMatch(/^Chance to bust: \d+(\.\d)?%\./);
    expect(f7Reading('odds', view, null, names, [], t, 'en', '')).toBe(enF7.reader.noOdds);
  });

  it('L reads the last lines of the log; nothing when it is empty', () => {
    const view = f7View('reader f7 3');
    expect(f7Reading('last', view, 0, names, [], t, 'en', '')).toBeNull();
    const log = [{ type: 'stay', seat: 1, atDeal: false }, { type: 'flip', seat: 2, card: '7', flipThree: false }] as never[];
    expect(f7Reading('last', view, 0, names, log, t, 'en', '')).toBe('Bob stays. Cy flips 7.');
  });

  it('reads in the page\'s language: the Italian table reads its scores in Italian', () => {
    const it = i18n.getFixedT('it');
    const view = f7View('reader f7 1');
    const tIt = (k: string, v?: Record<string, unknown>) => String(it(k, v as never));
    expect(f7Reading('scores', view, 0, names, [], tIt, 'it', '')).toBe(
      names.map((name) => `${itF7.line.progress.replace('{{name}}', name).replace('{{total}}', '0').replace('{{target}}', '200')}.`).join(' '));
  });

  it('ends its sentences with the language\'s own full stop: 。 in Chinese', () => {
    const zh = i18n.getFixedT('zh-Hans');
    const view = f7View('reader f7 1');
    const tZh = (k: string, v?: Record<string, unknown>) => String(zh(k, v as never));
    const said = f7Reading('scores', view, 0, names, [], tZh, 'zh-Hans', '')!;
    expect(said).toBe(names.map((name) => `${zhF7.line.progress.replace('{{name}}', name).replace('{{total}}', '0').replace('{{target}}', '200')}。`).join(' '));
    expect(said).not.toContain('.');
  });

  it('whose decision it is: mine is mine; another seat\'s is told by name', () => {
    const view = f7View('reader f7 5');
    const p = view.pending!;
    const other = p.seat === 0 ? 1 : 0;
    expect(f7TurnText(view, p.seat, names, null, false, t).mine).toBe(true);
    const theirs = f7TurnText(view, other, names, null, false, t);
    expect(theirs.mine).toBe(false);
    expect(theirs.text).toContain(names[p.seat]);
    // A stand-in bot playing my seat: my turn is the bot's, and nothing is asked of me.
    expect(f7TurnText(view, p.seat, names, null, true, t)).toEqual({ text: enF7.turn.botPlays, mine: false });
  });

  it('my move says the question and its choices: hit or stay with the points a stay banks', () => {
    const view = f7View('reader f7 4');
    const p = view.pending!;
    const said = f7YourMove({ ...view, pending: { ...p, seat: 0, kind: 'move', atDeal: false } as never }, 0, names, [], t);
    expect(said).toMatch(/^Your turn: hit or stay\? Bank \d+ points?\.$/);
  });
});

function sfGame(seed: string): { view: (seat: number) => SfView } {
  const started = stirFryEighteen.start({ players: 3, options: { target: 50 }, seed });
  if (!started.ok) throw new Error('refused');
  return { view: (seat) => stirFryEighteen.view(started.value.state, seat) };
}

const ctx = (): LogContext => ({
  t,
  name: (s) => ['Ana', 'Bob', 'Cy'][s] ?? `#${s}`,
  cards: (cs) => cs.map((c) => t(`sf.cards.${c}.name`)).join(', '),
  claim: (c) => t(`sf.claims.${c}`),
});

describe('Stir Fry Eighteen readings', () => {
  it('H reads my hand with each card\'s points; S the scores and the target', () => {
    const view = sfGame('reader sf 1').view(0);
    const input = { view, me: 0, log: [], status: 'Your turn', claims: [] };
    const h = sfReading('hand', input, ctx())!;
    expect(h.startsWith(`Your hand (${view.hand!.length} cards): `)).toBe(true);
    for (const c of view.hand!) expect(h).toContain(t(`sf.cards.${c}.name`));
    expect(sfReading('scores', input, ctx())).toBe('Ana: 0 points. Bob: 0 points. Cy: 0 points. Target: 50.');
  });

  it('T counts another chef\'s face-down cards and never names them; mine are named', () => {
    const view = sfGame('reader sf 2').view(0);
    const hidden: SfCard[] = ['tofu'];
    const withStacks: SfView = {
      ...view,
      putDown: [
        { by: 1, why: 'protein', count: 1, open: false, cards: null },
        { by: 0, why: 'pair', count: 2, open: false, cards: ['pork', 'pork'] },
      ] as never,
    };
    const text = sfReading('table', { view: withStacks, me: 0, log: [], status: 'Bob\'s turn', claims: ['shrimp', null] }, ctx())!;
    expect(text).toContain('Bob: “Shrimp”: 1 card face down');
    expect(text).toContain('Ana: “a pair”: Pork, 5 points; Pork, 5 points');
    expect(text).not.toContain(t(`sf.cards.${hidden[0]}.name`));
  });

  it('O reads the best dish my hand can cook, as the preview words it; else that there is none', () => {
    expect(bestDishOf(['noodles', 'pork', 'ginger', 'soy-sauce'])?.points).toBeGreaterThan(0);
    expect(bestDishOf(['pork', 'pork'])).toBeNull();
    const view = sfGame('reader sf 3').view(0);
    const input = (hand: SfCard[]) => ({ view: { ...view, hand }, me: 0, log: [], status: '', claims: [] });
    const best = bestDishOf(['noodles', 'pork', 'ginger'])!;
    expect(sfReading('odds', input(['noodles', 'pork', 'ginger']), ctx())).toBe(
      `${enSf.reader.bestDish} This dish scores ${best.points} points: ${best.values.map((v) => `${t(`sf.cards.${v.card}.name`)} ${v.value}`).join(' + ')}`);
    expect(sfReading('odds', input(['pork', 'pork']), ctx())).toBe(enSf.reader.noDish);
  });
});
