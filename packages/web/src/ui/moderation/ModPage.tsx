import { MAX_ACTION_HOURS, MAX_REPORT_TEXT, MOD_ACTION_KINDS, type ModActionKind, type ReportView } from '@parlor/protocol';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { useServices } from '../context.js';
import { Link, Nav } from '../profile/Nav.js';
import { MODERATION_FILES, REPORT_STATUSES, type ReportStatus, modApi, type PendingAppeal } from './api.js';
import { ModErrorText } from './ModErrorText.js';
import { Evidence, RecordLink, useDate } from './mod-parts.js';
import './moderation.css';

type Refusal = { code: string; retryAfter: number | null };
type Loaded = { state: 'loading' } | { state: 'refused'; error: Refusal } | { state: 'ready'; reports: ReportView[]; appeals: PendingAppeal[] };

/** Whether a kind takes hours: a mute must have them; a suspension or ban without them is for good. */
const TIMED: ReadonlySet<ModActionKind> = new Set(['mute', 'suspend-rated', 'suspend', 'ban']);

/**
 * `/mod`, the moderators' page: the reports, oldest first, each with its evidence (the table,
 * its players, the chat with the reported line marked, the player's earlier actions) and, while
 * open, a form to act on it or dismiss it; tabs (`?status=acted`, `?status=dismissed`) show the
 * closed ones. Then the appeals waiting for an answer. Each report and appeal links to the
 * player's record (ModPlayerPage). Anyone else is told the page is for moderators only (the server
 * refuses them NOT_MODERATOR).
 */
export function ModPage({ status: asked = null }: { status?: string | null }) {
  const status: ReportStatus = (REPORT_STATUSES as readonly string[]).includes(asked ?? '') ? asked as ReportStatus : 'open';
  const { t } = useTranslation();
  const ready = useStrings(MODERATION_FILES);
  const { client } = useServices();
  const token = client.token;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const load = useCallback(async () => {
    if (token === null) { setLoaded({ state: 'refused', error: { code: 'NOT_MODERATOR', retryAfter: null } }); return; }
    setLoaded((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    const [r, a] = await Promise.all([modApi.reports(token, status), modApi.appeals(token)]);
    if (!r.ok) setLoaded({ state: 'refused', error: { code: r.code, retryAfter: r.retryAfter } });
    else if (!a.ok) setLoaded({ state: 'refused', error: { code: a.code, retryAfter: a.retryAfter } });
    else setLoaded({ state: 'ready', reports: r.value.reports, appeals: a.value.appeals });
  }, [token, status]);
  useEffect(() => { void load(); }, [load]);
  if (!ready) return <div className="page-loading" aria-busy="true" />;
  return (
    <div className="profile-page mod-page">
      <Nav />
      <h1>{t('moderation.mod.title')}</h1>
      {loaded.state === 'loading' && <p role="status">{t('moderation.mod.loading')}</p>}
      {loaded.state === 'refused' && <p role="alert" className="panel"><ModErrorText code={loaded.error.code} retryAfter={loaded.error.retryAfter} /></p>}
      {loaded.state === 'ready' && (
        <>
          <section className="panel" aria-labelledby="mod-reports-h">
            <h2 id="mod-reports-h">{t(`moderation.mod.reportsHeading.${status}`, { n: loaded.reports.length })}</h2>
            <nav className="game-tabs" aria-label={t('moderation.mod.statusTabs')}>
              {REPORT_STATUSES.map((s) => (
                <Link key={s} href={s === 'open' ? '/mod' : `/mod?status=${s}`} aria-current={s === status ? 'page' : undefined}>{t(`moderation.mod.status.${s}`)}</Link>
              ))}
            </nav>
            {loaded.reports.length === 0 ? <p className="hint">{t(`moderation.mod.noReportsOf.${status}`)}</p>
              : <ul className="plain">{loaded.reports.map((r) => <ReportItem key={r.id} report={r} token={token!} onDone={() => void load()} />)}</ul>}
          </section>
          <section className="panel" aria-labelledby="mod-appeals-h">
            <h2 id="mod-appeals-h">{t('moderation.mod.appeals', { n: loaded.appeals.length })}</h2>
            {loaded.appeals.length === 0 ? <p className="hint">{t('moderation.mod.noAppeals')}</p>
              : <ul className="plain">{loaded.appeals.map((a) => <AppealItem key={a.id} appeal={a} token={token!} onDone={() => void load()} />)}</ul>}
          </section>
        </>
      )}
    </div>
  );
}

function ReportItem({ report: r, token, onDone }: { report: ReportView; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const date = useDate();
  const id = useId();
  const [kind, setKind] = useState<ModActionKind>('warn');
  const [hours, setHours] = useState('');
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const run = async (call: () => Promise<{ ok: true } | { ok: false; code: string; retryAfter: number | null }>) => {
    setBusy(true);
    const res = await call();
    setBusy(false);
    if (res.ok) onDone(); else setError({ code: res.code, retryAfter: res.retryAfter });
  };
  const act = () => {
    if (reason.trim() === '') { setError({ code: 'NO_ACTION_REASON', retryAfter: null }); return; }
    const h = hours.trim() === '' ? undefined : Number(hours);
    if (h !== undefined && !(Number.isInteger(h) && h >= 1 && h <= MAX_ACTION_HOURS)) { setError({ code: 'BAD_HOURS', retryAfter: null }); return; }
    if (kind === 'mute' && h === undefined) { setError({ code: 'BAD_HOURS', retryAfter: null }); return; }
    void run(() => modApi.act(token, {
      playerId: r.player.id, kind, reason: reason.trim(), reportId: r.id,
      ...(TIMED.has(kind) && h !== undefined ? { hours: h } : {}),
      ...(kind === 'rename' && name.trim() !== '' ? { name: name.trim() } : {}),
    }));
  };
  return (
    <li className="mod-report" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('moderation.mod.reportOf', { name: r.player.name, reason: t(`moderation.reasons.${r.reason}`) })}</h3>
      <p className="small">
        {t('moderation.mod.by', { name: r.reporter, date: date(r.createdAt) })}
        {r.status !== 'open' && <> · {t(`moderation.mod.status.${r.status}`)}</>} · <RecordLink player={r.player} />
      </p>
      {r.text !== '' && <blockquote>{r.text}</blockquote>}
      <Evidence evidence={r.evidence} />
      {r.history.length > 0 && (
        <>
          <h4>{t('moderation.mod.history')}</h4>
          <ul className="small">{r.history.map((h) => <li key={h.id}>{date(h.at)} · {t(`moderation.kinds.${h.kind}`)} · {h.reason} · {h.moderator}</li>)}</ul>
        </>
      )}
      {r.status === 'open' && <form className="mod-act" onSubmit={(e) => { e.preventDefault(); act(); }}>
        <label htmlFor={`${id}-kind`}>{t('moderation.mod.action')}</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as ModActionKind)}>
          {MOD_ACTION_KINDS.map((k) => <option key={k} value={k}>{t(`moderation.kinds.${k}`)}</option>)}
        </select>
        {TIMED.has(kind) && (
          <>
            <label htmlFor={`${id}-hours`}>{kind === 'mute' ? t('moderation.mod.hoursRequired') : t('moderation.mod.hours')}</label>
            <input id={`${id}-hours`} type="number" inputMode="numeric" min={1} max={MAX_ACTION_HOURS} value={hours} onChange={(e) => setHours(e.target.value)} />
          </>
        )}
        {kind === 'rename' && (
          <>
            <label htmlFor={`${id}-name`}>{t('moderation.mod.newName')}</label>
            <input id={`${id}-name`} maxLength={64} value={name} onChange={(e) => setName(e.target.value)} />
          </>
        )}
        <label htmlFor={`${id}-reason`}>{t('moderation.mod.reason')}</label>
        <textarea id={`${id}-reason`} rows={2} maxLength={MAX_REPORT_TEXT} value={reason} onChange={(e) => setReason(e.target.value)} />
        {error !== null && <p role="alert" className="form-error"><ModErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
        <div className="row">
          <button type="submit" disabled={busy}>{t('moderation.mod.act')}</button>
          <button type="button" className="secondary" disabled={busy} onClick={() => void run(() => modApi.dismiss(token, r.id))}>{t('moderation.mod.dismiss')}</button>
        </div>
      </form>}
    </li>
  );
}

function AppealItem({ appeal: a, token, onDone }: { appeal: PendingAppeal; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const date = useDate();
  const id = useId();
  const [answer, setAnswer] = useState<'upheld' | 'lifted' | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const send = async () => {
    if (answer === null || text.trim() === '') { setError({ code: 'NO_ANSWER', retryAfter: null }); return; }
    setBusy(true);
    const r = await modApi.answer(token, a.id, answer, text.trim());
    setBusy(false);
    if (r.ok) onDone(); else setError({ code: r.code, retryAfter: r.retryAfter });
  };
  return (
    <li className="mod-report">
      <h3>{t('moderation.mod.appealOf', { name: a.player.name, kind: t(`moderation.kinds.${a.kind}`) })}</h3>
      <p className="small">{t('moderation.mod.actedBy', { name: a.moderator, date: date(a.at) })} · {a.reason} · <RecordLink player={a.player} /></p>
      <blockquote>{a.appeal}</blockquote>
      <form className="mod-act" onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <fieldset>
          <legend>{t('moderation.mod.answer')}</legend>
          {(['upheld', 'lifted'] as const).map((v) => (
            <label key={v} className="radio-row">
              <input type="radio" name={`${id}-answer`} value={v} checked={answer === v} onChange={() => setAnswer(v)} /> {t(`moderation.mod.${v}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-text`}>{t('moderation.mod.answerText')}</label>
        <textarea id={`${id}-text`} rows={2} maxLength={MAX_REPORT_TEXT} value={text} onChange={(e) => setText(e.target.value)} />
        {error !== null && <p role="alert" className="form-error"><ModErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
        <div className="row"><button type="submit" disabled={busy}>{t('moderation.mod.sendAnswer')}</button></div>
      </form>
    </li>
  );
}
