import { type FormEvent, type InputHTMLAttributes, type ReactNode, Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiResult, profileHref } from '../../net/api.js';
import { useApp, useServices } from '../context.js';
import { cleanName, nameProblem } from '../lobby/name.js';
import { Link, Nav } from '../profile/Nav.js';
import { LazyAvatar as Avatar } from '../avatars/LazyAvatar.js';
import { ApiErrorText } from './ApiErrorText.js';
import { NotificationSettings } from './NotificationSettings.js';
import { SafetySettings } from './SafetySettings.js';
import { VacationSettings } from './VacationSettings.js';
import { ModerationRecord } from '../moderation/ModerationRecord.js';
import { passwordProblem } from './password.js';
import { changePassword, chooseBot, claimName, deleteAccount, signIn, signOut } from './session.js';
import './account.css';

// A banned account's reason and appeal, after a sign-in refused BANNED: a chunk of its own.
const BannedAppeal = lazy(() => import('../moderation/BannedAppeal.js').then((m) => ({ default: m.BannedAppeal })));

/** The avatar choice, with its drawings: a chunk loaded when an account opens its page. */
const AvatarPicker = lazy(() => import('../avatars/AvatarPicker.js'));

export type AccountSection = 'overview' | 'claim' | 'sign-in' | 'password' | 'delete';

/**
 * `/account` and its forms: who you are; for a guest, claim your name as an account or sign in to
 * one; for an account, your profile and games, change the password, sign out, delete the account.
 */
export function AccountPage({ section }: { section: AccountSection }) {
  const { t } = useTranslation();
  const player = useApp((s) => s.player);
  const account = useApp((s) => s.account);
  const body: Record<AccountSection, ReactNode> = {
    overview: <Overview />,
    claim: <ClaimForm />,
    'sign-in': <SignInForm />,
    password: account ? <PasswordForm /> : <NeedsAccount />,
    delete: account ? <DeleteForm /> : <NeedsAccount />,
  };
  return (
    <div className="account-page">
      <Nav />
      {section !== 'overview' && <p className="small"><Link href="/account">← {t('account.back')}</Link></p>}
      {player === null ? <p className="panel" role="status">{t('app.connection.connecting')}</p> : body[section]}
    </div>
  );
}

function Overview() {
  const { t } = useTranslation();
  const player = useApp((s) => s.player)!;
  const account = useApp((s) => s.account);
  const { navigate, ...services } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  if (!account) {
    return (
      <section className="panel account-card" aria-labelledby="account-h">
        <h1 id="account-h">{t('account.guest.title', { name: player.name })}</h1>
        <p>{t('account.guest.text')}</p>
        <div className="account-choices">
          <div>
            <h2>{t('account.claim.title')}</h2>
            <p className="hint">{t('account.claim.why')}</p>
            <Link className="button-link" href="/account/claim">{t('account.claim.title')}</Link>
          </div>
          <div>
            <h2>{t('account.signIn.title')}</h2>
            <p className="hint">{t('account.signIn.why')}</p>
            <Link className="button-link secondary" href="/account/sign-in">{t('account.signIn.title')}</Link>
          </div>
        </div>
        <p className="small"><Link href="/me/games">{t('account.nav.myGames')}</Link></p>
      </section>
    );
  }
  return (
    <section className="panel account-card" aria-labelledby="account-h">
      <div className="account-who">
        <Avatar player={player} size="lg" />
        <h1 id="account-h">{t('account.signedIn.title', { name: player.name })}</h1>
      </div>
      <p className="hint">{t('account.signedIn.text')}</p>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}><AvatarPicker /></Suspense>
      <BotSetting />
      <NotificationSettings />
      <VacationSettings />
      <SafetySettings />
      <ModerationRecord />
      <ul className="account-links">
        <li><Link href={profileHref(player.name)}>{t('account.nav.profile')}</Link></li>
        <li><Link href="/me/games">{t('account.nav.myGames')}</Link></li>
        <li><Link href="/account/password">{t('account.password.title')}</Link></li>
        <li><Link href="/account/delete">{t('account.delete.title')}</Link></li>
      </ul>
      <div className="row">
        <button type="button" disabled={busy} onClick={() => {
          setBusy(true);
          void signOut({ navigate, ...services }).then((r) => { setBusy(false); if (!r.ok) setError({ code: r.code, retryAfter: r.retryAfter }); });
        }}>{t('account.signOut.button')}</button>
        <span className="hint">{t('account.signOut.hint')}</span>
      </div>
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
    </section>
  );
}

/**
 * "This account is a program (a bot)": an account that plays through the protocol (a program with
 * its token) says so, and its profile, seats and chat lines are marked. Saved when ticked or cleared.
 */
function BotSetting() {
  const { t } = useTranslation();
  const services = useServices();
  const bot = useApp((s) => s.player?.bot === true);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  // The box shows the choice at once while it is saved (and goes back if the server refuses it).
  const [choice, setChoice] = useState<boolean | null>(null);
  const change = (next: boolean) => {
    setBusy(true);
    setSaved(false);
    setError(null);
    setChoice(next);
    void chooseBot(services, next).then((r) => {
      setBusy(false);
      setChoice(null);
      if (r.ok) setSaved(true);
      else setError({ code: r.code, retryAfter: r.retryAfter });
    });
  };
  return (
    <div className="bot-setting">
      <label htmlFor={id}>
        <input id={id} type="checkbox" checked={choice ?? bot} disabled={busy} aria-describedby={`${id}-hint`} onChange={(e) => change(e.target.checked)} />
        {t('account.bot.setting')}
      </label>
      <p id={`${id}-hint`} className="hint">{t('account.bot.settingHint')}</p>
      <p role="status" className="form-ok">{saved ? t(bot ? 'account.bot.savedOn' : 'account.bot.savedOff') : ''}</p>
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
    </div>
  );
}

function NeedsAccount() {
  const { t } = useTranslation();
  return (
    <section className="panel" role="alert">
      <p>{t('account.needsAccount')} <Link href="/account/claim">{t('account.claim.title')}</Link> · <Link href="/account/sign-in">{t('account.signIn.title')}</Link></p>
    </section>
  );
}

/** A form's state: the request running, its refusal, and whether it succeeded. */
function useSubmit<T>() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  const [done, setDone] = useState<T | null>(null);
  const run = async (call: () => Promise<ApiResult<T>>) => {
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (r.ok) setDone(r.value);
    else setError({ code: r.code, retryAfter: r.retryAfter });
    return r;
  };
  return { busy, error, setError, done, run };
}

function FormError({ error }: { error: { code: string; retryAfter: number | null } | null }) {
  return error === null ? null : <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>;
}

/** A labelled input with its hint and its own error, all tied together for screen readers. */
function Field({ label, hint, problem, ...input }: { label: string; hint?: string; problem?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={problem ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined} />
      {hint && <p id={`${id}-hint`} className="hint">{hint}</p>}
      {problem && <p id={`${id}-problem`} className="field-problem">{problem}</p>}
    </div>
  );
}

function useFocusFirst() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => { ref.current?.focus(); }, []);
  return ref;
}

function ClaimForm() {
  const { t } = useTranslation();
  const services = useServices();
  const player = useApp((s) => s.player)!;
  const account = useApp((s) => s.account);
  const [name, setName] = useState(player.name);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, done, run } = useSubmit<{ name: string }>();
  const heading = useFocusFirst();
  const nameBad = nameProblem(name);
  const pwBad = passwordProblem(password);
  const mismatch = again !== password;
  if (done !== null || account) {
    return (
      <section className="panel account-card" aria-labelledby="claim-h">
        <h1 id="claim-h" ref={heading} tabIndex={-1}>{t('account.claim.done', { name: done?.name ?? player.name })}</h1>
        <p>{t('account.claim.doneText')}</p>
        <p><Link href={profileHref(done?.name ?? player.name)}>{t('account.nav.profile')}</Link></p>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameBad !== null || pwBad !== null || mismatch) return;
    void run(() => claimName(services, cleanName(name), password));
  };
  return (
    <form className="panel account-card account-form" onSubmit={submit} noValidate aria-labelledby="claim-h">
      <h1 id="claim-h" ref={heading} tabIndex={-1}>{t('account.claim.title')}</h1>
      <p className="hint">{t('account.claim.text')}</p>
      <Field label={t('account.fields.name')} value={name} onChange={(e) => setName(e.target.value)} autoComplete="username"
        hint={t('account.fields.nameHint')} problem={tried && nameBad !== null ? t('account.problems.name') : null} />
      <Field label={t('account.fields.newPassword')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password"
        hint={t('account.fields.passwordHint')} problem={tried && pwBad !== null ? t(`account.problems.${pwBad}`) : null} />
      <Field label={t('account.fields.repeatPassword')} type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password"
        problem={tried && mismatch ? t('account.problems.mismatch') : null} />
      <FormError error={error} />
      <div className="row"><button type="submit" disabled={busy}>{t('account.claim.submit')}</button></div>
    </form>
  );
}

function SignInForm() {
  const { t } = useTranslation();
  const services = useServices();
  const player = useApp((s) => s.player)!;
  const account = useApp((s) => s.account);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, setError, done, run } = useSubmit<{ name: string }>();
  // The name and password last tried: a sign-in refused BANNED reads the ban and appeals with them.
  const [tried, setTried] = useState<{ name: string; password: string } | null>(null);
  const heading = useFocusFirst();
  if (done !== null) {
    return (
      <section className="panel account-card" aria-labelledby="signin-h">
        <h1 id="signin-h" ref={heading} tabIndex={-1}>{t('account.signIn.done', { name: done.name })}</h1>
        <p><Link href={profileHref(done.name)}>{t('account.nav.profile')}</Link> · <Link href="/">{t('account.nav.lobby')}</Link></p>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (cleanName(name) === '' || password === '') { setError({ code: 'BAD_CREDENTIALS', retryAfter: null }); return; }
    setTried({ name: cleanName(name), password });
    void run(() => signIn(services, cleanName(name), password));
  };
  return (
    <>
      <form className="panel account-card account-form" onSubmit={submit} aria-labelledby="signin-h">
        <h1 id="signin-h" ref={heading} tabIndex={-1}>{t('account.signIn.title')}</h1>
        <p className="hint">{account ? t('account.signIn.switch', { name: player.name }) : t('account.signIn.replacesGuest', { name: player.name })}</p>
        <Field label={t('account.fields.name')} value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" />
        <Field label={t('account.fields.password')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
        <FormError error={error} />
        <div className="row"><button type="submit" disabled={busy}>{t('account.signIn.submit')}</button></div>
        <p className="small"><Link href="/account/forgot">{t('account.reset.forgot')}</Link></p>
      </form>
      {error?.code === 'BANNED' && tried !== null && <Suspense fallback={null}><BannedAppeal name={tried.name} password={tried.password} /></Suspense>}
    </>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const services = useServices();
  const name = useApp((s) => s.player?.name ?? '');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useSubmit<void>();
  const heading = useFocusFirst();
  const [ok, setOk] = useState(false);
  const pwBad = passwordProblem(next);
  const mismatch = again !== next;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (pwBad !== null || mismatch) return;
    void run(() => changePassword(services, current, next)).then((r) => {
      if (r.ok) { setOk(true); setCurrent(''); setNext(''); setAgain(''); setTried(false); }
    });
  };
  return (
    <form className="panel account-card account-form" onSubmit={submit} noValidate aria-labelledby="pw-h">
      <h1 id="pw-h" ref={heading} tabIndex={-1}>{t('account.password.title')}</h1>
      <p className="hint">{t('account.password.text')}</p>
      {/* For password managers: whose password this is. */}
      <input type="text" hidden readOnly autoComplete="username" value={name} />
      <Field label={t('account.fields.currentPassword')} type="password" value={current} onChange={(e) => { setCurrent(e.target.value); setOk(false); }} autoComplete="current-password" />
      <Field label={t('account.fields.newPassword')} type="password" value={next} onChange={(e) => { setNext(e.target.value); setOk(false); }} autoComplete="new-password"
        hint={t('account.fields.passwordHint')} problem={tried && pwBad !== null ? t(`account.problems.${pwBad}`) : null} />
      <Field label={t('account.fields.repeatPassword')} type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password"
        problem={tried && mismatch ? t('account.problems.mismatch') : null} />
      <FormError error={error} />
      {ok && <p className="form-ok" role="status">{t('account.password.done')}</p>}
      <div className="row"><button type="submit" disabled={busy}>{t('account.password.submit')}</button></div>
    </form>
  );
}

function DeleteForm() {
  const { t } = useTranslation();
  const services = useServices();
  const player = useApp((s) => s.player)!;
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, error, setError, run } = useSubmit<void>();
  const heading = useFocusFirst();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (confirming) confirmRef.current?.focus(); }, [confirming]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password === '') { setError({ code: 'BAD_CREDENTIALS', retryAfter: null }); return; }
    setConfirming(true);
  };
  return (
    <form className="panel account-card account-form danger" onSubmit={submit} aria-labelledby="del-h">
      <h1 id="del-h" ref={heading} tabIndex={-1}>{t('account.delete.title')}</h1>
      <p>{t('account.delete.text', { name: player.name })}</p>
      <ul className="small">
        <li>{t('account.delete.games')}</li>
        <li>{t('account.delete.ratings')}</li>
        <li>{t('account.delete.name')}</li>
      </ul>
      <input type="text" hidden readOnly autoComplete="username" value={player.name} />
      <Field label={t('account.fields.password')} type="password" value={password} onChange={(e) => { setPassword(e.target.value); setConfirming(false); }} autoComplete="current-password" />
      <FormError error={error} />
      {!confirming ? (
        <div className="row"><button type="submit">{t('account.delete.submit')}</button></div>
      ) : (
        <div className="confirm" role="alertdialog" aria-labelledby="del-confirm" aria-describedby="del-confirm">
          <p id="del-confirm"><strong>{t('account.delete.confirm', { name: player.name })}</strong></p>
          <div className="row">
            <button ref={confirmRef} type="button" className="danger" disabled={busy}
              onClick={() => void run(() => deleteAccount(services, password))}>{t('account.delete.yes')}</button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>{t('account.delete.no')}</button>
          </div>
        </div>
      )}
    </form>
  );
}
