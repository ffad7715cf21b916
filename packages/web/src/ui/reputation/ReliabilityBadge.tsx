import { useTranslation } from 'react-i18next';
import { reliabilityWords } from './reputation-text.js';

/**
 * A seated player's reliability beside their name, in words ("96% finished", "new player"): its
 * text is its accessible name (no colour alone says anything), and its hint says what it counts.
 */
export function ReliabilityBadge({ reliability }: { reliability: number | null | undefined }) {
  const { t } = useTranslation();
  const words = reliabilityWords(reliability, t);
  if (words === null) return null;
  return <span className="badge badge-reliability" title={t('reputation.seatHelp')}>{words}</span>;
}
