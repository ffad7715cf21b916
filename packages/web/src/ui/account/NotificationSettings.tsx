import {
  NOTICE_CHANNELS, NOTICE_KINDS, NOTIFY_LANGUAGES, type MeNotifications, type NoticeChannel, type NoticeKind, type NotifyLanguage,
} from '@parlor/protocol';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApi } from '../../net/notify-api.js';
import { useServices } from '../context.js';
import { ApiErrorText } from './ApiErrorText.js';
import { type PushEnv, type PushState, browserPushEnv, disablePush, enablePush, pushState } from './push.js';

type Refusal = { code: string; retryAfter: number | null };

/**
 * The account page's notifications (docs/notifications.md): a mail address with its confirmation
 * state, how each kind reaches the player (push / mail / nothing) and the daily digest, and
 * notifications on this device. The mails' language follows the page's: it is sent to the server
 * when they differ.
 */
export function NotificationSettings({ env = browserPushEnv(), initial = null }: { env?: PushEnv; initial?: MeNotifications | null }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const token = client.token;
  const [me, setMe] = useState<MeNotifications | null>(initial);
  const [error, setError] = useState<Refusal | null>(null);
  const [saved, setSaved] = useState(false);
  const refresh = () => {
    if (token === null) return;
    void notifyApi.me(token).then((r) => {
      if (!r.ok) { setError({ code: r.code, retryAfter: r.retryAfter }); return; }
      const { email, language, notifications, mail } = r.value;
      if (notifications === undefined || language === undefined || email === undefined || mail === undefined) return;
      setMe({ email, language, notifications, mail });
      const page = i18n.language as NotifyLanguage;
      if ((NOTIFY_LANGUAGES as readonly string[]).includes(page) && page !== language) void notifyApi.setLanguage(token, page);
    });
  };
  useEffect(refresh, [token, i18n.language]);
  if (me === null || token === null) return null;

  const choose = (choice: { kinds?: Partial<Record<NoticeKind, NoticeChannel>>; digest?: boolean }) => {
    setSaved(false);
    setError(null);
    setMe({ ...me, notifications: { kinds: { ...me.notifications.kinds, ...choice.kinds }, digest: choice.digest ?? me.notifications.digest } });
    void notifyApi.setNotifications(token, choice).then((r) => {
      if (r.ok) setSaved(true);
      else { setError({ code: r.code, retryAfter: r.retryAfter }); refresh(); }
    });
  };
  const mailReady = me.mail && me.email?.confirmed === true;
  return (
    <section className="notify-settings" aria-labelledby="notify-h">
      <h2 id="notify-h">{t('account.notify.title')}</h2>
      <p className="hint">{t('account.notify.text')}</p>
      <DevicePush env={env} token={token} />
      <EmailField me={me} token={token} onChange={refresh} />
      <table className="notify-kinds">
        <caption>{t('account.notify.kinds.legend')}</caption>
        <thead>
          <tr><td />{NOTICE_CHANNELS.map((c) => <th key={c} scope="col">{t(`account.notify.channels.${c}`)}</th>)}</tr>
        </thead>
        <tbody>
          {NOTICE_KINDS.map((k) => (
            <tr key={k}>
              <th scope="row" id={`notify-kind-${k}`}>{t(`account.notify.kinds.${k}`)}</th>
              {NOTICE_CHANNELS.map((c) => (
                <td key={c}>
                  <input type="radio" name={`notify-${k}`} value={c} checked={me.notifications.kinds[k] === c} disabled={c === 'email' && !mailReady && me.notifications.kinds[k] !== 'email'}
                    aria-label={`${t(`account.notify.kinds.${k}`)}: ${t(`account.notify.channels.${c}`)}`} onChange={() => choose({ kinds: { [k]: c } })} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!mailReady && <p className="hint">{t('account.notify.needsAddress')}</p>}
      <label className="notify-digest">
        <input type="checkbox" checked={me.notifications.digest} disabled={!mailReady} onChange={(e) => choose({ digest: e.target.checked })} />
        {t('account.notify.digest')}
      </label>
      <p role="status" className="form-ok">{saved ? t('account.notify.saved') : ''}</p>
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
    </section>
  );
}

/** The address: none, waiting for its link to be followed, or confirmed; saved with a button. */
function EmailField({ me, token, onChange }: { me: MeNotifications; token: string; onChange: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [address, setAddress] = useState(me.email?.address ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  if (!me.mail) return <p className="hint">{t('account.notify.email.off')}</p>;
  const state = me.email === null ? t('account.notify.email.none')
    : me.email.confirmed ? t('account.notify.email.confirmed', { address: me.email.address }) : t('account.notify.email.waiting', { address: me.email.address });
  const save = (value: string | null) => {
    setBusy(true);
    setError(null);
    void notifyApi.setEmail(token, value).then((r) => {
      setBusy(false);
      if (r.ok) { if (value === null) setAddress(''); onChange(); } else setError({ code: r.code, retryAfter: r.retryAfter });
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.trim())) { setError({ code: 'BAD_EMAIL', retryAfter: null }); return; }
    save(address.trim());
  };
  return (
    <form className="notify-email" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('account.notify.email.label')}</label>
        <input id={id} type="email" autoComplete="email" value={address} onChange={(e) => setAddress(e.target.value)}
          aria-invalid={error?.code === 'BAD_EMAIL' ? true : undefined} aria-describedby={`${id}-hint ${id}-state`} />
        <p id={`${id}-hint`} className="hint">{t('account.notify.email.hint')}</p>
        <p id={`${id}-state`} role="status">{state}</p>
      </div>
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
      <div className="row">
        <button type="submit" disabled={busy}>{t('account.notify.email.save')}</button>
        {me.email !== null && <button type="button" className="secondary" disabled={busy} onClick={() => save(null)}>{t('account.notify.email.remove')}</button>}
      </div>
    </form>
  );
}

/** "Turn on notifications on this device": permission, then a subscription sent to the server. */
function DevicePush({ env, token }: { env: PushEnv; token: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { void pushState(env).then(setState, () => setState('unsupported')); }, [env]);
  if (state === null) return null;
  const run = (f: () => Promise<PushState | { error: string }>) => {
    setBusy(true);
    setError(null);
    void f().then((r) => { setBusy(false); if (typeof r === 'string') setState(r); else setError(r.error); }, () => { setBusy(false); setError('NETWORK'); });
  };
  return (
    <div className="notify-device">
      <h3>{t('account.notify.push.title')}</h3>
      <p role="status">{t(`account.notify.push.${state}`)}</p>
      {(state === 'off' || state === 'on') && (
        <div className="row">
          {state === 'off'
            ? <button type="button" disabled={busy} onClick={() => run(() => enablePush(env, token))}>{t('account.notify.push.enable')}</button>
            : <button type="button" className="secondary" disabled={busy} onClick={() => run(() => disablePush(env, token))}>{t('account.notify.push.disable')}</button>}
        </div>
      )}
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error} /></p>}
    </div>
  );
}
