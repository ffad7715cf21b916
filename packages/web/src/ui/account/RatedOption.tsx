import { useTranslation } from 'react-i18next';
import { useApp } from '../context.js';
import { Link } from '../profile/Nav.js';
import './account.css';

/**
 * The create form's "Rated" choice (docs/api.md, "Ratings"): an account's only — a guest sees it
 * unavailable, with the way to an account; what a rated table means is said under it.
 */
export function RatedOption({ rated, onChange }: { rated: boolean; onChange: (rated: boolean) => void }) {
  const { t } = useTranslation();
  const account = useApp((s) => s.account);
  return (
    <div className="option rated-option">
      <label className="choice">
        <input type="checkbox" checked={rated} disabled={!account} onChange={(e) => onChange(e.target.checked)} aria-describedby="rated-help" />
        <span>{t('account.rated.label')}</span>
      </label>
      <p id="rated-help" className="hint">
        {t('account.rated.help')}
        {!account && <> {t('account.rated.guest')} <Link href="/account/claim">{t('account.claim.title')}</Link> · <Link href="/account/sign-in">{t('account.signIn.title')}</Link></>}
      </p>
    </div>
  );
}
