import { useTranslation } from 'react-i18next';
import { MIN_RELIABILITY_CHOICES } from './reputation-text.js';

/** The create form's minimum reliability to sit (docs/api.md, "Reputation"): none by default; new players may always sit. */
export function MinReliabilityField({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label>{t('reputation.createLabel')}
        <select value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} aria-describedby="min-reliability-help">
          <option value="">{t('reputation.createNone')}</option>
          {MIN_RELIABILITY_CHOICES.map((p) => <option key={p} value={p}>{t('reputation.createOption', { percent: p })}</option>)}
        </select>
      </label>
      <p id="min-reliability-help" className="hint">{t('reputation.createHelp')}</p>
    </>
  );
}
