import { AVATARS, isAvatarId } from '@parlor/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { chooseAvatar } from '../account/session.js';
import { useApp, useServices } from '../context.js';
import { useStrings } from '../WithStrings.js';
import { Avatar } from './Avatar.js';
import { AVATAR_DRAWINGS, AVATAR_TILES } from './drawings.js';

const FILES = ['avatars'] as const;

/**
 * The account page's avatar choice: the pattern made from the player's id, or one of the drawings,
 * as radio buttons (arrow keys move between them; each has its name as its label), then "Save".
 * A chunk of its own with the drawings, loaded with the page's words for them.
 */
export default function AvatarPicker() {
  const { t } = useTranslation();
  const services = useServices();
  const player = useApp((s) => s.player)!;
  const ready = useStrings(FILES);
  const current = isAvatarId(player.avatar) ? player.avatar : null;
  const [picked, setPicked] = useState<string | null>(current);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  if (!ready) return <div className="page-loading" aria-busy="true" />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    void chooseAvatar(services, picked).then((r) => {
      setBusy(false);
      if (r.ok) setSaved(true);
      else setError({ code: r.code, retryAfter: r.retryAfter });
    });
  };
  const pick = (a: string | null) => { setPicked(a); setSaved(false); };
  const options: (string | null)[] = [null, ...AVATARS];
  return (
    <form className="avatar-picker" onSubmit={submit}>
      <fieldset>
        <legend>{t('avatars.title')}</legend>
        <p className="hint">{t('avatars.help')}</p>
        <div className="avatar-options">
          {options.map((a) => (
            <label key={a ?? 'pattern'} className={`avatar-option${picked === a ? ' is-picked' : ''}`} title={a === null ? t('avatars.pattern') : t(`avatars.name.${a}`)}>
              <input type="radio" name="avatar" className="visually-hidden" checked={picked === a} onChange={() => pick(a)} />
              {a === null
                ? <Avatar player={{ id: player.id }} size="lg" />
                : <svg className="avatar avatar-lg" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
                    <circle cx="32" cy="32" r="32" fill={AVATAR_TILES[a as keyof typeof AVATAR_TILES]} />
                    {AVATAR_DRAWINGS[a as keyof typeof AVATAR_DRAWINGS]}
                  </svg>}
              <span className="visually-hidden">{a === null ? t('avatars.pattern') : t(`avatars.name.${a}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
      <div className="row">
        <button type="submit" disabled={busy || picked === current}>{t('avatars.save')}</button>
        <span role="status" className="form-ok">{saved && picked === current ? t('avatars.saved') : ''}</span>
      </div>
    </form>
  );
}
