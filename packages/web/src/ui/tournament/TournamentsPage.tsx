import type { TournamentSummary } from '@parlor/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../net/api.js';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { useTitle } from '../learn/useTitle.js';
import { Link, Nav } from '../profile/Nav.js';
import { TournamentRow } from './Facts.js';
import './tournament.css';

const SECTIONS = ['running', 'upcoming', 'finished'] as const;
type Status = (typeof SECTIONS)[number];
const PAGE = 10;

/**
 * `/tournaments`: the public tournaments, running, upcoming (soonest first) and finished (latest
 * first), each list a page at a time ("More"), and the way to make one.
 */
export function TournamentsPage() {
  const { t } = useTranslation();
  useTitle(`${t('tournament.list.title')} — ${t('app.name')}`);
  return (
    <div className="tournaments-page">
      <Nav />
      <div className="row spread">
        <h1>{t('tournament.list.title')}</h1>
        <Link href="/tournaments/new" className="button-link">{t('tournament.list.create')}</Link>
      </div>
      {SECTIONS.map((status) => <Section key={status} status={status} />)}
    </div>
  );
}

function Section({ status }: { status: Status }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<TournamentSummary[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  const load = useCallback(async (cursor: string | null) => {
    setBusy(true);
    const r = await api.tournaments(status, cursor, PAGE);
    setBusy(false);
    if (!r.ok) { setError({ code: r.code, retryAfter: r.retryAfter }); return; }
    setError(null);
    setRows((old) => (cursor === null ? r.value.tournaments : [...old, ...r.value.tournaments.filter((x) => !old.some((o) => o.id === x.id))]));
    setNext(r.value.next);
  }, [status]);
  useEffect(() => { void load(null); }, [load]);
  const id = `tournaments-${status}`;
  return (
    <section className="panel" aria-labelledby={id} aria-busy={busy || undefined}>
      <h2 id={id}>{t(`tournament.status.${status}`)}</h2>
      {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
      {rows.length === 0 && !busy && error === null && <p className="hint">{t(`tournament.list.empty.${status}`)}</p>}
      {rows.length > 0 && <ul className="tournament-list">{rows.map((s) => <TournamentRow key={s.id} summary={s} />)}</ul>}
      {next !== null && !busy && (
        <div className="row more"><button type="button" className="secondary" onClick={() => void load(next)}>{t('tournament.list.more')}</button></div>
      )}
    </section>
  );
}
