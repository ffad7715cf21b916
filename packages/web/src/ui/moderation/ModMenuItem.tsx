import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { useApp, useServices } from '../context.js';
import { MODERATION_FILES, moderationApi } from './api.js';

/**
 * The account menu's link to `/mod`, for moderators only: the server says who is one
 * (`GET /api/me/moderation`, `moderator`), asked once per signed-in account.
 */
export function ModMenuItem({ onClick }: { onClick: (e: MouseEvent) => void }) {
  const { t } = useTranslation();
  const account = useApp((s) => s.account);
  const { client } = useServices();
  const token = client.token;
  const [moderator, setModerator] = useState(false);
  useEffect(() => {
    let live = true;
    setModerator(false);
    if (!account || token === null) return;
    void moderationApi.mine(token).then((r) => { if (live && r.ok) setModerator(r.value.moderator); });
    return () => { live = false; };
  }, [account, token]);
  if (!moderator) return null;
  return <ModLink onClick={onClick} label={() => t('moderation.mod.link')} />;
}

function ModLink({ onClick, label }: { onClick: (e: MouseEvent) => void; label: () => string }) {
  const ready = useStrings(MODERATION_FILES);
  if (!ready) return null;
  return <li><a href="/mod" onClick={onClick}>{label()}</a></li>;
}
