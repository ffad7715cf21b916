import { useTranslation } from 'react-i18next';

/** The seconds left on the move timer or the taste-test window, as a pill that never wraps ("8 s"). */
export function Countdown({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  if (seconds === null) return null;
  return (
    <span className={`sf-countdown${seconds <= 5 ? ' urgent' : ''}`} role="timer" aria-label={t('sf.status.countdownLabel', { seconds })}>
      {t('sf.status.countdown', { seconds })}
    </span>
  );
}
