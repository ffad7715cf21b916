import { type SfCard, type SfProtein, sfSortCards } from '@parlor/rules';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogContext, Translate } from './format.js';

/** The current time, ticking every `ms` while `active` (for countdowns). */
export function useNow(active: boolean, ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [active, ms]);
  return now;
}

/** Whole seconds left until `deadline` (ms epoch), or null without one. */
export function useSecondsLeft(deadline: number | null): number | null {
  const now = useNow(deadline !== null);
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Same cards, as multisets. */
export function sameCards(a: readonly SfCard[], b: readonly SfCard[]): boolean {
  if (a.length !== b.length) return false;
  const x = sfSortCards(a.slice());
  const y = sfSortCards(b.slice());
  return x.every((c, i) => c === y[i]);
}

/** Seat names made unique (two "Basic bot"s become "Basic bot 2" and "Basic bot 3"). */
export function uniqueNames(names: readonly string[]): string[] {
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n} ${i + 1}` : n));
}

/** The log context in the current language. */
export function useLogContext(names: readonly string[]): LogContext {
  const { t, i18n } = useTranslation();
  return useMemo(() => sfLogContext(names, t, i18n.language), [t, i18n.language, names]);
}

/** How the log names seats, cards and claims in `lang` (useLogContext, and the "Your turns" page's last move). */
export function sfLogContext(names: readonly string[], t: Translate, lang: string): LogContext {
  let list: Intl.ListFormat | null = null;
  try { list = new Intl.ListFormat(lang, { type: 'conjunction' }); } catch { list = null; }
  const cardName = (c: SfCard) => t(`sf.cards.${c}.name`);
  return {
    t,
    name: (seat: number) => names[seat] ?? `#${seat + 1}`,
    cards: (cards: readonly SfCard[]) => (list ? list.format(cards.map(cardName)) : cards.map(cardName).join(', ')),
    claim: (c: SfProtein) => t(`sf.claims.${c}`),
  };
}
