import { type FormEvent, type MouseEvent as ReactMouseEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileHref } from '../../net/api.js';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { useStrings } from '../WithStrings.js';
import { useApp, useServices } from '../context.js';
import { invitedPath } from '../invitations/Invitations.js';
import { type Friend, type FriendLists, type Named, type Refusal, friendsApi } from './api.js';
import './friends.css';

const FILES = ['friends'] as const;

interface Lists extends FriendLists { readonly blocked: readonly Named[]; readonly allMuted: boolean }

/** A friend's table, opened with its invite when it is private (the caller sits there or was invited). */
const tablePath = (t: NonNullable<Friend['table']>) => invitedPath({ tableId: t.id, invite: t.invite ?? null });

/**
 * `/friends`: an account's friends (online, and the table they sit at, to watch), the requests it
 * received (accept, decline) and sent (withdraw), a form to ask someone by name, the players it
 * blocked (unblock), and the switch that mutes all chat. A guest is asked to claim a name first,
 * and may still mute all chat. After each change, and when a friend comes or goes, the lists are read again.
 */
export function FriendsPage() {
  const { t } = useTranslation();
  const ready = useStrings(FILES);
  const services = useServices();
  const account = useApp((s) => s.account);
  const token = services.client.token;
  const id = useId();
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  const [status, setStatus] = useState('');
  const [name, setName] = useState('');

  const load = useCallback(async () => {
    if (token === null) return;
    const mutes = await friendsApi.mutes(token);
    const allMuted = mutes.ok && mutes.value.muted.includes('all');
    if (!account) { setLists({ friends: [], incoming: [], outgoing: [], blocked: [], allMuted }); return; }
    const [f, b] = await Promise.all([friendsApi.friends(token), friendsApi.blocks(token)]);
    if (!f.ok) { setError({ code: f.code, retryAfter: f.retryAfter }); return; }
    setLists({ ...f.value, blocked: b.ok ? b.value.blocked : [], allMuted });
  }, [token, account]);
  useEffect(() => { void load(); }, [load]);
  // A friend came online or left (`friend.presence`): the list, and where they sit, are read again.
  useEffect(() => services.client.onMessage((m) => { if (m.type === 'friend.presence') void load(); }), [services.client, load]);
  if (!ready || token === null || lists === null) return <div className="page-loading" aria-busy="true" />;

  const run = (call: Promise<{ ok: boolean; code?: string; retryAfter?: number | null }>, done: string) => {
    void call.then((r) => {
      if (r.ok) { setError(null); setStatus(done); } else { setError({ code: r.code ?? 'SERVER_ERROR', retryAfter: r.retryAfter ?? null }); setStatus(''); }
      return load();
    });
  };
  const ask = (e: FormEvent) => {
    e.preventDefault();
    const who = name.trim();
    if (who === '') return;
    run(friendsApi.ask(token, who), t('friends.sent', { name: who }));
    setName('');
  };
  const go = (href: string) => (e: ReactMouseEvent) => { e.preventDefault(); services.navigate(href); };
  const person = (n: string) => <a href={profileHref(n)} onClick={go(profileHref(n))}>{n}</a>;

  return (
    <div className="friends-page">
      <h1>{t('friends.title')}</h1>
      {!account && <p>{t('friends.accountsOnly')}</p>}
      {account && (
        <>
          <form className="friends-ask row" onSubmit={ask}>
            <label htmlFor={`${id}-name`}>{t('friends.askLabel')}</label>
            <input id={`${id}-name`} value={name} maxLength={24} autoComplete="off" onChange={(e) => setName(e.target.value)} />
            <button type="submit">{t('friends.ask')}</button>
          </form>
          <p className="small" role="status">{status}</p>
          {error !== null && <p className="form-error" role="alert">{error.code === 'FRIEND_WAIT' || error.code === 'TOO_MANY_FRIENDS' ? t(`errors.${error.code}`) : <ApiErrorText code={error.code} retryAfter={error.retryAfter} />}</p>}

          <section aria-labelledby={`${id}-in`}>
            <h2 id={`${id}-in`}>{t('friends.incoming')}</h2>
            {lists.incoming.length === 0 ? <p className="hint">{t('friends.none')}</p> : (
              <ul>{lists.incoming.map((r) => (
                <li key={r.name} className="row">{person(r.name)}
                  <button type="button" onClick={() => run(friendsApi.accept(token, r.name), t('friends.accepted', { name: r.name }))}>{t('friends.accept', { name: r.name })}</button>
                  <button type="button" className="secondary" onClick={() => run(friendsApi.decline(token, r.name), t('friends.declined', { name: r.name }))}>{t('friends.decline', { name: r.name })}</button>
                </li>))}</ul>
            )}
          </section>

          <section aria-labelledby={`${id}-fr`}>
            <h2 id={`${id}-fr`}>{t('friends.friends')}</h2>
            {lists.friends.length === 0 ? <p className="hint">{t('friends.noFriends')}</p> : (
              <ul>{lists.friends.map((f) => (
                <li key={f.name} className="row">{person(f.name)}
                  <span className="small">{f.online ? t('friends.online') : t('friends.offline')}</span>
                  {f.table !== undefined && <a href={tablePath(f.table)} onClick={go(tablePath(f.table))}>{t('friends.watch', { name: f.name })}</a>}
                  <button type="button" className="secondary" onClick={() => run(friendsApi.remove(token, f.name), t('friends.removed', { name: f.name }))}>{t('friends.remove', { name: f.name })}</button>
                  <button type="button" className="secondary" onClick={() => run(friendsApi.block(token, f.name), t('friends.blockedNow', { name: f.name }))}>{t('friends.block', { name: f.name })}</button>
                </li>))}</ul>
            )}
          </section>

          <section aria-labelledby={`${id}-out`}>
            <h2 id={`${id}-out`}>{t('friends.outgoing')}</h2>
            {lists.outgoing.length === 0 ? <p className="hint">{t('friends.none')}</p> : (
              <ul>{lists.outgoing.map((r) => (
                <li key={r.name} className="row">{person(r.name)}
                  <button type="button" className="secondary" onClick={() => run(friendsApi.withdraw(token, r.name), t('friends.withdrawn', { name: r.name }))}>{t('friends.withdraw', { name: r.name })}</button>
                </li>))}</ul>
            )}
          </section>

          <section aria-labelledby={`${id}-bl`}>
            <h2 id={`${id}-bl`}>{t('friends.blocked')}</h2>
            <p className="hint">{t('friends.blockHint')}</p>
            {lists.blocked.length === 0 ? <p className="hint">{t('friends.none')}</p> : (
              <ul>{lists.blocked.map((b) => (
                <li key={b.name} className="row">{b.name}
                  <button type="button" className="secondary" onClick={() => run(friendsApi.unblock(token, b.name), t('friends.unblocked', { name: b.name }))}>{t('friends.unblock', { name: b.name })}</button>
                </li>))}</ul>
            )}
          </section>
        </>
      )}
      <section aria-labelledby={`${id}-mute`}>
        <h2 id={`${id}-mute`}>{t('friends.chat')}</h2>
        <label className="row">
          <input type="checkbox" checked={lists.allMuted} onChange={(e) => run(friendsApi.muteAll(token, e.target.checked), e.target.checked ? t('friends.mutedAll') : t('friends.unmutedAll'))} />
          {t('friends.muteAll')}
        </label>
      </section>
    </div>
  );
}
