import type { TournamentDetail } from '@parlor/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../net/api.js';
import { useApp, useServices } from '../context.js';

export interface TournamentError { readonly code: string; readonly retryAfter: number | null }

/**
 * Follows a tournament over the WebSocket (`tournament.watch`, sent again after each reconnect):
 * `tournament` messages keep its detail, and a `tournament.paired` for it calls `onPaired` with
 * the table it just seated you at. `watch` false follows nothing.
 */
export function useTournamentWatch(id: string, invite: string | null, handlers: {
  readonly onDetail?: (d: TournamentDetail) => void;
  readonly onRefused?: (code: string) => void;
  readonly onPaired?: (tableId: string) => void;
}): void {
  const { client } = useServices();
  const connection = useApp((s) => s.connection);
  // The latest handlers, without following again when they change.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => client.onMessage((m) => {
    if (m.type === 'tournament' && m.tournament.id === id) latest.current.onDetail?.(m.tournament);
    else if (m.type === 'tournament.paired' && m.tournamentId === id) latest.current.onPaired?.(m.tableId);
  }), [client, id]);
  useEffect(() => {
    if (connection !== 'open') return;
    const key = `tournament:${id}`;
    let live = true;
    void client.subscribe(key, { type: 'tournament.watch', tournamentId: id, ...(invite ? { invite } : {}) }).then((r) => {
      if (!live || r.type !== 'error' || r.code === 'DISCONNECTED') return;
      client.unsubscribe(key);
      latest.current.onRefused?.(r.code);
    });
    return () => { live = false; client.unsubscribe(key); void client.request({ type: 'tournament.unwatch', tournamentId: id }); };
  }, [client, connection, id, invite]);
}

/**
 * A tournament's detail as the page shows it: read over HTTP at once (with your token, which shows
 * a private one to its members), then kept up to date by the WebSocket's `tournament` messages. A
 * read over HTTP that a message overtook is dropped (the message is newer). `refresh` reads again.
 */
export function useTournament(id: string, invite: string | null, onPaired: (tableId: string) => void): {
  readonly detail: TournamentDetail | null; readonly error: TournamentError | null; readonly refresh: () => void;
} {
  const { client } = useServices();
  const [state, setState] = useState<{ id: string; detail: TournamentDetail | null; error: TournamentError | null }>({ id, detail: null, error: null });
  // Counts the messages received, so that a read started before one of them is not applied after it.
  const messages = useRef(0);
  const refresh = useCallback(() => {
    const seen = messages.current;
    void api.tournament(id, invite, client.token).then((r) => {
      if (messages.current !== seen) return;
      setState((s) => (r.ok
        ? { id, detail: r.value, error: null }
        : { id, detail: s.id === id ? s.detail : null, error: { code: r.code, retryAfter: r.retryAfter } }));
    });
  }, [client, id, invite]);
  useEffect(() => { refresh(); }, [refresh]);
  useTournamentWatch(id, invite, {
    onDetail: (detail) => { messages.current++; setState({ id, detail, error: null }); },
    onRefused: (code) => setState((s) => (s.detail === null || s.id !== id ? { id, detail: null, error: { code, retryAfter: null } } : s)),
    onPaired,
  });
  return state.id === id ? { detail: state.detail, error: state.error, refresh } : { detail: null, error: null, refresh };
}

/** The clock, read again every `everyMs` (null: not again): what a countdown shows. */
export function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    // On the clock's own seconds, so that a countdown steps as a clock does.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(Date.now());
      timer = setTimeout(tick, everyMs - (Date.now() % everyMs) + 5);
    };
    timer = setTimeout(tick, everyMs - (Date.now() % everyMs) + 5);
    return () => clearTimeout(timer);
  }, [everyMs]);
  return now;
}
