import type { CoachMessage } from '../coach/message.js';
import { coachVerdict, seatOf, winValues } from '../coach/message.js';
import type { CoachDecision } from '../coach/types.js';
import type { F7CoachKind } from './coach.js';

/**
 * The Flip 7 coach's sentences: for each kind of decision, which sentence and its values (the web
 * client says them from locales/<lang>/coach.json, `coach.msg.f7.…`), and the same in English for
 * `parlor coach`.
 */
export const F7_COACH_MESSAGES: Readonly<Record<F7CoachKind, (d: CoachDecision) => CoachMessage>> = {
  'f7.hitOrStay': (d) => {
    const hit = d.options.find((o) => o.id === 'hit');
    const stay = d.options.find((o) => o.id === 'stay');
    const f = d.facts;
    return {
      key: `f7.${d.chosen}.${coachVerdict(d)}`,
      values: { total: Number(f.total), bust: Number(f.bust), cost: d.cost, hit: hit?.value ?? 0, stay: stay?.value ?? 0, ...winValues(d) },
    };
  },
  'f7.give': (d) => ({
    key: `f7.give.${coachVerdict(d)}`,
    values: { card: String(d.facts.card), to: seatOf(d.chosen), best: seatOf(d.best), cost: d.cost, ...winValues(d) },
  }),
};

/** The English sentences, by key (`{{name}}` for a value). */
export const F7_COACH_ENGLISH: Readonly<Record<string, string>> = Object.freeze({
  'f7.stay.flag': 'You stayed on {{total}} with a {{bust}} chance to bust: hitting was worth {{cost}} more points on average.',
  'f7.hit.flag': 'You hit on {{total}} with a {{bust}} chance to bust: staying was worth {{cost}} more points on average.',
  'f7.stay.ok': 'You stayed on {{total}} with a {{bust}} chance to bust: staying {{stay}} points, hitting {{hit}} on average.',
  'f7.hit.ok': 'You hit on {{total}} with a {{bust}} chance to bust: hitting {{hit}} points, staying {{stay}} on average.',
  'f7.stay.win': 'You stayed on {{total}}: hitting was worth {{cost}} more points on average, but staying gave a better chance to win the game ({{winChosen}} against {{winOther}}); the advice follows winning.',
  'f7.hit.win': 'You hit on {{total}} with a {{bust}} chance to bust: staying was worth {{cost}} more points on average, but hitting gave a better chance to win the game ({{winChosen}} against {{winOther}}); the advice follows winning.',
  'f7.give.flag': 'You gave the {{card}} to {{to}}: giving it to {{best}} was worth {{cost}} more points on average.',
  'f7.give.ok': 'You gave the {{card}} to {{to}}: as good as any other choice in points, within {{cost}}.',
  'f7.give.win': 'You gave the {{card}} to {{to}}: giving it to {{best}} was worth {{cost}} more points on average, but your choice gave a better chance to win the game ({{winChosen}} against {{winOther}}); the advice follows winning.',
});

/** The cards its sentences name, in English. */
export const F7_COACH_THINGS: Readonly<Record<string, string>> = Object.freeze({
  freeze: 'Freeze', 'flip-three': 'Flip Three', 'second-chance': 'Second Chance',
});
