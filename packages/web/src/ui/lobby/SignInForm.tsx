import { type FormEvent, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { signIn } from '../account/session.js';
import { useServices } from '../context.js';
import { cleanName } from './name.js';

// A banned account's reason and appeal, after a sign-in refused BANNED: a chunk of its own.
const BannedAppeal = lazy(() => import('../moderation/BannedAppeal.js').then((m) => ({ default: m.BannedAppeal })));

/**
 * The first screen's "Sign in", for someone with an account on a device that has never seen them
 * (docs/api.md, POST /api/sessions): name and password. The reply's token becomes this browser's and
 * the connection says hello with it, so the account — its name, seats and games — is here at once,
 * with no guest made first. A refusal is said in words by its code (wrong password, too many tries).
 * `name`: the name to sign in with, when known (one the first screen was refused as an account's).
 */
export function SignInForm({ id, name: given = '' }: { id: string; name?: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const [name, setName] = useState(given);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  // The name and password a sign-in was refused BANNED with: they read the ban and appeal it.
  const [banned, setBanned] = useState<{ name: string; password: string } | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const secret = useRef<HTMLInputElement>(null);
  // Opened: the keyboard goes to the first field to fill (the password when the name is given).
  useEffect(() => { (given === '' ? first : secret).current?.focus(); }, [given]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty field is refused here as the server would (no request, no attempt counted).
    if (cleanName(name) === '' || password === '') { setError({ code: 'BAD_CREDENTIALS', retryAfter: null }); return; }
    setBusy(true);
    setError(null);
    setBanned(null);
    const tried = { name: cleanName(name), password };
    void signIn(services, tried.name, password).then((r) => {
      // Signed in: the welcome replaces this screen. Refused: say why and let them try again.
      if (!r.ok) { setBusy(false); setError({ code: r.code, retryAfter: r.retryAfter }); if (r.code === 'BANNED') setBanned(tried); }
    });
  };
  return (
    <>
      <form id={id} className="panel sign-in-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('name.signInTitle')}</h2>
        <p className="hint">{t('name.signInText')}</p>
        <label htmlFor={`${id}-name`}>{t('account.fields.name')}</label>
        <input id={`${id}-name`} ref={first} value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" />
        <label htmlFor={`${id}-password`}>{t('account.fields.password')}</label>
        <input id={`${id}-password`} ref={secret} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
        {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
        <div className="row"><button type="submit" disabled={busy}>{t('account.signIn.submit')}</button></div>
      </form>
      {banned !== null && <Suspense fallback={null}><BannedAppeal name={banned.name} password={banned.password} /></Suspense>}
    </>
  );
}
