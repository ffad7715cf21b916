import { type Result, ok, refuse } from '../core/error.js';
import { type SfCard, type SfProtein, SF_CARDS, SF_PROTEINS, sfIsCard, sfIsProtein, sfSortCards } from './cards.js';

/** Everything a player can do in Stir Fry Eighteen (spec/scenarios.md "Actions"). */
export type SfAction =
  | { readonly type: 'discard-pair'; readonly cards: SfCard[] }
  | { readonly type: 'discard-protein'; readonly card: SfCard; readonly claim: SfProtein }
  | { readonly type: 'taste-test' }
  | { readonly type: 'trust' }
  | { readonly type: 'cook'; readonly cards: SfCard[] }
  | { readonly type: 'end-turn' }
  | { readonly type: 'discard-down'; readonly cards: SfCard[] };

export const SF_ACTION_TYPES = ['discard-pair', 'discard-protein', 'taste-test', 'trust', 'cook', 'end-turn', 'discard-down'] as const;

const FIELDS: Record<SfAction['type'], readonly string[]> = {
  'discard-pair': ['cards'],
  'discard-protein': ['card', 'claim'],
  'taste-test': [],
  trust: [],
  cook: ['cards'],
  'end-turn': [],
  'discard-down': ['cards'],
};

/**
 * Checks the shape of untrusted input and returns the action in canonical form (card lists in
 * rule order). Shape only: whether it is allowed now is `sfCheck`'s business.
 */
export function sfParseAction(raw: unknown): Result<SfAction> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return malformed('An action must be an object with a "type".');
  }
  const a = raw as Record<string, unknown>;
  const type = a.type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) { // not `in`: "constructor" is no action
    return malformed(`Unknown action type ${JSON.stringify(type) ?? 'undefined'}; expected one of ${SF_ACTION_TYPES.join(', ')}.`);
  }
  const t = type as SfAction['type'];
  for (const key of Object.keys(a)) {
    if (key !== 'type' && !FIELDS[t].includes(key)) return malformed(`Unexpected field "${key}" in a ${t} action.`);
  }
  for (const key of FIELDS[t]) {
    if (!(key in a)) return malformed(`A ${t} action needs "${key}".`);
  }
  switch (t) {
    case 'taste-test': case 'trust': case 'end-turn':
      return ok({ type: t });
    case 'discard-pair': {
      const cards = cardList(a.cards, t);
      if (!cards.ok) return cards;
      if (cards.value.length !== 2) return malformed('A pair discard puts down exactly 2 cards.');
      return ok({ type: t, cards: cards.value });
    }
    case 'cook': case 'discard-down': {
      const cards = cardList(a.cards, t);
      if (!cards.ok) return cards;
      return ok({ type: t, cards: cards.value });
    }
    case 'discard-protein': {
      if (!sfIsCard(a.card)) return malformed(`"card" must be a card name (${SF_CARDS.join(', ')}).`);
      if (!sfIsProtein(a.claim)) return malformed(`"claim" must be a protein (${SF_PROTEINS.join(', ')}).`);
      return ok({ type: t, card: a.card, claim: a.claim });
    }
  }
}

function cardList(v: unknown, type: string): Result<SfCard[]> {
  if (!Array.isArray(v) || v.length > 18) return malformed(`"cards" of a ${type} action must be a list of card names.`);
  for (const c of v) {
    if (!sfIsCard(c)) return malformed(`${JSON.stringify(c) ?? String(c)} is not a card name (${SF_CARDS.join(', ')}).`);
  }
  return ok(sfSortCards(v.slice() as SfCard[]));
}

function malformed(message: string) {
  return refuse('MALFORMED_ACTION', message);
}
