import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../account/ApiErrorText.js';

/** A refusal of a report or moderation call: its own words for the codes of these routes, the account's words for the rest. */
export function ModErrorText({ code, retryAfter = null }: { code: string; retryAfter?: number | null }) {
  const { t, i18n } = useTranslation();
  if (i18n.exists(`moderation.errors.${code}`)) return <>{t(`moderation.errors.${code}`)}</>;
  return <ApiErrorText code={code} retryAfter={retryAfter} />;
}
