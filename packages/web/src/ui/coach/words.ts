import type { CoachDecision } from '@parlor/bots';
import { COACH_PERCENT_VALUES, COACH_SEAT_VALUES, COACH_THING_VALUES, coachMessage } from '@parlor/bots';
import type { TFunction } from 'i18next';

/**
 * A coach finding in the reader's language: the sentence's key under `coach.msg.` (coach.json)
 * and its values worded here — chances as percentages, points with one decimal, seats by name
 * ("yourself" for the coached seat), cards and claims by their translated names.
 */
export function coachText(t: TFunction, lang: string, d: CoachDecision, names: readonly string[], me: number): string {
  const m = coachMessage(d);
  const pct = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  const pts = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.values)) {
    if (COACH_PERCENT_VALUES.includes(k)) values[k] = pct.format(Number(v));
    else if (COACH_SEAT_VALUES.includes(k)) values[k] = Number(v) === me ? t('coach.yourself') : (names[Number(v)] ?? String(v));
    else if (COACH_THING_VALUES.includes(k)) values[k] = t(`coach.thing.${String(v)}`);
    else if (k === 'total' || k === 'points' || k === 'bestPoints') values[k] = whole.format(Number(v));
    else values[k] = typeof v === 'number' ? pts.format(v) : v;
  }
  return t(`coach.msg.${m.key}`, values);
}
