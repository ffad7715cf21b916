import type { ServerMessage } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../context.js';
import './invitations.css';

type Invited = Extract<ServerMessage, { type: 'invited' }>;
/** The invitations shown at once; an older one gives way to a newer. */
const SHOWN = 3;

/** Where an invitation's table opens: its page, with a private table's invite. */
export const invitedPath = (m: Pick<Invited, 'tableId' | 'invite'>): string =>
  `/t/${encodeURIComponent(m.tableId)}${m.invite === null ? '' : `?invite=${encodeURIComponent(m.invite)}`}`;

/**
 * Invitations to tables (`invited`, docs/protocol.md) while Parlor is open: "Ann invites you to a
 * table of Flip 7" with **Open table** and a button that dismisses it. They are said politely (a
 * live region always in the page, so that a screen reader hears each one added) and stay until
 * opened or dismissed; one per table.
 */
export function Invitations() {
  const { t } = useTranslation();
  const { client, navigate } = useServices();
  const [list, setList] = useState<readonly Invited[]>([]);
  useEffect(() => client.onMessage((m) => {
    if (m.type === 'invited') setList((l) => [...l.filter((x) => x.tableId !== m.tableId), m].slice(-SHOWN));
  }), [client]);
  const dismiss = (tableId: string) => setList((l) => l.filter((x) => x.tableId !== tableId));
  return (
    <div className="invitations" role="status">
      {list.map((m) => {
        const line = t('invitations.notice', { from: m.from.name, game: t(`games.${m.game}.name`) });
        return (
          <div key={m.tableId} className="invitation">
            <span>{line}</span>
            <button type="button" onClick={() => { dismiss(m.tableId); navigate(invitedPath(m)); }}>{t('invitations.open')}</button>
            <button type="button" className="secondary" aria-label={t('invitations.dismiss', { from: m.from.name })} onClick={() => dismiss(m.tableId)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
