import type { ServerMessage, YourTurns } from '@parlor/protocol';
import { useSyncExternalStore } from 'react';
import { api } from '../../net/api.js';
import type { ParlorClient } from '../../net/client.js';

/**
 * The player's turn-based tables as the server last listed them (GET /api/me/turns), for the
 * "Your turns" page, the header's count and the tab title. Asked again when the page loads (the
 * welcome), when it is shown or focused again, a moment after a move at a table where the player
 * sits (the server writes the list just after the move), and once a minute — never more often
 * than that on its own.
 */
export interface TurnsState {
  readonly answer: YourTurns | null;
  /** This browser's clock when the answer came (time left is counted from it). */
  readonly fetchedAt: number;
  /** The last ask's refusal code (null: it worked, or none made yet). */
  readonly error: string | null;
  readonly loading: boolean;
}

/** How often the list is asked for again while the page is open. */
export const TURNS_EVERY_MS = 60_000;
/** How long after a move at a seated table the list is asked for (the server stores it just after the move). */
export const AFTER_MOVE_MS = 1500;

const EMPTY: TurnsState = { answer: null, fetchedAt: 0, error: null, loading: false };
let state: TurnsState = EMPTY;
const listeners = new Set<() => void>();
const followed = new WeakSet<ParlorClient>();

function set(next: TurnsState): void {
  state = next;
  for (const l of listeners) l();
}

let current: ParlorClient | null = null;
let running: Promise<void> | null = null;
let again = false;

/** Asks the server now (one ask at a time: one asked for meanwhile runs after it). */
export function refreshTurns(client: ParlorClient | null = current): Promise<void> {
  if (client === null) return Promise.resolve();
  if (running !== null) { again = true; return running; }
  running = (async () => {
    do {
      again = false;
      const token = client.token;
      if (token === null) { set(EMPTY); continue; }
      set({ ...state, loading: true });
      const r = await api.myTurns(token);
      set(r.ok ? { answer: r.value, fetchedAt: Date.now(), error: null, loading: false } : { ...state, error: r.code, loading: false });
    } while (again);
  })().finally(() => { running = null; });
  return running;
}

/** A game message of a seat this player holds (not a spectator's view): a move at one of their tables. */
const seatedMove = (m: ServerMessage) => m.type === 'game' && m.seat !== null;

/** Starts keeping the list up to date for `client` (once per client). */
export function followTurns(client: ParlorClient): void {
  if (followed.has(client)) return;
  followed.add(client);
  current = client;
  let soon: number | null = null;
  client.onMessage((m) => {
    if (m.type === 'welcome') void refreshTurns(client);
    else if (seatedMove(m) && soon === null) {
      soon = window.setTimeout(() => { soon = null; void refreshTurns(client); }, AFTER_MOVE_MS);
    }
  });
  const back = () => { if (document.visibilityState === 'visible') void refreshTurns(client); };
  document.addEventListener('visibilitychange', back);
  window.addEventListener('focus', back);
  window.setInterval(() => void refreshTurns(client), TURNS_EVERY_MS);
  void refreshTurns(client);
}

export function useTurns(): TurnsState {
  return useSyncExternalStore((fn) => { listeners.add(fn); return () => listeners.delete(fn); }, () => state, () => state);
}
