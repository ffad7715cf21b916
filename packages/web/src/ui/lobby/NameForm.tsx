import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useServices } from '../context.js';
import { MAX_NAME_LENGTH, cleanName, nameLength, nameProblem } from './name.js';
import { PlayPanel } from './PlayPanel.js';
import { SignInForm } from './SignInForm.js';

/** A name to start with, which the player may keep or change ("Guest 4821"). */
function suggestedName(t: (k: string, o: Record<string, unknown>) => string): string {
  return t('name.suggested', { n: 1000 + Math.floor(Math.random() * 9000) });
}

/**
 * The first screen of a first visit: a name (one is offered, to keep or change) and what invites play
 * — each game against bots in one click, a seat at an open table, or "Enter" to the lobby. Reached
 * through a table's link, it asks only for the name. Its length is counted as the server counts it,
 * in characters as they appear on screen (an emoji or an accented letter is one), not in UTF-16
 * units: no maxLength cuts it, a counter shows it and the form says when it is too long. Someone
 * with an account signs in here instead ("Already have an account? Sign in"), on a new device too.
 */
export function NameForm() {
  const { t } = useTranslation();
  const { client, store } = useServices();
  const atTable = /^\/t\//.test(window.location.pathname);
  const [name, setName] = useState(() => client.savedName || suggestedName(t));
  // A play button was pressed while the name would not do: say so.
  const [asked, setAsked] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  // The name given belongs to an account (hello refused with NAME_TAKEN): most likely theirs, on a
  // new device — the sign-in form opens with that name, the notice saying why.
  const notice = useApp((s) => s.notice);
  const [takenName, setTakenName] = useState<string | null>(null);
  // Why the server refused the name given (its hello), said in the form until the name is changed;
  // taken from the page's notice (shown nowhere else while this form is), which is then cleared so
  // that it does not come back once the lobby opens.
  const [refused, setRefused] = useState<{ code: string; message: string } | null>(null);
  useEffect(() => {
    if (notice === null) return;
    setRefused({ code: notice.code, message: notice.message });
    store.clearNotice();
    // The session expired or ended: the sign-in form opens too, the notice saying why.
    if (notice.code !== 'NAME_TAKEN' && notice.code !== 'SESSION_EXPIRED' && notice.code !== 'SESSION_ENDED') return;
    setTakenName(client.savedName);
    setSigningIn(true);
  }, [notice, client, store]);
  const input = useRef<HTMLInputElement>(null);
  const problem = nameProblem(name);
  const used = nameLength(cleanName(name));
  const nameForPlay = (): string | null => {
    if (problem === null) return cleanName(name);
    setAsked(true);
    input.current?.focus();
    return null;
  };
  const form = (
    <form className="panel name-form" aria-labelledby="name-title" onSubmit={(e) => { e.preventDefault(); if (problem === null) client.start(cleanName(name)); }}>
      <h1 id="name-title">{t('name.title')}</h1>
      <p>{atTable ? t('name.joinTable') : t('app.tagline')}</p>
      <label htmlFor="name">{t('name.label')}</label>
      <input id="name" ref={input} autoFocus value={name} onChange={(e) => { setName(e.target.value); setAsked(false); setRefused(null); }}
        aria-describedby={`name-hint name-count${refused === null ? '' : ' name-refused'}`}
        aria-invalid={problem === 'long' || (asked && problem !== null) || refused !== null ? true : undefined}
        autoComplete="nickname" />
      <p className="row spread name-meta">
        <span id="name-hint" className="hint">{t('name.hint')}</span>
        <span id="name-count" className={`hint name-count${problem === 'long' ? ' bad' : ''}`}>
          {t('name.count', { used, max: MAX_NAME_LENGTH })}
        </span>
      </p>
      {problem === 'long' && <p className="name-error" role="alert">{t('name.tooLong', { max: MAX_NAME_LENGTH })}</p>}
      {problem === 'empty' && asked && <p className="name-error" role="alert">{t('name.required')}</p>}
      {refused !== null && <p id="name-refused" className="name-error" role="alert">{t(`errors.${refused.code}`, { defaultValue: refused.message })}</p>}
      <button type="submit" disabled={problem !== null}>{t('name.submit')}</button>
      <p className="name-account">
        {t('name.haveAccount')}{' '}
        <button type="button" className="secondary" aria-expanded={signingIn} aria-controls="sign-in" onClick={() => setSigningIn((x) => !x)}>
          {t('name.signIn')}
        </button>
      </p>
    </form>
  );
  const who = (
    <div className="first-screen-who">
      {form}
      {signingIn && <SignInForm key={takenName ?? ''} id="sign-in" name={takenName ?? ''} />}
    </div>
  );
  if (atTable) return <div className="first-screen at-table">{who}</div>;
  return (
    <div className="first-screen">
      {who}
      <PlayPanel level={2} name={nameForPlay} />
    </div>
  );
}
