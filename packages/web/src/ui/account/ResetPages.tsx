import { type FormEvent, type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApi } from '../../net/notify-api.js';
import { Link, Nav } from '../profile/Nav.js';
import { ApiErrorText } from './ApiErrorText.js';
import { passwordProblem } from './password.js';
import './account.css';

type Refusal = { code: string; retryAfter: number | null };

function useHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => { ref.current?.focus(); }, []);
  return ref;
}

function FieldRow({ label, problem, ...input }: { label: string; problem?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
      {problem && <p id={`${id}-problem`} className="field-problem">{problem}</p>}
    </div>
  );
}

/** `/account/forgot`: a name or a confirmed address; the same answer whether or not it has an account. */
export function ForgotPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page">
      <Nav />
      <p className="small"><Link href="/account/sign-in">← {t('account.signIn.title')}</Link></p>
      <ForgotForm />
    </div>
  );
}

/** `/reset?token=…`: the mail's link; a new password, and every session ends. */
export function ResetPage({ token }: { token: string | null }) {
  return (
    <div className="account-page">
      <Nav />
      <ResetForm token={token} />
    </div>
  );
}

export function ForgotForm() {
  const { t } = useTranslation();
  const heading = useHeading();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    setBusy(true);
    setError(null);
    void notifyApi.forgot(name.trim()).then((r) => {
      setBusy(false);
      if (r.ok) setDone(true); else setError({ code: r.code, retryAfter: r.retryAfter });
    });
  };
  return (
    <form className="panel account-card account-form" onSubmit={submit} aria-labelledby="forgot-h">
      <h1 id="forgot-h" ref={heading} tabIndex={-1}>{t('account.reset.forgotTitle')}</h1>
      <p className="hint">{t('account.reset.forgotText')}</p>
      <FieldRow label={t('account.reset.forgotField')} value={name} onChange={(e) => { setName(e.target.value); setDone(false); }} autoComplete="username" />
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
      <p className="form-ok" role="status">{done ? t('account.reset.forgotDone') : ''}</p>
      <div className="row"><button type="submit" disabled={busy}>{t('account.reset.forgotSubmit')}</button></div>
    </form>
  );
}

export function ResetForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const heading = useHeading();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const bad = passwordProblem(password);
  const mismatch = again !== password;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (token === null || bad !== null || mismatch) return;
    setBusy(true);
    setError(null);
    void notifyApi.reset(token, password).then((r) => {
      setBusy(false);
      if (r.ok) setDone(true); else setError({ code: r.code, retryAfter: r.retryAfter });
    });
  };
  return (
    <>
      {done ? (
        <section className="panel account-card" aria-labelledby="reset-h">
          <h1 id="reset-h" tabIndex={-1}>{t('account.reset.title')}</h1>
          <p role="status">{t('account.reset.done')}</p>
          <p><Link className="button-link" href="/account/sign-in">{t('account.signIn.title')}</Link></p>
        </section>
      ) : (
        <form className="panel account-card account-form" onSubmit={submit} noValidate aria-labelledby="reset-h">
          <h1 id="reset-h" ref={heading} tabIndex={-1}>{t('account.reset.title')}</h1>
          {token === null ? <p role="alert">{t('account.reset.noToken')}</p> : <p className="hint">{t('account.reset.text')}</p>}
          <FieldRow label={t('account.fields.newPassword')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password"
            problem={tried && bad !== null ? t(`account.problems.${bad}`) : null} />
          <FieldRow label={t('account.fields.repeatPassword')} type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password"
            problem={tried && mismatch ? t('account.problems.mismatch') : null} />
          {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
          <div className="row"><button type="submit" disabled={busy || token === null}>{t('account.reset.submit')}</button></div>
        </form>
      )}
    </>
  );
}
