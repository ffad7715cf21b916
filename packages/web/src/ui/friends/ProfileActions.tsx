import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { useApp, useServices } from '../context.js';
import { Link } from '../profile/Nav.js';
import { formatDuration } from '../table/durations.js';
import { useStrings } from '../WithStrings.js';
import { type Refusal, friendsApi } from './api.js';
import { type Relation, relationTo } from './relation.js';
import './friends.css';

const FILES = ['friends'] as const;

/** A friends refusal in words: the wait before asking again in days, not seconds; others as the API's error text. */
export function FriendRefusal({ refusal }: { refusal: Refusal }) {
  const { t, i18n } = useTranslation();
  if (refusal.code === 'FRIEND_WAIT' || refusal.code === 'TOO_MANY_FRIENDS') {
    return <>{t(`errors.${refusal.code}`)}{refusal.code === 'FRIEND_WAIT' && refusal.retryAfter !== null
      && ` ${t('friends.profile.waitFor', { time: formatDuration(refusal.retryAfter, i18n.language) })}`}</>;
  }
  return <ApiErrorText code={refusal.code} retryAfter={refusal.retryAfter} />;
}

/**
 * On another account's profile, what the signed-in account may do about them, as they stand (read
 * from `GET /api/friends` and `GET /api/blocks`, again after each change): add as a friend, cancel
 * the request, accept or decline theirs, remove the friend; block (asked to confirm first, saying
 * that a block ends the friendship) or unblock. A bot takes no friend request, but may be blocked.
 * A guest is pointed to claiming a name. A request that the server answered "sent" stays shown as
 * sent even when no list holds it (a request to someone who blocked you is kept nowhere, and
 * nothing may tell you of a block).
 */
export function ProfileActions({ name, bot }: { name: string; bot: boolean }) {
  const { t } = useTranslation();
  const ready = useStrings(FILES);
  const { client } = useServices();
  const account = useApp((s) => s.account);
  const token = client.token;
  const id = useId();
  const [relation, setRelation] = useState<Relation | null>(null);
  const [sent, setSent] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const [status, setStatus] = useState('');
  const confirm = useRef<HTMLButtonElement>(null);
  const blockButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    if (token === null || !account) return;
    const [f, b] = await Promise.all([friendsApi.friends(token), friendsApi.blocks(token)]);
    if (!f.ok) { setError({ code: f.code, retryAfter: f.retryAfter }); return; }
    setRelation(relationTo(name, f.value, b.ok ? b.value.blocked : []));
  }, [token, account, name]);
  useEffect(() => { setSent(false); setConfirming(false); setError(null); setStatus(''); void load(); }, [load]);
  useEffect(() => { if (confirming) confirm.current?.focus(); }, [confirming]);

  if (!ready || token === null) return null;
  if (!account) {
    return <p className="hint profile-actions"><Link href="/account/claim">{t('friends.profile.guest')}</Link></p>;
  }
  if (relation === null) return <div className="profile-actions" aria-busy="true" />;

  /** One call, then the lists again; `done` is said politely when it went through. */
  const run = (call: () => Promise<{ ok: true; value: unknown } | { ok: false; code: string; retryAfter: number | null }>, done: string, after?: (value: unknown) => void) => {
    setBusy(true);
    void call().then(async (r) => {
      if (r.ok) { setError(null); setStatus(done); after?.(r.value); } else { setError({ code: r.code, retryAfter: r.retryAfter }); setStatus(''); }
      await load();
      setBusy(false);
    });
  };
  const shown: Relation = relation === 'none' && sent ? 'outgoing' : relation;
  const add = () => run(() => friendsApi.ask(token, name), t('friends.sent', { name }), (v) => setSent((v as { status?: string }).status === 'sent'));
  const cancel = () => {
    setBusy(true);
    void friendsApi.withdraw(token, name).then(async (r) => {
      // A request kept nowhere (see above) is gone already: the same as withdrawn.
      if (r.ok || r.code === 'NOT_FOUND') { setError(null); setStatus(t('friends.withdrawn', { name })); } else { setError({ code: r.code, retryAfter: r.retryAfter }); }
      setSent(false);
      await load();
      setBusy(false);
    });
  };
  const block = () => {
    setConfirming(false);
    run(() => friendsApi.block(token, name), t('friends.blockedNow', { name }), () => setSent(false));
  };
  const stopConfirming = () => { setConfirming(false); blockButton.current?.focus(); };

  return (
    <section className="profile-actions" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="visually-hidden">{t('friends.profile.actions', { name })}</h2>
      <div className="row">
        {shown === 'none' && !bot && <button type="button" disabled={busy} onClick={add}>{t('friends.profile.add')}</button>}
        {shown === 'none' && bot && <span className="hint">{t('friends.profile.bot')}</span>}
        {shown === 'outgoing' && <>
          <span>{t('friends.profile.requestSent')}</span>
          <button type="button" className="secondary" disabled={busy} onClick={cancel}>{t('friends.profile.cancel')}</button>
        </>}
        {shown === 'incoming' && <>
          <span>{t('friends.profile.asked', { name })}</span>
          <button type="button" disabled={busy} onClick={() => run(() => friendsApi.accept(token, name), t('friends.accepted', { name }))}>{t('friends.profile.accept')}</button>
          <button type="button" className="secondary" disabled={busy} onClick={() => run(() => friendsApi.decline(token, name), t('friends.declined', { name }))}>{t('friends.profile.decline')}</button>
        </>}
        {shown === 'friends' && <>
          <span>{t('friends.profile.isFriend')}</span>
          <button type="button" className="secondary" disabled={busy} onClick={() => run(() => friendsApi.remove(token, name), t('friends.removed', { name }))}>{t('friends.profile.remove')}</button>
        </>}
        {shown === 'blocked' && <>
          <span>{t('friends.profile.isBlocked', { name })}</span>
          <button type="button" className="secondary" disabled={busy} onClick={() => run(() => friendsApi.unblock(token, name), t('friends.unblocked', { name }))}>{t('friends.profile.unblock')}</button>
        </>}
        {shown !== 'blocked' && !confirming && (
          <button ref={blockButton} type="button" className="secondary" disabled={busy} onClick={() => setConfirming(true)}>{t('friends.profile.block')}</button>
        )}
      </div>
      {/* Blocking asks first, in the page's flow: the question, then "block" or "keep", reached by Tab; Escape keeps. */}
      <div id={`${id}-confirm`} role="group" aria-labelledby={`${id}-ask`} hidden={!confirming || shown === 'blocked'} className="profile-block-ask"
        onKeyDown={(e) => { if (e.key === 'Escape') stopConfirming(); }}>
        <p id={`${id}-ask`}>{t('friends.profile.blockAsk', { name })}</p>
        <div className="row">
          <button ref={confirm} type="button" className="danger" disabled={busy} onClick={block}>{t('friends.profile.blockConfirm', { name })}</button>
          <button type="button" className="secondary" onClick={stopConfirming}>{t('friends.profile.blockKeep')}</button>
        </div>
      </div>
      <p className="small" role="status">{status}</p>
      {error !== null && <p className="form-error" role="alert"><FriendRefusal refusal={error} /></p>}
    </section>
  );
}
