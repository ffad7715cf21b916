import { useTranslation } from 'react-i18next';
import { useTurnTimeWords } from '../../table/TurnClock.js';

/**
 * The seconds left on the move timer or the taste-test window, as a pill that never wraps ("8 s");
 * at a turn-based table, where that is hours or days, in days, hours and minutes ("1 day 4 hr left").
 */
export function Countdown({ seconds, turnBased = false }: { seconds: number | null; turnBased?: boolean }) {
  const { t } = useTranslation();
  const turnWords = useTurnTimeWords();
  if (seconds === null) return null;
  const urgent = seconds <= 5 ? ' urgent' : '';
  if (turnBased) {
    return <span className={`sf-countdown${urgent}`} role="timer" aria-label={turnWords.long(seconds)}>{turnWords.short(seconds)}</span>;
  }
  return (
    <span className={`sf-countdown${urgent}`} role="timer" aria-label={t('sf.status.countdownLabel', { seconds })}>
      {t('sf.status.countdown', { seconds })}
    </span>
  );
}
