import type { SfAction, SfView } from '@parlor/rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Countdown } from './Countdown.js';

/**
 * SF-14: an opponent's declaration waits for this seat — "Taste test!" or "Trust", with a countdown.
 * It sits in the dock at the bottom of the window, right above the player's hand (never over it:
 * the choice depends on that hand), and says how many cards the hand holds (SF-17: an honest
 * discard tested costs the tester all of them, or 5 points with none).
 */
export function TastePrompt({ view, names, legal, seconds, turnBased = false, act }: {
  view: SfView; names: readonly string[]; legal: readonly SfAction[]; seconds: number | null; turnBased?: boolean;
  act: (a: SfAction) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLElement>(null);
  const d = view.declaration;
  const open = d !== null && legal.some((a) => a.type === 'taste-test' || a.type === 'trust');
  // Bring the prompt to the keyboard (unless the player is typing somewhere, e.g. in the chat).
  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) return;
    box.current?.focus({ preventScroll: true });
  }, [open, view.turn.number, d?.kind]);
  const test = legal.find((a) => a.type === 'taste-test');
  const trust = legal.find((a) => a.type === 'trust');
  if (d === null || (test === undefined && trust === undefined)) return null;
  const name = names[d.declarer];
  const me = typeof view.viewer === 'number' ? view.viewer : -1;
  const handSize = view.handSizes[me] ?? 0;
  const run = async (a: SfAction) => { setBusy(true); await act(a); setBusy(false); };
  return (
    <section ref={box} tabIndex={-1} className="sf-taste" role="alertdialog" aria-labelledby="sf-taste-h" aria-describedby="sf-taste-d">
      <div className="sf-taste-head">
        <h2 id="sf-taste-h">{t('sf.taste.title')}</h2>
        <Countdown seconds={seconds} turnBased={turnBased} />
      </div>
      <div id="sf-taste-d">
        <p><strong>{d.kind === 'pair' ? t('sf.taste.prompt_pair', { name }) : t('sf.taste.prompt_protein', { name, claim: t(`sf.claims.${d.claim}`) })}</strong></p>
        <p className="small">
          <strong className="sf-taste-holding">{t('sf.taste.holding', { count: handSize })}</strong>{' '}
          {handSize > 0 ? t('sf.taste.risk', { name, count: handSize }) : t('sf.taste.riskEmpty', { name })}
        </p>
        <p className="small muted">{t('sf.taste.autoTrust')}</p>
      </div>
      <div className="sf-taste-buttons">
        <button type="button" className="sf-test" disabled={busy || test === undefined} onClick={() => test && void run(test)}>{t('sf.taste.test')}</button>
        <button type="button" className="secondary" disabled={busy || trust === undefined} onClick={() => trust && void run(trust)}>{t('sf.taste.trust')}</button>
      </div>
    </section>
  );
}
