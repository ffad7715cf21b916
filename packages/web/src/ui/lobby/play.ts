import type { BotLevel, GameId, TableSummary } from '@parlor/protocol';
import { useSyncExternalStore } from 'react';
import type { Services } from '../context.js';
import { SEAT_RANGE } from './options.js';

/**
 * The first screen's one-click starts: "Play now against bots" (a table of the game, bots in every
 * other seat, started) and "Join an open table" (a seat at the best public table waiting for
 * players). Both sign a new guest in first, with the name from the first screen.
 */

/** You and two bots, or as near as the game allows. */
export function botTableSeats(game: GameId): number {
  const [min, max] = SEAT_RANGE[game];
  return Math.min(Math.max(3, min), max);
}

/** The bots' level: `basic` (the stand-ins' level too), else the middle one of those the game has. */
export function botLevelFor(levels: readonly BotLevel[]): BotLevel {
  if (levels.length === 0 || levels.includes('basic')) return 'basic';
  return levels[Math.floor((levels.length - 1) / 2)]!;
}

/**
 * The open public tables with a free seat, best first for someone who wants to play now: unrated
 * before rated (a guest may not sit at a rated one), then those with more people connected (they
 * are waiting for company), then the fullest (it starts soonest), then the server's order. Tables
 * where `playerId` already sits are left out.
 */
export function rankOpenTables(tables: readonly TableSummary[], playerId: string | null): TableSummary[] {
  const waiting = (t: TableSummary) => t.seats.filter((s) => s.kind === 'player' && s.connected).length;
  const free = (t: TableSummary) => t.seats.filter((s) => s.kind === 'empty').length;
  return tables
    .filter((t) => t.status === 'open' && !t.private && free(t) > 0
      && !t.seats.some((s) => s.kind === 'player' && s.player.id === playerId))
    .map((t, i) => ({ t, i }))
    .sort((a, b) => Number(a.t.rated === true) - Number(b.t.rated === true) || waiting(b.t) - waiting(a.t) || free(a.t) - free(b.t) || a.i - b.i)
    .map((x) => x.t);
}

// ---- what is under way (shared by the first screen and the lobby, which replaces it mid-way) ----

export type PlayTask = { readonly kind: 'bots'; readonly game: GameId } | { readonly kind: 'join' };
export interface PlayState {
  readonly task: PlayTask | null;
  /** The last "Join an open table" found no seat. */
  readonly noTable: boolean;
  /** Counts the quick joins that did not lead to a table: the lobby watches its own page again. */
  readonly rewatch: number;
  /**
   * The last start found no connection to the server (the browser offline, or the server out of
   * reach): the panel says so and points to offline play while the client keeps trying.
   */
  readonly unreachable: boolean;
}

let state: PlayState = { task: null, noTable: false, rewatch: 0, unreachable: false };
const listeners = new Set<() => void>();
function set(change: Partial<PlayState>): void {
  state = { ...state, ...change };
  for (const l of listeners) l();
}
export function usePlayState(): PlayState {
  return useSyncExternalStore((fn) => { listeners.add(fn); return () => listeners.delete(fn); }, () => state);
}

/** Refusals of `hello` that no waiting mends (the first screen shows them and asks again). */
const HELLO_REFUSALS = new Set(['BAD_NAME', 'NAME_TAKEN', 'NAME_LOOKALIKE', 'TOO_MANY_GUESTS', 'BAD_TOKEN', 'SESSION_EXPIRED', 'SESSION_ENDED']);

/** How a start's sign-in ended: connected, refused (the first screen says why), or no server to be reached. */
export type SignIn = 'ok' | 'refused' | 'unreachable';

/** How long a start waits for a connection that neither opens nor fails before calling the server unreachable. */
export const SIGN_IN_WAIT_MS = 20_000;

/**
 * Resolves 'ok' once signed in and connected: at once when already so; else it starts the connection
 * with `name` (a first visit), opens it again at once when it is down between two tries, or waits
 * for the one under way. 'refused' when hello is refused or there is no name to start with;
 * 'unreachable' as soon as the browser says it is offline or the attempt closes without a welcome
 * (nothing answers), or when nothing comes of it for SIGN_IN_WAIT_MS. The client keeps trying in the
 * background after that (client.ts reconnects with backoff).
 */
export function signedIn({ client, store }: Pick<Services, 'client' | 'store'>, name: string | null,
  online: () => boolean = () => typeof navigator === 'undefined' || navigator.onLine !== false): Promise<SignIn> {
  if (store.get().player !== null && client.state === 'open') return Promise.resolve('ok');
  return new Promise((resolve) => {
    let done = false;
    const finish = (how: SignIn) => {
      if (done) return;
      done = true;
      offState();
      offMessage();
      clearTimeout(timer);
      resolve(how);
    };
    const offState = client.onState((s) => {
      if (s === 'open') finish('ok');
      else if (s === 'closed') finish('unreachable');
    });
    const offMessage = client.onMessage((m) => { if (m.type === 'error' && HELLO_REFUSALS.has(m.code)) finish('refused'); });
    const timer = setTimeout(() => finish('unreachable'), SIGN_IN_WAIT_MS);
    // No token: a first visit (or a hello refused before, whose name was changed since).
    if (client.token === null) {
      if (name === null) { finish('refused'); return; }
      client.start(name);
    } else if (client.state === 'closed') {
      // Down between two reconnection tries: try now rather than wait for the backoff.
      client.signIn();
    }
    if (!online()) finish('unreachable');
  });
}

/** Records how a start's sign-in ended (`unreachable` shows the offline pointer); true to go on. */
function settle(how: SignIn): boolean {
  set({ unreachable: how === 'unreachable' });
  return how === 'ok';
}

/** "Play now against bots": a private table of `game` with bots in the other seats, started; then its page. */
export async function playAgainstBots(services: Services, game: GameId, name: string | null): Promise<void> {
  if (state.task !== null) return;
  set({ task: { kind: 'bots', game }, noTable: false, unreachable: false });
  try {
    if (!settle(await signedIn(services, name))) return;
    const { client, store, navigate } = services;
    const created = await client.request({ type: 'table.create', game, seats: botTableSeats(game), private: true });
    if (created.type !== 'table') return; // the notice says why (too many tables, …)
    const id = created.table.id;
    const level = botLevelFor(store.get().botLevels[game] ?? []);
    let full = true;
    for (const seat of created.table.seats) {
      if (seat.kind !== 'empty') continue;
      if ((await client.request({ type: 'table.bot.add', tableId: id, seat: seat.seat, level })).type !== 'ok') { full = false; break; }
    }
    if (full) await client.request({ type: 'table.start', tableId: id });
    // Started or not (a refusal shows as a notice), the table is there: its page can finish the job.
    navigate(`/t/${id}`);
  } finally {
    set({ task: null });
  }
}

/** "Join an open table": a seat at the best open public table with room; its page, or `noTable`. */
export async function quickJoin(services: Services, name: string | null): Promise<void> {
  if (state.task !== null) return;
  set({ task: { kind: 'join' }, noTable: false, unreachable: false });
  let joined = false;
  try {
    if (!settle(await signedIn(services, name))) return;
    const { client, store, navigate } = services;
    const page = await client.request({ type: 'lobby.watch', status: 'open', freeSeats: true, limit: 20 });
    if (page.type !== 'lobby') return;
    for (const table of rankOpenTables(page.tables, store.get().player?.id ?? null)) {
      const seat = table.seats.find((s) => s.kind === 'empty');
      if (seat === undefined) continue;
      const r = await client.request({ type: 'table.sit', tableId: table.id, seat: seat.seat });
      if (r.type === 'ok' || (r.type === 'error' && r.code === 'ALREADY_SEATED')) {
        joined = true;
        navigate(`/t/${table.id}`);
        return;
      }
      if (r.type === 'error' && r.code === 'DISCONNECTED') return;
      // Taken meanwhile, started, rated: the next one.
    }
    set({ noTable: true });
  } finally {
    // This watch replaced the lobby's own: the lobby asks for its page again.
    set({ task: null, ...(joined ? {} : { rewatch: state.rewatch + 1 }) });
  }
}
