/**
 * From a finding to a sentence. `coachMessage` picks the sentence (a key) and its values — no
 * words, so every language can say it: the web client looks the key up under `coach.msg.` in
 * locales/<lang>/coach.json; `coachSentence` says it in English (the `parlor coach` command) from
 * COACH_ENGLISH, which locales/en/coach.json repeats word for word (a test checks it).
 */
import { isGameId } from '@parlor/rules';
import { everyCoach } from './coaches.js';
import type { CoachMessage } from './message.js';
import type { CoachDecision, CoachProblem, CoachReport } from './types.js';

export type { CoachMessage } from './message.js';

/** Which values are chances (shown as percentages), which are seats (shown as names), which name a thing (translated). */
export const COACH_PERCENT_VALUES: readonly string[] = ['bust', 'honest', 'tested', 'winChosen', 'winOther'];
export const COACH_SEAT_VALUES: readonly string[] = ['to', 'best', 'from'];
export const COACH_THING_VALUES: readonly string[] = ['card', 'claim'];

/** The English sentences, by key (`{{name}}` for a value): every game's coach's (GameCoach.english). */
export const COACH_ENGLISH: Readonly<Record<string, string>> = Object.freeze(Object.assign({}, ...everyCoach().map((c) => c.english)));

/** The things named in sentences, in English: every game's coach's (GameCoach.things). */
export const COACH_ENGLISH_THINGS: Readonly<Record<string, string>> = Object.freeze(Object.assign({}, ...everyCoach().map((c) => c.things)));

/** Each kind of decision's sentence, from the coach of its game. */
const MESSAGES: ReadonlyMap<string, (d: CoachDecision) => CoachMessage> = new Map(everyCoach().flatMap((c) => Object.entries(c.messages)));

/** The sentence for one judged decision (its kind's, as its game's coach words it). */
export function coachMessage(d: CoachDecision): CoachMessage {
  const message = MESSAGES.get(d.kind);
  if (message === undefined) throw new RangeError(`no coach words for a decision of kind ${d.kind}`);
  return message(d);
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
