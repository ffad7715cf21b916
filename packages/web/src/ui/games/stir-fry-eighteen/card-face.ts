import { type SfCard, SF_CARDS, sfCardValue } from '@parlor/rules';

/** One bonus of a card's face: cooked with any one of `anyOf`'s sets of partners, it is worth `value`. */
export interface SfBonus {
  /** Alternatives: each a set of partner cards (Tofu's penalty: Chicken, or Pork, or Shrimp). */
  readonly anyOf: readonly (readonly SfCard[])[];
  readonly value: number;
}

const bonusCache = new Map<SfCard, readonly SfBonus[]>();

/**
 * A card's bonuses as its face shows them, read from the rules' own scoring (SF-2's table exists
 * once, in `sfCardValue`): every smallest set of one or two partners that changes the card's value.
 * Shrimp: Ginger → 9, Ginger + Soy Sauce → 11; Tofu: Soy Sauce + Ginger → 10, any of Chicken, Pork,
 * Shrimp → −5; Noodles: none.
 */
export function sfBonuses(card: SfCard): readonly SfBonus[] {
  const hit = bonusCache.get(card);
  if (hit !== undefined) return hit;
  const alone = sfCardValue(card, [card]);
  const others = SF_CARDS.filter((c) => c !== card);
  const sets: { cards: SfCard[]; value: number }[] = [];
  const candidates = [
    ...others.map((c) => [c]),
    ...others.flatMap((c, i) => others.slice(i + 1).map((d) => [c, d])),
  ];
  for (const cards of candidates) {
    const value = sfCardValue(card, [card, ...cards]);
    if (value === alone) continue;
    // Only the smallest sets: Soy Sauce with Ginger and Green Onion is still Ginger's 3.
    const smaller = sets.some((s) => s.value === value && s.cards.every((c) => cards.includes(c)));
    if (!smaller) sets.push({ cards, value });
  }
  // Sets worth the same value, each of one card, are alternatives ("with meat −5").
  const out: SfBonus[] = [];
  for (const s of sets) {
    const same = out.find((b) => b.value === s.value && s.cards.length === 1 && b.anyOf.every((x) => x.length === 1));
    if (same !== undefined) (same.anyOf as SfCard[][]).push(s.cards);
    else out.push({ anyOf: [s.cards], value: s.value });
  }
  out.sort((a, b) => a.anyOf[0]!.length - b.anyOf[0]!.length || a.value - b.value);
  bonusCache.set(card, out);
  return out;
}

/** Characters drawn about a full em wide (CJK ideographs, kana, hangul, full-width forms). */
const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/**
 * The width of the widest word of `text`, in ems of the bold card font: a card prints its name at
 * the size that fits that word on one line (names break only between words; Japanese and Korean
 * names never in the middle). Measured with a canvas where there is one, else estimated.
 */
export function widestWordEm(text: string): number {
  const words = text.split(/\s+/).filter(Boolean);
  let widest = 0;
  for (const w of words) widest = Math.max(widest, measureEm(w));
  return Math.max(widest, 1);
}

const measured = new Map<string, number>();
let canvas: CanvasRenderingContext2D | null | undefined;
let family = '';

function measureEm(word: string): number {
  const hit = measured.get(word);
  if (hit !== undefined) return hit;
  if (canvas === undefined) {
    canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    family = typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).fontFamily;
  }
  let em: number;
  if (canvas !== null && family !== '') {
    canvas.font = `700 100px ${family}`;
    em = canvas.measureText(word).width / 100;
  } else {
    em = [...word].reduce((n, ch) => n + (WIDE.test(ch) ? 1 : /[A-ZŁŚŻŹĆŃÓĘĄMW]/.test(ch) ? 0.8 : 0.66), 0);
  }
  measured.set(word, em);
  return em;
}
