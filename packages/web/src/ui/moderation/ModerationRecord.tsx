import { MAX_REPORT_TEXT, type ModActionView } from '@parlor/protocol';
import type { ApiResult } from '../../net/api.js';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { useApp, useServices } from '../context.js';
import { MODERATION_FILES, moderationApi } from './api.js';
import { ModErrorText } from './ModErrorText.js';
import './moderation.css';

/**
 * The account page's moderation record: every action a moderator took on the account (kind,
 * reason, when, until when), each with its one appeal and the answer once there is one. Shown only
 * when there is at least one action.
 */
export function ModerationRecord() {
  const { t } = useTranslation();
  const ready = useStrings(MODERATION_FILES);
  const account = useApp((s) => s.account);
  const { client } = useServices();
  const token = client.token;
  const id = useId();
  const [actions, setActions] = useState<readonly ModActionView[] | null>(null);
  const load = useCallback(async () => {
    if (token === null || !account) return;
    const r = await moderationApi.mine(token);
    if (r.ok) setActions(r.value.actions);
  }, [token, account]);
  useEffect(() => { void load(); }, [load]);
  if (!ready || token === null || actions === null || actions.length === 0) return null;
  return (
    <section className="panel mod-record" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('moderation.record.title')}</h2>
      <p className="hint">{t('moderation.record.intro')}</p>
      <ul className="plain">
        {actions.map((a) => (
          <RecordItem key={a.id} action={a} send={(id, text) => moderationApi.appeal(token, id, text)}
            onChange={(v) => setActions((l) => l?.map((x) => (x.id === v.id ? v : x)) ?? null)} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One action of a player's own record, with its appeal (or the form that sends it: `send`, from
 * the account page with the session, or signed out with the name and password of a banned account).
 */
export function RecordItem({ action: a, send, onChange }: {
  action: ModActionView; send: (id: string, text: string) => Promise<ApiResult<ModActionView>>; onChange: (a: ModActionView) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
  const timed = a.kind === 'mute' || a.kind === 'suspend' || a.kind === 'suspend-rated' || a.kind === 'ban';
  const appeal = async () => {
    if (text.trim() === '') { setError({ code: 'EMPTY_APPEAL', retryAfter: null }); return; }
    setBusy(true);
    const r = await send(a.id, text.trim());
    setBusy(false);
    if (r.ok) { setError(null); onChange(r.value); } else setError({ code: r.code, retryAfter: r.retryAfter });
  };
  return (
    <li className="mod-action" data-active={a.active || undefined}>
      <h3>{t(`moderation.kinds.${a.kind}`)}{a.active && <span className="small"> · {t('moderation.record.active')}</span>}</h3>
      <p>{t('moderation.record.reason', { reason: a.reason })}</p>
      <p className="small">
        {t('moderation.record.at', { date: date(a.at) })}
        {timed && <> · {a.until === null ? t('moderation.record.forGood') : t('moderation.record.until', { date: date(a.until) })}</>}
      </p>
      {a.appeal !== null ? (
        <>
          <p className="small">{t('moderation.record.appealed', { date: a.appealedAt === null ? '' : date(a.appealedAt) })} {a.appeal}</p>
          {a.answer === null
            ? <p className="small muted">{t('moderation.record.waiting')}</p>
            : <p>{t(`moderation.record.answer.${a.answer}`)} {a.answerText}</p>}
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void appeal(); }}>
          <label htmlFor={`${id}-appeal`}>{t('moderation.record.appealLabel')}</label>
          <textarea id={`${id}-appeal`} rows={3} maxLength={MAX_REPORT_TEXT} value={text} onChange={(e) => setText(e.target.value)} />
          {error !== null && <p role="alert" className="form-error"><ModErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
          <div className="row"><button type="submit" disabled={busy}>{t('moderation.record.appeal')}</button></div>
        </form>
      )}
    </li>
  );
}
