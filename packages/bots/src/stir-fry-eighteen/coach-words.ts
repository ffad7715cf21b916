import type { CoachMessage } from '../coach/message.js';
import type { CoachDecision } from '../coach/types.js';
import type { SfCoachKind } from './coach.js';

/**
 * The Stir Fry Eighteen coach's sentences: for each kind of decision, which sentence and its values
 * (the web client says them from locales/<lang>/coach.json, `coach.msg.sf.…`), and the same in
 * English for `parlor coach`.
 */
export const SF_COACH_MESSAGES: Readonly<Record<SfCoachKind, (d: CoachDecision) => CoachMessage>> = {
  'sf.taste': (d) => ({
    key: `sf.${d.chosen}.${d.flagged ? 'flag' : 'ok'}`,
    values: { from: Number(d.facts.from), claim: String(d.facts.claim), honest: Number(d.facts.honest), cost: d.cost },
  }),
  'sf.claim': (d) => {
    const bluff = d.facts.bluff === 1;
    return {
      key: bluff ? `sf.bluff.${d.flagged ? 'flag' : 'ok'}` : 'sf.honest.ok',
      values: { claim: String(d.facts.claim), tested: Number(d.facts.tested), cost: d.cost },
    };
  },
  'sf.cook': (d) => ({
    key: `sf.cook.${d.flagged ? 'flag' : 'ok'}`,
    values: { points: Number(d.facts.points), bestPoints: Number(d.facts.bestPoints), cost: d.cost },
  }),
};

/** The English sentences, by key (`{{name}}` for a value). */
export const SF_COACH_ENGLISH: Readonly<Record<string, string>> = Object.freeze({
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

/** The claims its sentences name, in English. */
export const SF_COACH_THINGS: Readonly<Record<string, string>> = Object.freeze({
  pair: 'pair', shrimp: 'Shrimp claim', pork: 'Pork claim', chicken: 'Chicken claim', tofu: 'Tofu claim',
});
