import { MAX_CHAT_LENGTH } from '@parlor/protocol';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../state/store.js';
import { AccountBadge } from '../account/AccountBadge.js';
import { BotMarkOf } from '../account/BotBadge.js';
import { Avatar } from '../avatars/Avatar.js';
import { useServices } from '../context.js';
import { ReportButton } from '../moderation/ReportDialog.js';
import { friendsApi } from '../friends/api.js';
import './chat.css';

/** A chat line's time, in the player's language: "14:03", "2:03 PM", "오후 02:03". */
export function chatTime(at: string, language: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(d);
}

/**
 * The table's chat, each line with its time. The list stays at its newest line while the reader is
 * there (scrolled back, it stays where they read). A switch mutes this table's chat for this
 * player, a guest's too (`/api/chat-mutes/<table>`, docs/api.md "Blocking and muting"): the server
 * then sends no new lines, and the panel says so; with all chat muted (on the Friends page) it says
 * that, with a link there.
 */
export function Chat({ table }: { table: TableState }) {
  const { t, i18n } = useTranslation();
  const { client, navigate } = useServices();
  const [text, setText] = useState('');
  const id = useId();
  const tableId = table.summary.id;
  // What is muted for this player: this table, all chat; null until read.
  const [muted, setMuted] = useState<{ table: boolean; all: boolean } | null>(null);
  const [muteBusy, setMuteBusy] = useState(false);
  const token = client.token;
  useEffect(() => {
    if (token === null) return;
    let live = true;
    void friendsApi.mutes(token).then((r) => {
      if (live && r.ok) setMuted({ table: r.value.muted.includes(tableId), all: r.value.muted.includes('all') });
    });
    return () => { live = false; };
  }, [token, tableId]);
  const muteTable = (on: boolean) => {
    if (token === null || muted === null) return;
    // The switch moves at once, and back if the server refused (held busy until it answers).
    const before = muted;
    setMuted({ ...muted, table: on });
    setMuteBusy(true);
    void friendsApi.muteTable(token, tableId, on).then((r) => {
      setMuteBusy(false);
      if (!r.ok) setMuted(before);
    });
  };
  const list = useRef<HTMLUListElement>(null);
  const atEnd = useRef(true);
  const full = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  useLayoutEffect(() => {
    const ul = list.current;
    if (ul !== null && atEnd.current) ul.scrollTop = ul.scrollHeight;
  }, [table.chat.length]);
  useEffect(() => {
    const ul = list.current;
    if (ul === null) return;
    const onScroll = () => { atEnd.current = ul.scrollHeight - ul.scrollTop - ul.clientHeight < 24; };
    ul.addEventListener('scroll', onScroll);
    return () => ul.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <section className="panel chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{t('table.chat')}</h2>
      {muted !== null && (
        <label className="choice chat-mute">
          <input type="checkbox" checked={muted.table} disabled={muteBusy} aria-describedby={`${id}-muted`} onChange={(e) => muteTable(e.target.checked)} />
          {' '}{t('table.muteChat')}
        </label>
      )}
      <p id={`${id}-muted`} className="hint chat-muted" role="status">
        {muted?.all === true
          ? <>{t('table.chatMutedAll')} <a href="/friends" onClick={(e) => { e.preventDefault(); navigate('/friends'); }}>{t('table.chatMutedAllLink')}</a></>
          : muted?.table === true ? t('table.chatMuted') : ''}
      </p>
      {table.chat.length === 0 && <p className="hint">{t('table.chatEmpty')}</p>}
      <ul ref={list} aria-live="polite" aria-labelledby="chat-title" tabIndex={table.chat.length > 0 ? 0 : undefined}>
        {table.chat.map((c, i) => (
          <li key={i}>
            <time className="chat-time" dateTime={c.at} title={Number.isNaN(Date.parse(c.at)) ? undefined : full.format(new Date(c.at))}>
              {chatTime(c.at, i18n.language)}
            </time>{' '}
            <Avatar player={c.from} size="sm" className="chat-avatar" /> <strong>{c.from.name}</strong>{c.from.account === true && <> <AccountBadge /></>}<BotMarkOf player={c.from} /><strong>:</strong> {c.text}
            {c.id !== undefined && <ReportButton compact target={{ playerId: c.from.id, name: c.from.name, tableId: table.summary.id, chatLineId: c.id }} />}
          </li>
        ))}
      </ul>
      <form className="row chat-form" onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return;
        void client.request({ type: 'chat.send', tableId, text: text.trim() });
        setText('');
      }}>
        <input aria-label={t('table.chatPlaceholder')} placeholder={t('table.chatPlaceholder')} maxLength={MAX_CHAT_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">{t('table.send')}</button>
      </form>
    </section>
  );
}
