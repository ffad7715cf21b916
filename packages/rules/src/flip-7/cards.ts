/**
 * The Flip 7 deck (F7-1). Inside the engine a card is a small integer code; every public interface
 * (views, events, scenarios, actions) names cards by their names below.
 *
 * Codes: 0 … 12 are the number cards of that value; 13 … 17 are +2 … +10; 18 is ×2; 19 Freeze;
 * 20 Flip Three; 21 Second Chance.
 */
export type F7CardName =
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12'
  | '+2' | '+4' | '+6' | '+8' | '+10' | 'x2'
  | 'freeze' | 'flip-three' | 'second-chance';

/** A card's kind: number (F7-6), modifier (F7-13) or action (F7-8). */
export type F7CardKind = 'number' | 'modifier' | 'action';

export const F7_CARD_NAMES: readonly F7CardName[] = [
  '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12',
  '+2', '+4', '+6', '+8', '+10', 'x2',
  'freeze', 'flip-three', 'second-chance',
];

/** Number of distinct card codes. */
export const F7_CARD_CODES = 22;
/** Highest number card (F7-1). */
export const F7_MAX_NUMBER = 12;
export const F7_PLUS2 = 13;
export const F7_PLUS10 = 17;
export const F7_TIMES2 = 18;
export const F7_FREEZE = 19;
export const F7_FLIP_THREE = 20;
export const F7_SECOND_CHANCE = 21;

/** F7-1: copies of each card code in the 94-card deck. */
export const F7_DECK_COUNTS: readonly number[] = F7_CARD_NAMES.map((_, code) =>
  code === 0 ? 1 : code <= F7_MAX_NUMBER ? code : code <= F7_TIMES2 ? 1 : 3);

/** F7-1: the deck size. */
export const F7_DECK_SIZE = 94;

const CODE_OF: ReadonlyMap<string, number> = new Map(F7_CARD_NAMES.map((n, i) => [n, i]));

/** The code of a card name, or −1 when it names no Flip 7 card. */
export function f7CardCode(name: unknown): number {
  return typeof name === 'string' ? (CODE_OF.get(name) ?? -1) : -1;
}

export function f7CardName(code: number): F7CardName {
  return F7_CARD_NAMES[code]!;
}

export function f7CardKind(code: number): F7CardKind {
  return code <= F7_MAX_NUMBER ? 'number' : code <= F7_TIMES2 ? 'modifier' : 'action';
}

export function isNumberCard(code: number): boolean {
  return code <= F7_MAX_NUMBER;
}

export function isActionCard(code: number): boolean {
  return code >= F7_FREEZE;
}

/** The points of a + modifier code (13 → 2 … 17 → 10), F7-13. */
export function plusValue(code: number): number {
  return (code - F7_PLUS2 + 1) * 2;
}

/** The full deck as codes, in code order (F7-1, F7-3 shuffles it). */
export function f7FullDeck(): number[] {
  return FULL_DECK.slice();
}
const FULL_DECK: readonly number[] = F7_DECK_COUNTS.flatMap((count, code) => new Array<number>(count).fill(code));
