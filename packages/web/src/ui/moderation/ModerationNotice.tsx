import type { ModActionView } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { useServices } from '../context.js';
import { Link } from '../profile/Nav.js';
import { MODERATION_FILES, moderationApi } from './api.js';
import { useDate } from './mod-parts.js';
import './moderation.css';

const DAY = 86_400_000;
/** A warning shows for so long after it was made, until dismissed. */
export const WARNING_SHOWN_FOR = 7 * DAY;
/** The warnings dismissed in this browser, by action id (a JSON array). */
export const SEEN_KEY = 'parlor.modWarningsSeen';
const HOLDS: ReadonlySet<string> = new Set(['mute', 'suspend-rated', 'suspend', 'ban']);

/**
 * What the notice shows (pure): the actions in force that hold the player back (a mute, a
 * suspension, a ban), and the warnings of the last seven days not dismissed (`seen`) nor lifted on
 * appeal. Newest first, as the server lists them.
 */
export function noticeActions(actions: readonly ModActionView[], now: number, seen: ReadonlySet<string>): ModActionView[] {
  return actions.filter((a) => (HOLDS.has(a.kind) ? a.active
    : a.kind === 'warn' && a.answer !== 'lifted' && !seen.has(a.id) && now - Date.parse(a.at) < WARNING_SHOWN_FOR));
}

function readSeen(): Set<string> {
  try {
    const v = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  } catch { return new Set(); }
}
function rememberSeen(id: string): void {
  // Only recent warnings are ever shown: the last 50 dismissed are plenty to remember.
  const ids = [...readSeen(), id].slice(-50);
  try { localStorage.setItem(SEEN_KEY, JSON.stringify(ids)); } catch { /* full or blocked: hidden for this page only */ }
}

/** `GET /api/me/moderation` once per app start (and again for another account's token). */
let asked: { token: string; actions: Promise<readonly ModActionView[]> } | null = null;
function myActions(token: string): Promise<readonly ModActionView[]> {
  if (asked?.token !== token) asked = { token, actions: moderationApi.mine(token).then((r) => (r.ok ? r.value.actions : [])) };
  return asked.actions;
}

/**
 * A notice at the top of every page while a moderator's action holds the signed-in account back
 * (muted, suspended from rated games or from playing, banned: what and until when), or for a week
 * after a warning until it is dismissed (remembered in this browser by the action's id). Each
 * links to the account page's moderation record, where it may be appealed. Shown for accounts only
 * (App mounts it then); nothing at all when there is nothing to say.
 */
export function ModerationNotice() {
  const { client } = useServices();
  const token = client.token;
  const [shown, setShown] = useState<readonly ModActionView[]>([]);
  useEffect(() => {
    if (token === null) return;
    let live = true;
    void myActions(token).then((actions) => { if (live) setShown(noticeActions(actions, Date.now(), readSeen())); });
    return () => { live = false; };
  }, [token]);
  if (shown.length === 0) return null;
  return <Notices actions={shown} onHide={(a) => {
    if (a.kind === 'warn') rememberSeen(a.id);
    setShown((l) => l.filter((x) => x.id !== a.id));
  }} />;
}

function Notices({ actions, onHide }: { actions: readonly ModActionView[]; onHide: (a: ModActionView) => void }) {
  const { t } = useTranslation();
  const ready = useStrings(MODERATION_FILES);
  const date = useDate();
  if (!ready) return null;
  const what = (a: ModActionView): string => {
    const key = a.kind === 'suspend-rated' ? 'suspendRated' : a.kind;
    if (a.kind === 'warn') return t('moderation.notice.warn', { date: date(a.at) });
    return a.until === null && a.kind !== 'mute' ? t(`moderation.notice.${key}ForGood`) : t(`moderation.notice.${key}`, { date: date(a.until ?? a.at) });
  };
  return (
    <section className="notice mod-notice" aria-label={t('moderation.notice.label')}>
      <ul className="plain">
        {actions.map((a) => (
          <li key={a.id}>
            <p>
              <strong>{what(a)}</strong> {t('moderation.record.reason', { reason: a.reason })} <Link href="/account">{t('moderation.notice.link')}</Link>
            </p>
            {a.kind === 'warn' && (
              <button type="button" aria-label={t('moderation.notice.dismiss')} onClick={() => onHide(a)}><span aria-hidden="true">×</span></button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
