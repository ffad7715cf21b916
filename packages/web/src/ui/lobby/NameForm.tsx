import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../context.js';
import { MAX_NAME_LENGTH, cleanName, nameLength, nameProblem } from './name.js';

/**
 * First visit: pick a display name. Its length is counted as the server counts it, in characters as
 * they appear on screen (an emoji or an accented letter is one), not in UTF-16 units: no maxLength
 * cuts it, a counter shows it and the form says when it is too long.
 */
export function NameForm() {
  const { t } = useTranslation();
  const { client } = useServices();
  const [name, setName] = useState(client.savedName);
  const problem = nameProblem(name);
  const used = nameLength(cleanName(name));
  return (
    <form className="panel name-form" onSubmit={(e) => { e.preventDefault(); if (problem === null) client.start(cleanName(name)); }}>
      <h1>{t('name.title')}</h1>
      <p>{t('app.tagline')}</p>
      <label htmlFor="name">{t('name.label')}</label>
      <input id="name" autoFocus value={name} onChange={(e) => setName(e.target.value)} aria-describedby="name-hint name-count"
        aria-invalid={problem === 'long' ? true : undefined} autoComplete="nickname" />
      <p className="row spread name-meta">
        <span id="name-hint" className="hint">{t('name.hint')}</span>
        <span id="name-count" className={`hint name-count${problem === 'long' ? ' bad' : ''}`}>
          {t('name.count', { used, max: MAX_NAME_LENGTH })}
        </span>
      </p>
      {problem === 'long' && <p className="name-error" role="alert">{t('name.tooLong', { max: MAX_NAME_LENGTH })}</p>}
      <button type="submit" disabled={problem !== null}>{t('name.submit')}</button>
    </form>
  );
}
