import type { VacationState } from '@parlor/protocol';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../net/api.js';
import { useStrings } from '../WithStrings.js';
import { useServices } from '../context.js';
import { ApiErrorText } from './ApiErrorText.js';

type Refusal = { code: string; retryAfter: number | null };
const DAY = 86_400_000;
const FILES = ['vacation'] as const;

/** The vacation calls of the HTTP API (docs/api.md, "Vacation"): each resolves to the account's state or a refusal. */
export const vacationApi = {
  get: (token: string) => apiCall<VacationState>('GET', '/api/accounts/vacation', { token }),
  take: (token: string, days: number, start?: number) =>
    apiCall<VacationState>('PUT', '/api/accounts/vacation', { body: start === undefined ? { days } : { days, start }, token }),
  end: (token: string) => apiCall<VacationState>('DELETE', '/api/accounts/vacation', { token }),
};

/** An API refusal in words: the vacation's own codes from the shell's errors, the rest as the account page says them. */
function VacationError({ error }: { error: Refusal }) {
  const { t } = useTranslation();
  if (error.code === 'VACATION_ALLOWANCE' || error.code === 'VACATION_EXISTS') return <>{t(`errors.${error.code}`)}</>;
  return <ApiErrorText code={error.code} retryAfter={error.retryAfter} />;
}

/**
 * The account page's vacation: the days off left this year, the vacation running or planned (with
 * a button to end or cancel it), or a form to take some — so many days, from now or from a day in
 * the next weeks. At turn-based tables that allow it, a player's clock stops while they are away.
 */
export function VacationSettings({ initial = null, now = () => Date.now() }: { initial?: VacationState | null; now?: () => number }) {
  const { t, i18n } = useTranslation();
  const ready = useStrings(FILES);
  const { client } = useServices();
  const token = client.token;
  const id = useId();
  const [state, setState] = useState<VacationState | null>(initial);
  const [error, setError] = useState<Refusal | null>(null);
  const [done, setDone] = useState<'taken' | 'ended' | null>(null);
  const [days, setDays] = useState(7);
  const [startIn, setStartIn] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (token === null || initial !== null) return;
    void vacationApi.get(token).then((r) => { if (r.ok) setState(r.value); else setError({ code: r.code, retryAfter: r.retryAfter }); });
  }, [token, initial]);
  if (!ready || token === null || state === null) return null;

  const date = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const day = (ms: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms);
  const answer = (kind: 'taken' | 'ended') => (r: Awaited<ReturnType<typeof vacationApi.get>>) => {
    setBusy(false);
    if (r.ok) { setState(r.value); setDone(kind); setError(null); } else { setError({ code: r.code, retryAfter: r.retryAfter }); setDone(null); }
  };
  const take = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    void vacationApi.take(token, days, startIn === 0 ? undefined : now() + startIn * DAY).then(answer('taken'));
  };
  const end = () => { setBusy(true); void vacationApi.end(token).then(answer('ended')); };
  const v = state.vacation;
  const most = Math.max(1, state.daysLeft);
  return (
    <section className="vacation-settings" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('vacation.title')}</h2>
      <p className="hint">{t('vacation.intro', { allowance: state.allowanceDays })}</p>
      <p><strong>{t('vacation.left', { left: state.daysLeft, allowance: state.allowanceDays, year: state.year })}</strong></p>
      {v !== null ? (
        <div className="row">
          <p>{v.running ? t('vacation.running', { date: date(v.to) }) : t('vacation.planned', { from: date(v.from), to: date(v.to) })}</p>
          <button type="button" className="secondary" disabled={busy} onClick={end}>{v.running ? t('vacation.end') : t('vacation.cancel')}</button>
        </div>
      ) : state.daysLeft === 0 ? (
        <p>{t('vacation.noneLeft', { year: state.year })}</p>
      ) : (
        <form className="vacation-form" onSubmit={take}>
          <label>{t('vacation.days')}
            <select value={Math.min(days, most)} onChange={(e) => setDays(Number(e.target.value))}>
              {Array.from({ length: most }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <label>{t('vacation.start')}
            <select value={startIn} onChange={(e) => setStartIn(Number(e.target.value))}>
              {Array.from({ length: state.startWithinDays + 1 }, (_, i) => i).map((n) => (
                <option key={n} value={n}>{n === 0 ? t('vacation.startNow') : day(now() + n * DAY)}</option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy}>{t('vacation.take')}</button>
        </form>
      )}
      <p className="small" role="status">{done === null ? '' : t(`vacation.${done}`)}</p>
      {error !== null && <p className="form-error" role="alert"><VacationError error={error} /></p>}
    </section>
  );
}
