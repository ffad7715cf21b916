import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../context.js';

/** First visit: pick a display name (the server trims and checks it). */
export function NameForm() {
  const { t } = useTranslation();
  const { client } = useServices();
  const [name, setName] = useState(client.savedName);
  const valid = name.trim().length > 0 && [...name.trim()].length <= 24;
  return (
    <form className="panel name-form" onSubmit={(e) => { e.preventDefault(); if (valid) client.start(name.trim()); }}>
      <h1>{t('name.title')}</h1>
      <p>{t('app.tagline')}</p>
      <label htmlFor="name">{t('name.label')}</label>
      <input id="name" autoFocus maxLength={24} value={name} onChange={(e) => setName(e.target.value)} aria-describedby="name-hint" />
      <p id="name-hint" className="hint">{t('name.hint')}</p>
      <button type="submit" disabled={!valid}>{t('name.submit')}</button>
    </form>
  );
}
