import type { GamesPage as Page, PlayedGame } from '@parlor/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiResult, api, profileHref } from '../../net/api.js';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { useApp, useServices } from '../context.js';
import { GamesList } from './GamesList.js';
import { Link, Nav } from './Nav.js';
import './profile.css';

/**
 * A history of finished games, newest first, a page at a time (the API's cursor): `/me/games` for
 * this browser's player (a guest too, private games included) or `/players/<name>/games`.
 */
export function GamesPage({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const account = useApp((s) => s.account);
  const [games, setGames] = useState<PlayedGame[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<{ code: string; retryAfter: number | null } | null>(null);
  const fetchPage = useCallback((cursor: string | null): Promise<ApiResult<Page>> => {
    const token = client.token;
    if (name !== null) return api.playerGames(name, cursor, token);
    if (token === null) return Promise.resolve({ ok: false, code: 'UNAUTHORIZED', message: '', retryAfter: null });
    return api.myGames(cursor, token);
  }, [client, name]);
  const load = useCallback(async (cursor: string | null) => {
    setBusy(true);
    const r = await fetchPage(cursor);
    setBusy(false);
    if (!r.ok) { setError({ code: r.code, retryAfter: r.retryAfter }); return; }
    setError(null);
    setGames((g) => (cursor === null ? r.value.games : [...g, ...r.value.games]));
    setNext(r.value.next);
  }, [fetchPage]);
  useEffect(() => { setGames([]); setNext(null); void load(null); }, [load]);

  return (
    <div className="games-page">
      <Nav />
      <section className="panel" aria-labelledby="games-h">
        <h1 id="games-h">{name === null ? t('account.games.mine') : t('account.games.of', { name })}</h1>
        {name !== null && <p className="small"><Link href={profileHref(name)}>{t('account.games.profile', { name })}</Link></p>}
        {name === null && !account && <p className="hint">{t('account.games.guestHint')} <Link href="/account/claim">{t('account.claim.title')}</Link></p>}
        {error !== null && <p className="form-error" role="alert"><ApiErrorText code={error.code} retryAfter={error.retryAfter} /></p>}
        {games.length === 0 && !busy && error === null && <p className="hint">{t('account.games.none')}</p>}
        {games.length > 0 && <GamesList games={games} labelledBy="games-h" />}
        {busy && <p className="hint" role="status">{t('account.loading')}</p>}
        {next !== null && !busy && (
          <div className="row more"><button type="button" className="secondary" onClick={() => void load(next)}>{t('account.games.more')}</button></div>
        )}
      </section>
    </div>
  );
}
