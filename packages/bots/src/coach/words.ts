/**
 * From a finding to a sentence. `coachMessage` picks the sentence (a key) and its values — no
 * words, so every language can say it: the web client looks the key up under `coach.msg.` in
 * locales/<lang>/coach.json; `coachSentence` says it in English (the `parlor coach` command) from
 * COACH_ENGLISH, which locales/en/coach.json repeats word for word (a test checks it).
 */
import { isGameId } from '@parlor/rules';
import type { CoachDecision, CoachProblem, CoachReport } from './types.js';

/** A sentence to say: its key, and values that are numbers (chances 0–1, points) or seats. */
export interface CoachMessage {
  readonly key: string;
  /** Chances (0–1) under `bust`, `honest`, `tested`, `win`…; points under `cost`, `total`, `hit`, `stay`…; seats under `to`, `best`, `from`. */
  readonly values: Readonly<Record<string, number | string>>;
}

/** Which values are chances (shown as percentages), which are seats (shown as names), which name a thing (translated). */
export const COACH_PERCENT_VALUES: readonly string[] = ['bust', 'honest', 'tested', 'winChosen', 'winOther'];
export const COACH_SEAT_VALUES: readonly string[] = ['to', 'best', 'from'];
export const COACH_THING_VALUES: readonly string[] = ['card', 'claim'];

/** The English sentences, by key (`{{name}}` for a value). */
export const COACH_ENGLISH: Readonly<Record<string, string>> = Object.freeze({
  'f7.stay.flag': 'You stayed on {{total}} with a {{bust}} chance to bust: hitting was worth {{cost}} more points on average.',
  'f7.hit.flag': 'You hit on {{total}} with a {{bust}} chance to bust: staying was worth {{cost}} more points on average.',
  'f7.stay.ok': 'You stayed on {{total}} with a {{bust}} chance to bust: staying {{stay}} points, hitting {{hit}} on average.',
  'f7.hit.ok': 'You hit on {{total}} with a {{bust}} chance to bust: hitting {{hit}} points, staying {{stay}} on average.',
  'f7.stay.win': 'You stayed on {{total}}: hitting was worth {{cost}} more points on average, but staying gave a better chance to win the game ({{winChosen}} against {{winOther}}); the advice follows winning.',
  'f7.hit.win': 'You hit on {{total}} with a {{bust}} chance to bust: staying was worth {{cost}} more points on average, but hitting gave a better chance to win the game ({{winChosen}} against {{winOther}}); the advice follows winning.',
  'f7.give.flag': 'You gave the {{card}} to {{to}}: giving it to {{best}} was worth {{cost}} more points on average.',
  'f7.give.ok': 'You gave the {{card}} to {{to}}: as good as any other choice in points, within {{cost}}.',
  'f7.give.win': 'You gave the {{card}} to {{to}}: giving it to {{best}} was worth {{cost}} more points on average, but your choice gave a better chance to win the game ({{winChosen}} against {{winOther}}); the advice follows winning.',
  'sf.trust.flag': 'You trusted {{from}}\'s {{claim}}, honest only {{honest}} of the time from what you could see: a taste test was worth {{cost}} more points on average.',
  'sf.test.flag': 'You taste-tested {{from}}\'s {{claim}}, honest {{honest}} of the time from what you could see: trusting was worth {{cost}} more points on average.',
  'sf.trust.ok': 'You trusted {{from}}\'s {{claim}}, honest {{honest}} of the time from what you could see.',
  'sf.test.ok': 'You taste-tested {{from}}\'s {{claim}}, honest {{honest}} of the time from what you could see.',
  'sf.bluff.flag': 'You bluffed a {{claim}} with a {{tested}} chance of a taste test: not bluffing was worth {{cost}} more points on average.',
  'sf.bluff.ok': 'You bluffed a {{claim}} with a {{tested}} chance of a taste test.',
  'sf.honest.ok': 'You discarded an honest {{claim}} ({{tested}} chance of a taste test).',
  'sf.cook.flag': 'You cooked a dish worth {{points}} points; the best dish in your hand was worth {{bestPoints}}.',
  'sf.cook.ok': 'You cooked a dish worth {{points}} points, the best in your hand.',
});

/** The things named in sentences, in English. */
export const COACH_ENGLISH_THINGS: Readonly<Record<string, string>> = Object.freeze({
  freeze: 'Freeze', 'flip-three': 'Flip Three', 'second-chance': 'Second Chance',
  pair: 'pair', shrimp: 'Shrimp claim', pork: 'Pork claim', chicken: 'Chicken claim', tofu: 'Tofu claim',
});

/** The sentence for one judged decision. */
export function coachMessage(d: CoachDecision): CoachMessage {
  const verdict = d.winBest !== null && d.winBest === d.chosen && d.cost > 0 ? 'win' : d.flagged ? 'flag' : 'ok';
  const f = d.facts;
  const winValues: Record<string, number> = d.winBest !== null ? { winChosen: Number(f.winChosen ?? 0), winOther: Number(f.winOther ?? 0) } : {};
  switch (d.kind) {
    case 'f7.hitOrStay': {
      const hit = d.options.find((o) => o.id === 'hit');
      const stay = d.options.find((o) => o.id === 'stay');
      return {
        key: `f7.${d.chosen}.${verdict}`,
        values: { total: Number(f.total), bust: Number(f.bust), cost: d.cost, hit: hit?.value ?? 0, stay: stay?.value ?? 0, ...winValues },
      };
    }
    case 'f7.give':
      return {
        key: `f7.give.${verdict}`,
        values: { card: String(f.card), to: seatOf(d.chosen), best: seatOf(d.best), cost: d.cost, ...winValues },
      };
    case 'sf.taste':
      return { key: `sf.${d.chosen}.${d.flagged ? 'flag' : 'ok'}`, values: { from: Number(f.from), claim: String(f.claim), honest: Number(f.honest), cost: d.cost } };
    case 'sf.claim': {
      const bluff = f.bluff === 1;
      return { key: bluff ? `sf.bluff.${d.flagged ? 'flag' : 'ok'}` : 'sf.honest.ok', values: { claim: String(f.claim), tested: Number(f.tested), cost: d.cost } };
    }
    case 'sf.cook':
      return { key: `sf.cook.${d.flagged ? 'flag' : 'ok'}`, values: { points: Number(f.points), bestPoints: Number(f.bestPoints), cost: d.cost } };
  }
}

function seatOf(id: string): number {
  return Number(id.replace(/^seat:/, ''));
}

const fmtPoints = (x: number) => (Math.round(x * 10) / 10).toFixed(1);
const fmtPercent = (x: number) => `${Math.round(x * 100)}%`;

/** Fills a template with values already worded. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => values[k] ?? `{{${k}}}`);
}

/** Words a message's values in English: percentages, points to one decimal, names, things. */
function englishValues(m: CoachMessage, names: readonly string[], me: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.values)) {
    if (COACH_PERCENT_VALUES.includes(k)) out[k] = fmtPercent(Number(v));
    else if (COACH_SEAT_VALUES.includes(k)) out[k] = Number(v) === me ? 'yourself' : (names[Number(v)] ?? `seat ${v}`);
    else if (COACH_THING_VALUES.includes(k)) out[k] = COACH_ENGLISH_THINGS[String(v)] ?? String(v);
    else if (k === 'total' || k === 'points' || k === 'bestPoints') out[k] = String(v);
    else out[k] = typeof v === 'number' ? fmtPoints(v) : v;
  }
  return out;
}

/** One decision in English, e.g. "You stayed on 19 with a 31% chance to bust: hitting was worth 2.1 more points on average." */
export function coachSentence(d: CoachDecision, names: readonly string[], me: number): string {
  const m = coachMessage(d);
  return fillTemplate(COACH_ENGLISH[m.key] ?? m.key, englishValues(m, names, me));
}

/** The closing one-line summary, in English. */
export function coachSummaryLine(r: CoachReport): string {
  const s = r.summary;
  const parts = [
    `${s.decisions} decision${s.decisions === 1 ? '' : 's'} analysed`,
    `${s.flagged} flagged (cost more than ${fmtPoints(r.threshold)} points)`,
    `about ${fmtPoints(s.pointsLost)} points given away over the game, on average`,
  ];
  if (s.conflicts > 0) parts.push(`${s.conflicts} where winning and points disagreed (the advice followed winning)`);
  return `Summary: ${parts.join(', ')}.`;
}

/** Why there is no report, in English. */
export function coachProblemText(p: CoachProblem): string {
  switch (p.code) {
    case 'format': return 'not a Parlor game export (format "parlor-game" with players, seed and actions)';
    case 'game': return isGameId(p.game) ? `there is no coach for ${p.game}` : `unknown game ${JSON.stringify(p.game)}`;
    case 'seat': return `no seat ${p.seat} in this game: seats are 0 to ${p.players - 1}`;
    case 'replay': return `the export does not replay (as parlor verify would say): ${p.index >= 0 ? `action ${p.index}: ` : ''}${p.message}`;
    case 'notOver': return 'the game is not over after the last action: the coach needs a finished game';
  }
}
