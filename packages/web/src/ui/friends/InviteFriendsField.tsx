import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useServices } from '../context.js';
import { useStrings } from '../WithStrings.js';
import { type Friend, friendsApi } from './api.js';
import { friendsToInvite } from './relation.js';

const FILES = ['friends'] as const;

/**
 * The create form's "Invite friends": a checkbox per friend (from `GET /api/friends`), online ones
 * first, each ticked one invited once the table is made (lobby/CreateTable.tsx). For accounts
 * only; a chunk of its own, loaded with the form, so that the lobby's first load does not carry it.
 */
export function InviteFriendsField({ chosen, onChange }: { chosen: readonly string[]; onChange: (names: string[]) => void }) {
  const { t } = useTranslation();
  const ready = useStrings(FILES);
  const { client } = useServices();
  const account = useApp((s) => s.account);
  const id = useId();
  const [friends, setFriends] = useState<readonly Friend[] | null>(null);
  const token = client.token;
  useEffect(() => {
    if (!account || token === null) return;
    let live = true;
    void friendsApi.friends(token).then((r) => { if (live) setFriends(r.ok ? friendsToInvite(r.value.friends) : []); });
    return () => { live = false; };
  }, [account, token]);
  if (!account || !ready || friends === null) return null;
  const toggle = (name: string, on: boolean) => onChange(on ? [...chosen, name] : chosen.filter((n) => n !== name));
  return (
    <fieldset className="invite-friends-field" aria-describedby={`${id}-hint`}>
      <legend>{t('friends.create.legend')}</legend>
      <p id={`${id}-hint`} className="hint">{friends.length === 0 ? t('friends.create.none') : t('friends.create.hint')}</p>
      {friends.map((f) => (
        <label key={f.name} className="choice">
          <input type="checkbox" checked={chosen.includes(f.name)} onChange={(e) => toggle(f.name, e.target.checked)} />
          {' '}<span>{f.name} <span className="small muted">({f.online ? t('friends.online') : t('friends.offline')})</span></span>
        </label>
      ))}
    </fieldset>
  );
}
