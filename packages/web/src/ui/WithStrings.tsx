import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrings, stringsLoaded } from '../i18n/index.js';

/**
 * Whether a page may show: the on-demand locale files `files` (i18n/index.ts) are loaded in the
 * language shown, or their loading settled without them (offline): a page shows either way rather
 * than wait for ever. `files` should be a constant (it is an effect's dependency).
 */
export function useStrings(files: readonly string[]): boolean {
  const { i18n } = useTranslation();
  // What was tried: `<language>:<files>` once their loading settled.
  const [tried, setTried] = useState<string | null>(null);
  const key = `${i18n.language}:${files.join(',')}`;
  const ready = files.every(stringsLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void Promise.allSettled(files.map(loadStrings)).then(() => { if (live) setTried(key); });
    return () => { live = false; };
  }, [files, ready, key]);
  return ready || tried === key;
}

/** Shows `children` once `useStrings(files)` allows, a busy placeholder until then. */
export function WithStrings({ files, children }: { files: readonly string[]; children: ReactNode }) {
  return useStrings(files) ? children : <div className="page-loading" aria-busy="true" />;
}
