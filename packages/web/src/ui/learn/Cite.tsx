import { useTranslation } from 'react-i18next';

/**
 * The numbered rules (a game's `<tag>-n`) a paragraph explains, shown discreetly after it so that anyone can
 * check the point against the rule reference.
 */
export function Cite({ rules }: { rules: readonly string[] }) {
  const { t } = useTranslation();
  if (rules.length === 0) return null;
  const list = rules.join(', ');
  return (
    <span className="rule-cite" title={t('learn.page.ruleTitle', { rules: list })}>
      <span className="visually-hidden">{t('learn.page.ruleLabel', { rules: list })}</span>
      <span aria-hidden="true">{rules.join(' · ')}</span>
    </span>
  );
}
