import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useServices } from '../context.js';
import { type Friend, friendsApi } from '../friends/api.js';
import { friendsToInvite, sameName } from '../friends/relation.js';
import { type InviteRefusal, forgetRefusals, refusalsFor } from './after-create.js';
import './invitations.css';

type Said = { readonly kind: 'sent'; readonly name: string } | { readonly kind: 'refused'; readonly code: string; readonly message: string; readonly byName: boolean };

/**
 * "Invite a player" at a table (`table.invite`, docs/protocol.md). For an account, first its
 * friends online who are not seated here, each with an **Invite** button (from `GET /api/friends`,
 * kept current by `friend.presence`); then, for anyone else, an account's name and a button. What
 * the server said is written under the field, politely announced: sent, or why not (an unknown
 * name, a guest, a full table, too many). The refusal is said here only, not again in the page's
 * notice bar. Invitations sent with the table from the create form and refused are listed here too.
 */
export function InviteForm({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const { client, store } = useServices();
  const account = useApp((s) => s.account);
  const seats = useApp((s) => s.tables[tableId]?.summary.seats);
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const [friends, setFriends] = useState<readonly Friend[]>([]);
  const [earlier] = useState<readonly InviteRefusal[]>(() => refusalsFor(tableId));
  useEffect(() => { forgetRefusals(tableId); }, [tableId]);
  const token = client.token;
  useEffect(() => {
    if (!account || token === null) return;
    let live = true;
    void friendsApi.friends(token).then((r) => { if (live && r.ok) setFriends(r.value.friends); });
    const off = client.onMessage((m) => {
      if (m.type === 'friend.presence') setFriends((l) => l.map((f) => (sameName(f.name, m.name) ? { ...f, online: m.online } : f)));
    });
    return () => { live = false; off(); };
  }, [account, token, client]);
  const seated = useMemo(() => (seats ?? []).flatMap((s) => (s.kind === 'player' ? [s.player.name] : [])), [seats]);
  const online = friendsToInvite(friends.filter((f) => f.online), seated);

  const invite = (n: string, byName: boolean) => {
    setBusy(true);
    void client.request({ type: 'table.invite', tableId, name: n }).then((r) => {
      setBusy(false);
      if (r.type === 'error') {
        store.clearNotice();
        setSaid({ kind: 'refused', code: r.code, message: r.message, byName });
      } else {
        setSaid({ kind: 'sent', name: n });
        if (byName) setName('');
      }
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (n === '' || busy) return;
    invite(n, true);
  };
  const refused = said?.kind === 'refused';
  return (
    <form className="invite-form" onSubmit={submit} noValidate>
      {online.length > 0 && (
        <div className="invite-friends">
          {/* Not a heading: the form sits among the seats, under headings of its own level. */}
          <p id={`${id}-friends`} className="invite-friends-title">{t('invitations.form.friends')}</p>
          <ul aria-labelledby={`${id}-friends`}>
            {online.map((f) => (
              <li key={f.name} className="row">
                <span>{f.name}</span>
                <button type="button" className="secondary" disabled={busy} aria-label={t('invitations.form.inviteFriend', { name: f.name })}
                  aria-describedby={`${id}-said`} onClick={() => invite(f.name, false)}>{t('invitations.form.send')}</button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="row">
        <label htmlFor={`${id}-name`}>{online.length > 0 ? t('invitations.form.other') : t('invitations.form.label')}</label>
        <input id={`${id}-name`} value={name} autoComplete="off" spellCheck={false} maxLength={64}
          aria-invalid={(refused && said.byName) || undefined} aria-describedby={`${id}-said ${id}-hint`}
          onChange={(e) => { setName(e.target.value); if (refused) setSaid(null); }} />
        <button type="submit" className="secondary" disabled={busy}>{t('invitations.form.send')}</button>
      </div>
      <p className="hint" id={`${id}-hint`}>{t('invitations.form.hint')}</p>
      <p id={`${id}-said`} role="status" className={refused ? 'form-error' : 'form-ok'}>
        {said === null ? '' : said.kind === 'sent' ? t('invitations.form.sent', { name: said.name })
          : t(`errors.${said.code}`, { defaultValue: said.message })}
      </p>
      {earlier.length > 0 && (
        <ul className="invite-refused" role="alert">
          {earlier.map((r) => (
            <li key={r.name} className="form-error">
              {t('invitations.form.createRefused', { name: r.name, reason: t(`errors.${r.code}`, { defaultValue: r.message }) })}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
