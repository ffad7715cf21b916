import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../context.js';
import './invitations.css';

type Said = { readonly kind: 'sent'; readonly name: string } | { readonly kind: 'refused'; readonly code: string; readonly message: string };

/**
 * "Invite a player" at a table (`table.invite`, docs/protocol.md): an account's name and a button.
 * What the server said is written under the field, politely announced: sent, or why not (an
 * unknown name, a guest, a full table, too many). The refusal is said here only, not again in the
 * page's notice bar.
 */
export function InviteForm({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const { client, store } = useServices();
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (n === '' || busy) return;
    setBusy(true);
    void client.request({ type: 'table.invite', tableId, name: n }).then((r) => {
      setBusy(false);
      if (r.type === 'error') {
        store.clearNotice();
        setSaid({ kind: 'refused', code: r.code, message: r.message });
      } else {
        setSaid({ kind: 'sent', name: n });
        setName('');
      }
    });
  };
  const refused = said?.kind === 'refused';
  return (
    <form className="invite-form" onSubmit={submit} noValidate>
      <div className="row">
        <label htmlFor={`${id}-name`}>{t('invitations.form.label')}</label>
        <input id={`${id}-name`} value={name} autoComplete="off" spellCheck={false} maxLength={64}
          aria-invalid={refused || undefined} aria-describedby={`${id}-said ${id}-hint`}
          onChange={(e) => { setName(e.target.value); if (refused) setSaid(null); }} />
        <button type="submit" className="secondary" disabled={busy}>{t('invitations.form.send')}</button>
      </div>
      <p className="hint" id={`${id}-hint`}>{t('invitations.form.hint')}</p>
      <p id={`${id}-said`} role="status" className={refused ? 'form-error' : 'form-ok'}>
        {said === null ? '' : said.kind === 'sent' ? t('invitations.form.sent', { name: said.name })
          : t(`errors.${said.code}`, { defaultValue: said.message })}
      </p>
    </form>
  );
}
