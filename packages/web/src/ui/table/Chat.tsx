import { MAX_CHAT_LENGTH } from '@parlor/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../state/store.js';
import { useServices } from '../context.js';

export function Chat({ table }: { table: TableState }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [text, setText] = useState('');
  return (
    <section className="panel chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{t('table.chat')}</h2>
      <ul aria-live="polite">
        {table.chat.map((c, i) => <li key={i}><strong>{c.from.name}:</strong> {c.text}</li>)}
      </ul>
      <form className="row" onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return;
        void client.request({ type: 'chat.send', tableId: table.summary.id, text: text.trim() });
        setText('');
      }}>
        <input aria-label={t('table.chatPlaceholder')} placeholder={t('table.chatPlaceholder')} maxLength={MAX_CHAT_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">{t('table.send')}</button>
      </form>
    </section>
  );
}
