import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStrings } from '../WithStrings.js';
import { useServices } from '../context.js';
import { Link, Nav } from '../profile/Nav.js';
import { MODERATION_FILES, type ModeratorsAction, type PlayerReport, modApi } from './api.js';
import { ModErrorText } from './ModErrorText.js';
import { Evidence, useDate } from './mod-parts.js';
import './moderation.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'refused'; code: string; retryAfter: number | null }
  | { state: 'ready'; name: string; actions: ModeratorsAction[]; reports: PlayerReport[] };

const TIMED = new Set(['mute', 'suspend-rated', 'suspend', 'ban']);

/**
 * `/mod/players/<id>`, a player's record for moderators: every action taken on them (who, when,
 * why, until when, in force or not, the appeal and its answer) and every report about them, of any
 * status (reason, reporter, status, date, the evidence kept). Names and ids only: the server sends
 * no e-mail, device or token. Anyone else is refused NOT_MODERATOR.
 */
export function ModPlayerPage({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const ready = useStrings(MODERATION_FILES);
  const { client } = useServices();
  const token = client.token;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const load = useCallback(async () => {
    if (token === null) { setLoaded({ state: 'refused', code: 'NOT_MODERATOR', retryAfter: null }); return; }
    const [r, a] = await Promise.all([modApi.playerReports(token, playerId), modApi.playerActions(token, playerId)]);
    if (!r.ok) setLoaded({ state: 'refused', code: r.code, retryAfter: r.retryAfter });
    else if (!a.ok) setLoaded({ state: 'refused', code: a.code, retryAfter: a.retryAfter });
    else setLoaded({ state: 'ready', name: r.value.player.name, actions: a.value.actions, reports: r.value.reports });
  }, [token, playerId]);
  useEffect(() => { void load(); }, [load]);
  if (!ready) return <div className="page-loading" aria-busy="true" />;
  return (
    <div className="profile-page mod-page">
      <Nav />
      <p className="small"><Link href="/mod">{t('moderation.player.back')}</Link></p>
      <h1>{loaded.state === 'ready' ? t('moderation.player.title', { name: loaded.name }) : t('moderation.mod.title')}</h1>
      {loaded.state === 'loading' && <p role="status">{t('moderation.mod.loading')}</p>}
      {loaded.state === 'refused' && <p role="alert" className="panel"><ModErrorText code={loaded.code} retryAfter={loaded.retryAfter} /></p>}
      {loaded.state === 'ready' && (
        <>
          <section className="panel" aria-labelledby="mod-player-actions-h">
            <h2 id="mod-player-actions-h">{t('moderation.player.actions', { n: loaded.actions.length })}</h2>
            {loaded.actions.length === 0 ? <p className="hint">{t('moderation.player.noActions')}</p>
              : <ul className="plain">{loaded.actions.map((a) => <ActionItem key={a.id} action={a} />)}</ul>}
          </section>
          <section className="panel" aria-labelledby="mod-player-reports-h">
            <h2 id="mod-player-reports-h">{t('moderation.player.reports', { n: loaded.reports.length })}</h2>
            {loaded.reports.length === 0 ? <p className="hint">{t('moderation.player.noReports')}</p>
              : <ul className="plain">{loaded.reports.map((r) => <ReportItem key={r.id} report={r} />)}</ul>}
          </section>
        </>
      )}
    </div>
  );
}

function ActionItem({ action: a }: { action: ModeratorsAction }) {
  const { t } = useTranslation();
  const date = useDate();
  const id = useId();
  return (
    <li className="mod-report mod-action" data-active={a.active || undefined} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>
        {t(`moderation.kinds.${a.kind}`)}
        {/* In force or not: for what holds for a time (a warning or a rename has nothing to run out). */}
        {TIMED.has(a.kind) && <> · <span className="small">{a.active ? t('moderation.record.active') : t('moderation.player.notInForce')}</span></>}
      </h3>
      <p className="small">
        {t('moderation.mod.actedBy', { name: a.moderator, date: date(a.at) })}
        {TIMED.has(a.kind) && <> · {a.until === null ? t('moderation.record.forGood') : t('moderation.record.until', { date: date(a.until) })}</>}
      </p>
      <p>{t('moderation.record.reason', { reason: a.reason })}</p>
      {a.appeal === null ? <p className="small muted">{t('moderation.player.noAppeal')}</p> : (
        <>
          <p className="small">{t('moderation.player.appealed', { date: a.appealedAt === null ? '' : date(a.appealedAt) })}</p>
          <blockquote>{a.appeal}</blockquote>
          {a.answer === null
            ? <p className="small muted">{t('moderation.record.waiting')}</p>
            : <p>{t(`moderation.record.answer.${a.answer}`)} {a.answerText}{a.answeredAt !== null && <span className="small"> ({date(a.answeredAt)})</span>}</p>}
        </>
      )}
    </li>
  );
}

function ReportItem({ report: r }: { report: PlayerReport }) {
  const { t } = useTranslation();
  const date = useDate();
  const id = useId();
  return (
    <li className="mod-report" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t(`moderation.reasons.${r.reason}`)} · <span className="small">{t(`moderation.mod.status.${r.status}`)}</span></h3>
      <p className="small">
        {t('moderation.mod.by', { name: r.reporter, date: date(r.createdAt) })}
        {r.closedAt !== null && r.closedBy !== null && <> · {t('moderation.player.closedBy', { name: r.closedBy, date: date(r.closedAt) })}</>}
      </p>
      {r.text !== '' && <blockquote>{r.text}</blockquote>}
      <Evidence evidence={r.evidence} />
    </li>
  );
}
