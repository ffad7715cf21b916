import type { Reputation } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { reputationLine } from './reputation-text.js';

/** A profile's reputation: the line, the counts it comes from and what is counted (docs/api.md, "Reputation"). */
export function ReputationPanel({ reputation: r }: { reputation: Reputation }) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="reputation-h">
      <h2 id="reputation-h">{t('reputation.title')}</h2>
      <p className="reputation-line"><strong>{reputationLine(r, t)}</strong></p>
      {r.finished + r.left > 0 && <p className="small">{t('reputation.counts', { finished: r.finished, left: r.left })}</p>}
      <p className="hint">{t('reputation.hint')}</p>
    </section>
  );
}
