import { type SfCard, type SfEvent, type SfProtein, type SfView, sfCardValue, sfCheckDish } from '@parlor/rules';
import type { Reading } from '../../table/reader-keys.js';
import { labelled, listed, listedLong, sentences } from '../../table/spoken.js';
import { formatSfEvent, type LogContext, sfSaidEvents } from './format.js';

/** How many of the log's last lines the L key reads. */
export const LAST_LINES = 5;

/** The best dish these cards can cook (SF-2), 3 to 5 of them: its cards and points; null when none scores. */
export function bestDishOf(hand: readonly SfCard[]): { cards: SfCard[]; points: number; values: readonly { card: SfCard; value: number }[] } | null {
  let best: { cards: SfCard[]; points: number; values: readonly { card: SfCard; value: number }[] } | null = null;
  const n = hand.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const cards = hand.filter((_, i) => (mask >> i) & 1);
    if (cards.length < 3 || cards.length > 5) continue;
    const r = sfCheckDish(cards);
    if (r.legal && r.points > 0 && (best === null || r.points > best.points)) best = { cards, points: r.points, values: r.values };
  }
  return best;
}

/** Cards by name with their points alone ("Pork, 5 points"), as the hand's buttons say them. */
function cardsSaid(cards: readonly SfCard[], c: LogContext): string {
  return listedLong(cards.map((card) => c.t('sf.cardLabel', { name: c.t(`sf.cards.${card}.name`), count: sfCardValue(card, [card]) })), c.t);
}

/** What one reading needs of the table shown. */
export interface SfReadingInput {
  readonly view: SfView;
  readonly me: number | null;
  /** The log as far as the table shows it. */
  readonly log: readonly SfEvent[];
  /** Whose move it is, as the status line says it. */
  readonly status: string;
  /** The declared protein of each put-down stack (by index), when known. */
  readonly claims: readonly (SfProtein | null | undefined)[];
}

/**
 * One reading of the Stir Fry Eighteen table (the reading keys, ui/table/reader-keys.ts), from this
 * seat's own view: `hand` my cards, `scores` every chef's score against the target, `table` whose
 * move it is, the pile, what is put down (face-down cards only counted, SF-14: their faces are
 * never told unless a taste test showed them or they are mine), the last taste test and dish and
 * every hand's size, `last` the log's last lines, `odds` the best dish my hand can cook now.
 */
export function sfReading(r: Exclude<Reading, 'keys'>, { view, me, log, status, claims }: SfReadingInput, c: LogContext): string | null {
  const { t } = c;
  const hand = view.hand;
  switch (r) {
    case 'hand':
      if (hand === null) return null;
      return hand.length === 0 ? t('sf.hand.empty') : sentences([labelled(`${t('sf.hand.title')} (${t('sf.handSize', { count: hand.length })})`, cardsSaid(hand, c), t)], t);
    case 'scores':
      return sentences([...view.scores.map((score, s) => labelled(c.name(s), t('sf.points', { count: score }), t)), t('sf.target', { target: view.options.target })], t);
    case 'table': {
      const stacks = view.putDown.length === 0 ? t('sf.table.empty') : view.putDown.map((p, i) => {
        const claim = claims[i];
        const label = t(`sf.table.why.${p.why}`, { name: c.name(p.by), claim: claim ? c.claim(claim) : '?' });
        const shown = p.cards && (p.open || p.by === me) ? p.cards : null;
        return labelled(label, shown === null ? t('sf.reader.faceDown', { count: p.count }) : cardsSaid(shown, c), t);
      });
      const hands = listed(view.handSizes.map((n, s) => labelled(c.name(s), t('sf.handSize', { count: n }), t)), t);
      const put = typeof stacks === 'string' ? stacks : sentences(stacks, t);
      return sentences([status, t('sf.drawPile', { count: view.drawPileSize }), labelled(t('sf.table.title'), put, t), hands], t);
    }
    case 'last': {
      const said = sfSaidEvents(log);
      const lines = log.flatMap((e, i) => { const x = said[i] ? formatSfEvent(e, c) : null; return x === null ? [] : [x]; });
      return lines.length === 0 ? null : lines.slice(-LAST_LINES).join(' ');
    }
    case 'odds': {
      if (hand === null) return null;
      const dish = bestDishOf(hand);
      if (dish === null) return t('sf.reader.noDish');
      const detail = dish.values.map((v) => t('sf.actions.previewValue', { name: t(`sf.cards.${v.card}.name`), value: v.value })).join(' + ');
      return `${t('sf.reader.bestDish')} ${t('sf.actions.preview', { count: dish.points, detail })}`;
    }
  }
}
