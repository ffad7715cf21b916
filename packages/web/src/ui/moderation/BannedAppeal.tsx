import type { ModActionView } from '@parlor/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { MODERATION_FILES, moderationApi } from './api.js';
import { ModErrorText } from './ModErrorText.js';
import { RecordItem } from './ModerationRecord.js';
import './moderation.css';

type Loaded = { state: 'loading' } | { state: 'refused'; code: string; retryAfter: number | null } | { state: 'ready'; actions: ModActionView[] };

/**
 * After a sign-in refused BANNED: the account's moderation record, read with the name and password
 * just tried (docs/api.md, POST /api/sessions/banned), so that a banned player with no session left
 * reads why and appeals (once each). Nobody is signed in by it.
 */
export function BannedAppeal({ name, password }: { name: string; password: string }) {
  const { t } = useTranslation();
  const ready = useStrings(MODERATION_FILES);
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    void moderationApi.banned(name, password).then((r) => {
      if (!live) return;
      setLoaded(r.ok ? { state: 'ready', actions: r.value.actions } : { state: 'refused', code: r.code, retryAfter: r.retryAfter });
    });
    return () => { live = false; };
  }, [name, password]);
  if (!ready) return null;
  return (
    <section className="panel mod-record banned-appeal" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('moderation.banned.title')}</h2>
      <p className="hint">{t('moderation.banned.intro')}</p>
      {loaded.state === 'loading' && <p role="status">{t('moderation.banned.loading')}</p>}
      {loaded.state === 'refused' && <p role="alert" className="form-error"><ModErrorText code={loaded.code} retryAfter={loaded.retryAfter} /></p>}
      {loaded.state === 'ready' && (
        <ul className="plain">
          {loaded.actions.map((a) => (
            <RecordItem key={a.id} action={a} send={(actionId, text) => moderationApi.bannedAppeal(name, password, actionId, text)}
              onChange={(v) => setLoaded((l) => (l.state === 'ready' ? { state: 'ready', actions: l.actions.map((x) => (x.id === v.id ? v : x)) } : l))} />
          ))}
        </ul>
      )}
    </section>
  );
}
