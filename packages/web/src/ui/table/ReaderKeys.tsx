import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from './announcer.js';
import { READINGS, type Reading, readingOf } from './reader-keys.js';

/**
 * The table's reading keys (reader-keys.ts), listed in a disclosure ("Keyboard") that "?" opens:
 * a key press reads part of the table through the polite announcer and shows the same words under
 * the list, for those who read the screen. `read` gives a reading's words from what the player's
 * own view shows (null: that reading has nothing to say, e.g. odds while watching).
 */
export function ReaderKeys({ read }: { read: (r: Exclude<Reading, 'keys'>) => string | null }) {
  const { t } = useTranslation();
  const [heard, setHeard] = useState<string | null>(null);
  const box = useRef<HTMLDetailsElement>(null);
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const reading = readingOf({ key: e.key, altKey: e.altKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, repeat: e.repeat, target });
      if (reading === null) return;
      // A dialog of the page's own (a menu, a tooltip) keeps its keys.
      if (target?.closest('[role="dialog"], [role="menu"]')) return;
      e.preventDefault();
      let text: string | null;
      if (reading === 'keys') {
        if (box.current !== null) box.current.open = true;
        text = READINGS.map((r) => `${r.key}: ${t(`reader.key.${r.reading}`)}`).join('. ');
      } else text = latest.current(reading) ?? t('reader.nothing');
      setHeard(text);
      announce(text);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [t]);
  return (
    <details ref={box} className="panel reader-keys">
      <summary>{t('reader.keys')}</summary>
      <p className="small">{t('reader.keysIntro')}</p>
      <ul className="small">
        {READINGS.map((r) => <li key={r.key}><kbd>{r.key}</kbd> {t(`reader.key.${r.reading}`)}</li>)}
      </ul>
      {/* What the last key read, for sighted keyboard users (the announcer has said it already). */}
      {heard !== null && <p className="small reader-heard">{heard}</p>}
    </details>
  );
}
