import { f7CardCode, f7CardKind, f7ScoreLine, type F7CardName, type F7Event, type F7View } from '@parlor/rules';

/** i18next's t, as these pure helpers need it. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A card's short label as printed on it: "7", "+4", "×2", "Freeze". */
export function cardLabel(card: F7CardName, t: Translate): string {
  if (card === 'x2') return t('f7.card.x2');
  if (f7CardKind(f7CardCode(card)) === 'action') return t(`f7.card.${card}`);
  return card;
}

/** A card's name as read aloud ("number 7", "plus 4", "times two", "Freeze"). */
export function cardSpoken(card: F7CardName, t: Translate): string {
  const kind = f7CardKind(f7CardCode(card));
  if (card === 'x2') return t('f7.card.x2Name');
  if (kind === 'number') return t('f7.card.number', { n: card });
  if (kind === 'modifier') return t('f7.card.modifier', { n: card.slice(1) });
  return t(`f7.card.${card}`);
}

/**
 * What a card does, for its tooltip (F7-6 numbers, F7-13 modifiers and ×2, F7-9..F7-11 action
 * cards); for the repeated number of a busted line, that it busted the line (F7-6).
 */
export function cardTip(card: F7CardName, t: Translate, repeated = false): string {
  if (repeated) return t('f7.tip.repeated', { card });
  const kind = f7CardKind(f7CardCode(card));
  if (card === 'x2') return t('f7.tip.x2');
  if (kind === 'number') return t('f7.tip.number', { count: Number(card) });
  if (kind === 'modifier') return t('f7.tip.modifier', { count: Number(card.slice(1)) });
  return t('f7.tip.action', { card: t(`f7.card.${card}`), help: t(`f7.cardHelp.${card}`) });
}

/** The round score of a line as it stands (F7-13, by the rules package); 0 when busted. */
export function linePoints(view: F7View, seat: number): number {
  const codes = (view.lines[seat] ?? []).map(f7CardCode);
  return f7ScoreLine(codes, view.status[seat] === 'busted', false).total;
}

const name = (names: readonly string[], seat: number): string => names[seat] ?? `#${seat + 1}`;

/**
 * One event of the game in words, for the log (pure: the translation function is given). Returns
 * null for events that say nothing on their own.
 */
export function formatF7Event(e: F7Event, names: readonly string[], t: Translate): string | null {
  const card = 'card' in e ? cardLabel(e.card, t) : '';
  switch (e.type) {
    case 'round-start': return t('f7.log.round-start', { round: e.round, dealer: name(names, e.dealer) });
    case 'deal': return t('f7.log.deal', { name: name(names, e.seat), card });
    case 'flip': return t(e.flipThree ? 'f7.log.flipThree' : 'f7.log.flip', { name: name(names, e.seat), card });
    case 'bust': return t('f7.log.bust', { name: name(names, e.seat), card });
    case 'second-chance-used': return t('f7.log.second-chance-used', { name: name(names, e.seat), card });
    case 'flip-7': return t('f7.log.flip-7', { name: name(names, e.seat) });
    case 'stay': return t(e.atDeal ? 'f7.log.stayAtDeal' : 'f7.log.stay', { name: name(names, e.seat) });
    case 'give':
      return e.from === e.to
        ? t('f7.log.keep', { from: name(names, e.from), card })
        : t('f7.log.give', { from: name(names, e.from), to: name(names, e.to), card });
    case 'freeze': return t('f7.log.freeze', { name: name(names, e.seat) });
    case 'second-chance-kept': return t('f7.log.second-chance-kept', { name: name(names, e.seat) });
    case 'flip-three-start': return t('f7.log.flip-three-start', { name: name(names, e.seat) });
    case 'flip-three-end': return t(`f7.log.flip-three-end.${e.reason}`, { name: name(names, e.seat) });
    case 'set-aside': return t('f7.log.set-aside', { name: name(names, e.seat), card });
    case 'discard': return t(`f7.log.discard.${e.reason}`, { card });
    case 'reshuffle': return t('f7.log.reshuffle', { count: e.cards });
    case 'round-end': {
      const results = e.breakdown
        .map((b, seat) => t('f7.log.result', { name: name(names, seat), points: b.total, total: e.scores[seat] ?? 0 }))
        .join(t('f7.log.and'));
      return t('f7.log.round-end', { round: e.round, results });
    }
    case 'game-over': {
      const best = Math.max(...e.scores);
      return t('f7.log.game-over', { names: e.winners.map((s) => name(names, s)).join(t('f7.log.and')), count: best });
    }
    default: return null;
  }
}

/**
 * Who did what an event tells (a stand-in's log marks, state/presence.ts): the giver of a card, else
 * the seat it names (a flip, a stay…); 'end' where the round or the game ends; null for a discard
 * or a reshuffle.
 */
export function f7Actor(e: F7Event): number | null | 'end' {
  if (e.type === 'round-end' || e.type === 'round-start' || e.type === 'game-over') return 'end';
  if (e.type === 'give') return e.from;
  return 'seat' in e && typeof e.seat === 'number' ? e.seat : null;
}

/** The event that deserves a short flash on screen (a bust, a Flip 7, a freeze, a Second Chance used), in words. */
export function toastFor(e: F7Event, names: readonly string[], t: Translate): { kind: string; text: string } | null {
  switch (e.type) {
    case 'bust': return { kind: 'bust', text: t('f7.toast.bust', { name: name(names, e.seat) }) };
    case 'flip-7': return { kind: 'flip7', text: t('f7.toast.flip7', { name: name(names, e.seat) }) };
    case 'freeze': return { kind: 'freeze', text: t('f7.toast.freeze', { name: name(names, e.seat) }) };
    case 'second-chance-used': return { kind: 'saved', text: t('f7.toast.saved', { name: name(names, e.seat) }) };
    default: return null;
  }
}

/** Display names told apart: a name several seats share (bots) gets a number ("Random bot 2"). */
export function distinctNames(names: readonly string[]): string[] {
  const total = new Map<string, number>();
  for (const n of names) total.set(n, (total.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((n) => {
    if ((total.get(n) ?? 0) < 2) return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return `${n} ${k}`;
  });
}
