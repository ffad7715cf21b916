import { useTranslation } from 'react-i18next';

/** A refusal of the HTTP API in the player's language, by its code (docs/api.md), with the wait when one is given. */
export function ApiErrorText({ code, retryAfter = null }: { code: string; retryAfter?: number | null }) {
  const { t } = useTranslation();
  const text = t(`account.errors.${code}`, { defaultValue: t('account.errors.unknown', { code }) });
  return <>{text}{retryAfter !== null && ` ${t('account.errors.retryIn', { seconds: Math.ceil(retryAfter) })}`}</>;
}
