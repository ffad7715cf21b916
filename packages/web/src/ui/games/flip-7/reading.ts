import { f7NextFlipOdds, type F7Event, type F7View } from '@parlor/rules';
import type { Reading } from '../../table/reader-keys.js';
import { labelled, listed, listedLong, sentences } from '../../table/spoken.js';
import { cardLabel, cardSpoken, formatF7Event, linePoints, type Translate } from './text.js';

/** A round's end as the log tells it. */
type RoundEnd = Extract<F7Event, { type: 'round-end' }>;

/** How many of the log's last lines the L key reads. */
export const LAST_LINES = 5;

/**
 * Whose decision it is, in words (the turn banner's, and what the T key and the announcer say):
 * at a round's end, that it ended and why. `mine` is true when the decision is this seat's.
 */
export function f7TurnText(view: F7View, seat: number | null, names: readonly string[], roundEnd: RoundEnd | null, botPlaysMe: boolean, t: Translate): { text: string; mine: boolean } {
  const p = view.pending;
  if (roundEnd !== null) {
    return { text: `${t('f7.turn.roundOver', { round: roundEnd.round })} ${t(`f7.summary.reason.${roundEnd.reason}`, { name: roundEnd.flip7 === null ? '' : names[roundEnd.flip7] })}`, mine: false };
  }
  if (p === null) return { text: t('f7.turn.dealing'), mine: false };
  if (p.seat === seat && botPlaysMe) return { text: t('f7.turn.botPlays'), mine: false };
  if (p.seat === seat) {
    const text = p.kind === 'give'
      ? t(p.setAside ? 'f7.turn.yourGiveSetAside' : 'f7.turn.yourGive', { card: cardLabel(p.card, t) })
      : t(p.atDeal ? 'f7.turn.yourDeal' : 'f7.turn.yourTurn');
    return { text, mine: true };
  }
  const name = names[p.seat];
  const text = p.kind === 'give' ? t('f7.turn.theirGive', { name, card: cardLabel(p.card, t) })
    : t(p.atDeal ? 'f7.turn.theirDeal' : 'f7.turn.theirTurn', { name });
  return { text, mine: false };
}

/**
 * What the announcer says when a decision is this seat's: the question and its choices — hit or
 * stay and the points a stay banks (F7-4, F7-5), or who may get the action card (F7-8).
 */
export function f7YourMove(view: F7View, seat: number, names: readonly string[], receivers: readonly number[], t: Translate): string {
  const p = view.pending;
  const { text } = f7TurnText(view, seat, names, null, false, t);
  if (p === null || p.kind !== 'give') return sentences([text, t('f7.action.stayHelp', { count: linePoints(view, seat) })], t);
  const card = cardLabel(p.card, t);
  return sentences([text, listedLong(receivers.map((to) => (to === seat ? t('f7.action.giveSelf', { card }) : t('f7.action.giveTo', { card, name: names[to] }))), t)], t);
}

/** A line's cards, read aloud: "number 7, plus 4", or that it has none. */
function lineSpoken(view: F7View, seat: number, t: Translate): string {
  const cards = view.lines[seat] ?? [];
  return cards.length === 0 ? t('f7.line.empty') : listed(cards.map((c) => cardSpoken(c, t)), t);
}

/** A seat's line: its cards, its points this round (banked once it stayed or froze), its state. */
function lineText(view: F7View, seat: number, name: string, t: Translate): string {
  const status = view.status[seat] ?? 'active';
  const points = t(status === 'stayed' || status === 'frozen' ? 'f7.line.banked' : 'f7.line.roundPoints', { points: linePoints(view, seat) });
  return sentences([labelled(t('f7.line.cards', { name }), lineSpoken(view, seat, t), t), points, t(`f7.status.${status}`)], t);
}

/**
 * One reading of the Flip 7 table (the reading keys, ui/table/reader-keys.ts), from what every
 * player sees (F7-16: every card in play is face up; the draw pile's order is never told): `hand`
 * this seat's line, `scores` every total against the target, `table` whose decision it is, every
 * line and the piles, `last` the log's last lines, `odds` the chance the next flip busts this seat.
 * Null where a reading has nothing to say (a spectator has no line).
 */
export function f7Reading(r: Exclude<Reading, 'keys'>, view: F7View, seat: number | null, names: readonly string[], log: readonly F7Event[], t: Translate, language: string, turn: string): string | null {
  const name = (s: number) => names[s] ?? `#${s + 1}`;
  switch (r) {
    case 'hand': return seat === null ? null : lineText(view, seat, name(seat), t);
    case 'scores':
      return sentences(Array.from({ length: view.players }, (_, s) => t('f7.line.progress', { name: name(s), total: view.scores[s] ?? 0, target: view.options.target })), t);
    case 'table': {
      const top = view.discardPile[view.discardPile.length - 1];
      const piles = sentences([t('f7.info.drawPile', { count: view.drawPileSize }), `${t('f7.info.discardPile', { count: view.discardPile.length })}${top === undefined ? '' : ` (${cardSpoken(top, t)})`}`], t);
      const lines = Array.from({ length: view.players }, (_, s) => lineText(view, s, name(s), t)).join(' ');
      return sentences([t('f7.info.round', { round: view.round }), turn, lines, piles], t);
    }
    case 'last': {
      const said = log.flatMap((e) => { const x = formatF7Event(e, names, t); return x === null ? [] : [x]; });
      return said.length === 0 ? null : said.slice(-LAST_LINES).join(' ');
    }
    case 'odds': {
      if (seat === null || view.status[seat] !== 'active' || view.phase === 'over') return t('f7.reader.noOdds');
      const odds = f7NextFlipOdds(view, seat);
      if (odds.source === 'none') return t('f7.hint.none');
      const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(odds.bust);
      const detail = odds.duplicateCards === 0 ? t('f7.hint.safe')
        : odds.bust === 0 ? t('f7.hint.saved', { dup: odds.duplicateCards, count: odds.size })
          : t('f7.hint.detail', { dup: odds.duplicateCards, count: odds.size });
      return sentences([t('f7.hint.bust', { percent }), detail, odds.source === 'reshuffled-discard' ? t('f7.hint.reshuffle') : ''], t);
    }
  }
}
