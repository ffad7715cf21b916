import type { DeviceList, DeviceSession, SessionsEnded } from '@parlor/protocol';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../net/api.js';
import { useStrings } from '../WithStrings.js';
import { useServices } from '../context.js';
import { ApiErrorText } from './ApiErrorText.js';

type Refusal = { code: string; retryAfter: number | null };
const FILES = ['safety'] as const;

/** The devices and export calls of the HTTP API (docs/api.md, "Devices and your data"). */
export const safetyApi = {
  list: (token: string) => apiCall<DeviceList>('GET', '/api/accounts/sessions', { token }),
  signOut: (token: string, id: string) => apiCall<void>('DELETE', `/api/accounts/sessions/${encodeURIComponent(id)}`, { token }),
  endOthers: (token: string) => apiCall<SessionsEnded>('POST', '/api/accounts/sessions/end-others', { token }),
};

/** Downloads the account's export (it needs the token, so it is fetched, then saved from memory). */
async function downloadExport(token: string): Promise<Refusal | null> {
  let res: Response;
  try {
    res = await fetch('/api/accounts/export', { headers: { authorization: `Bearer ${token}` } });
  } catch {
    return { code: 'NETWORK', retryAfter: null };
  }
  if (!res.ok) {
    const json = await res.json().catch(() => null) as { error?: string } | null;
    const retry = Number(res.headers.get('retry-after'));
    return { code: json?.error ?? 'NETWORK', retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null };
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'parlor-account.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}

/** A device's label in words: the server says "<browser> on <system>", or "Unknown device". */
function useDeviceText() {
  const { t } = useTranslation();
  return (d: DeviceSession) => {
    const m = /^(.+) on (.+)$/.exec(d.device);
    const device = m !== null ? t('safety.deviceOn', { browser: m[1], os: m[2] }) : d.device === 'Unknown device' ? t('safety.unknownDevice') : d.device;
    const place = d.place === 'unknown' ? t('safety.unknownPlace') : t('safety.network', { place: d.place });
    return { device, place };
  };
}

/**
 * The account page's devices and data: every signed-in device (this one marked) with where and
 * when, roughly, a "Sign out" for each other one and one for all of them; and the download of
 * everything stored about the account.
 */
export function SafetySettings() {
  const { t, i18n } = useTranslation();
  const ready = useStrings(FILES);
  const { client } = useServices();
  const token = client.token;
  const id = useId();
  const text = useDeviceText();
  const [list, setList] = useState<readonly DeviceSession[] | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  const [done, setDone] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    if (token === null) return;
    const r = await safetyApi.list(token);
    if (r.ok) setList(r.value.sessions); else setError({ code: r.code, retryAfter: r.retryAfter });
  }, [token]);
  useEffect(() => { void load(); }, [load]);
  if (!ready || token === null || list === null) return null;

  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
  const act = async (run: () => Promise<{ ok: boolean; code?: string; retryAfter?: number | null }>, said: string) => {
    setBusy(true);
    const r = await run();
    if (r.ok) { setError(null); setDone(said); await load(); } else { setError({ code: r.code ?? 'NETWORK', retryAfter: r.retryAfter ?? null }); setDone(''); }
    setBusy(false);
  };
  const others = list.filter((d) => !d.current);
  return (
    <section className="safety-settings" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('safety.title')}</h2>
      <p className="hint">{t('safety.intro')}</p>
      <ul className="device-list">
        {list.map((d) => {
          const { device, place } = text(d);
          return (
            <li key={d.id} className="device" data-current={d.current || undefined}>
              <div>
                <strong>{device}</strong>{d.current && <span className="device-this"> · {t('safety.thisDevice')}</span>}
                <div className="small">{place} · {t('safety.since', { date: date(d.createdAt) })} · {t('safety.lastUsed', { date: date(d.lastUsed) })}</div>
              </div>
              {!d.current && (
                <button type="button" className="secondary" disabled={busy} aria-label={t('safety.signOutOne', { device, date: date(d.lastUsed) })}
                  onClick={() => void act(() => safetyApi.signOut(token, d.id), t('safety.signedOut', { device }))}>{t('safety.signOut')}</button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 && (
        <div className="row">
          <button type="button" disabled={busy} onClick={() => void act(() => safetyApi.endOthers(token), t('safety.endedOthers', { count: others.length }))}>
            {t('safety.signOutOthers')}
          </button>
        </div>
      )}
      <h3>{t('safety.dataTitle')}</h3>
      <p className="hint">{t('safety.dataIntro')}</p>
      <div className="row">
        <button type="button" className="secondary" disabled={busy} onClick={() => void (async () => {
          setBusy(true);
          const refused = await downloadExport(token);
          setBusy(false);
          if (refused === null) { setError(null); setDone(t('safety.downloaded')); } else { setError(refused); setDone(''); }
        })()}>{t('safety.download')}</button>
      </div>
      <p className="small" role="status">{done}</p>
      {error !== null && <p className="form-error" role="alert">{error.code === 'NOT_FOUND' ? t('safety.gone') : <ApiErrorText code={error.code} retryAfter={error.retryAfter} />}</p>}
    </section>
  );
}
