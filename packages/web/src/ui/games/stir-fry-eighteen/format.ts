import type { SfCard, SfEvent, SfProtein } from '@parlor/rules';

/** The translation function, reduced to what the formatters need (i18next's `t` fits). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** What turning an event into words needs: strings, and how to name seats, cards and claims. */
export interface LogContext {
  readonly t: Translate;
  readonly name: (seat: number) => string;
  readonly cards: (cards: readonly SfCard[]) => string;
  readonly claim: (claim: SfProtein) => string;
}

type Formatter<K extends SfEvent['type']> = (e: Extract<SfEvent, { type: K }>, c: LogContext) => string | null;

/**
 * One pure formatter per event type: the event → a translated sentence (or null when the event
 * says nothing worth a line, e.g. a draw of nothing owed).
 */
export const SF_LOG_FORMATTERS: { readonly [K in SfEvent['type']]: Formatter<K> } = {
  'turn-start': (e, { t, name }) => t('sf.log.turnStart', { turn: e.turn, name: name(e.player) }),
  draw: (e, { t, name }) => {
    if (e.blocked) return t('sf.log.draw.blocked', { name: name(e.player) });
    if (e.owed === 0) return null;
    if (e.count < e.owed) return t('sf.log.draw.short', { name: name(e.player), count: e.count, owed: e.owed });
    return t(`sf.log.draw.${e.reason}`, { name: name(e.player), count: e.count });
  },
  drawn: (e, { t, cards }) => t('sf.log.drawn', { cards: cards(e.cards) }),
  declare: (e, { t, name, claim }) => e.kind === 'pair'
    ? t('sf.log.declarePair', { name: name(e.player) })
    : t('sf.log.declareProtein', { name: name(e.player), claim: claim(e.claim!) }),
  'put-down': (e, { t, cards }) => t('sf.log.putDown', { cards: cards(e.cards) }),
  trust: (e, { t, name }) => t('sf.log.trust', { name: name(e.player) }),
  'taste-test': (e, { t, name, cards }) => t(e.honest ? 'sf.log.tasteHonest' : 'sf.log.tasteBluff',
    { tester: name(e.tester), declarer: name(e.declarer), cards: cards(e.cards) }),
  'tester-discards-hand': (e, { t, name }) => t('sf.log.testerDiscards', { name: name(e.player), count: e.count }),
  'tester-loses-points': (e, { t, name }) => t('sf.log.testerLoses', { name: name(e.player), count: e.points, score: e.score }),
  cook: (e, { t, name, cards }) => t(e.bounced ? 'sf.log.cookBounced' : 'sf.log.cook',
    { name: name(e.player), cards: cards(e.cards), count: e.points, score: e.score }),
  shuffle: (e, { t }) => t('sf.log.shuffle', { count: e.drawPileSize }),
  'discard-down': (e, { t, name }) => t('sf.log.discardDown', { name: name(e.player), count: e.count }),
  'closing-time': (e, { t, name }) => t('sf.log.closingTime', { name: name(e.player), last: name(e.lastTurn) }),
  'turn-end': () => null,
  'game-over': (e, { t, name }) => t(`sf.log.gameOver.${e.reason}`, { names: e.winners.map(name).join(', ') }),
};

/** The sentence for one event (null: nothing to say, or an event type this client does not know). */
export function formatSfEvent(e: SfEvent, c: LogContext): string | null {
  const f = SF_LOG_FORMATTERS[e.type] as ((e: SfEvent, c: LogContext) => string | null) | undefined;
  return f === undefined ? null : f(e, c);
}

/**
 * Who did what an event tells (a stand-in's log marks, state/presence.ts): its `player`, or the
 * tester of a taste test; 'end' where a turn or the game ends; null for the pile's reshuffle.
 */
export function sfActor(e: SfEvent): number | null | 'end' {
  if (e.type === 'turn-start' || e.type === 'turn-end' || e.type === 'game-over') return 'end';
  if (e.type === 'taste-test') return e.tester;
  return 'player' in e && typeof e.player === 'number' ? e.player : null;
}

/** Events that put cards down this turn: whatever is put down goes back into the pile at the next shuffle. */
const PUTS_DOWN: ReadonlySet<SfEvent['type']> = new Set(['declare', 'tester-discards-hand', 'cook', 'discard-down']);

/**
 * Which events of a game's log get a line of their own, by index: every event, except a reshuffle
 * that put no card back. After cooking, SF-22 puts every card of the turn into the pile and shuffles
 * it; the turn then ends and SF-25 shuffles the pile again. That second shuffle returns cards only
 * when some were put down after the dish (a discard-down), so only then is "the cards put down go
 * back into the pile" said twice; the same holds for a turn that put nothing down at all.
 */
export function sfSaidEvents(events: readonly SfEvent[]): boolean[] {
  let returned = false;
  return events.map((e) => {
    if (e.type === 'turn-start') returned = false;
    if (PUTS_DOWN.has(e.type)) returned = true;
    if (e.type !== 'shuffle') return true;
    const said = returned;
    returned = false;
    return said;
  });
}
