import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../account/ApiErrorText.js';

/** A tournament's refusal in the player's language: its own words (tournament.json, `errors.…`), else the API's (account.json). */
export function ErrorText({ code, retryAfter = null }: { code: string; retryAfter?: number | null }) {
  const { t, i18n } = useTranslation();
  const key = `tournament.errors.${code}`;
  return i18n.exists(key) ? <>{t(key)}</> : <ApiErrorText code={code} retryAfter={retryAfter} />;
}
