import type { Draft } from './draft.js';
import { broadcastTable, sendGame, summary, tableMessage } from './messages.js';
import { seatedPlayers, seatsOf } from './people.js';
import { refresh, schedule, setTimers } from './schedule.js';
import type { Person } from './state.js';
import { TURN_OPEN_DAYS } from '@parlor/protocol/limits';
import { isTurnBased } from './turns.js';

/** What the table knows of a player changes (a name, a connection opened or closed anywhere). */
export function person(d: Draft, player: string, p: Person, tell: boolean): void {
  const before = d.s.people[player];
  d.set({ people: { ...d.s.people, [player]: p } });
  const gone = before?.connected === true && !p.connected;
  // The last person present may have gone (the bots then finish at once), or a grace period starts
  // or stops (theirs, or another's who waited on them): scheduled first, so that what everyone hears
  // says when a stand-in takes over.
  const deadline = d.s.game?.deadline ?? null;
  if (d.s.row.status === 'running' && seatsOf(d.s.row, player).length > 0) schedule(d);
  if (gone || tell) broadcastTable(d);
  // Days off declared or ended move a seat's deadline (vacation.ts): the players see the new one.
  if (d.s.game !== null && d.s.game.deadline !== deadline) sendGame(d, []);
}

/**
 * A player is back (watching again): seats a bot played because of their absence are theirs
 * again; a seat they left stays with its bot until they take it back.
 */
function playerBack(d: Draft, player: string): void {
  const away = { ...d.s.away };
  let changed = false;
  // A tournament game whose time ran out is the stand-ins' to the end.
  if (d.s.row.tournament?.standIns === true) { broadcastTable(d); return; }
  for (const seat of seatsOf(d.s.row, player)) {
    if (away[seat] !== undefined && away[seat] !== 'left') { delete away[seat]; changed = true; }
  }
  d.set({ away });
  // The game is sent again too: the deadline and the legal moves change when the stand-in steps aside.
  if (changed) refresh(d);
  else broadcastTable(d);
}

/** `watcher` watches the table: it hears the table and the game (with its history, for the log). */
export function watch(d: Draft, watcher: string, player: string, re: string | number | undefined): void {
  const seated = seatsOf(d.s.row, player).length > 0;
  // A returning player gets back the seats a bot played in their absence first, so that the
  // reply already shows them present.
  if (seated) playerBack(d, player);
  d.set({ watchers: { ...d.s.watchers, [watcher]: player } });
  d.effect({ kind: 'send', to: [watcher], msg: tableMessage(d.s, summary(d.s, d.module.responseWindow, d.now), player, re) });
  if (d.s.game !== null) sendGame(d, d.s.game.lastEvents, { last: true, history: true }, [watcher]);
  if (!seated) broadcastTable(d); // the spectator count changed
}

export function unwatch(d: Draft, watcher: string): void {
  if (d.s.watchers[watcher] === undefined) return;
  const watchers = { ...d.s.watchers };
  delete watchers[watcher];
  d.set({ watchers });
}

/**
 * The table was rebuilt from the store (a restart, a takeover, a step stored only in part): each
 * seated player not connected has the grace period from now.
 */
export function load(d: Draft): void {
  if (d.s.row.status === 'running') {
    // Nobody could come back while the table was down: as the table sees it, each player not
    // connected has been gone since now, and their grace period (when someone else plays) runs from now.
    const people = { ...d.s.people };
    for (const player of seatedPlayers(d.s.row)) {
      const p = people[player];
      if (p !== undefined && !p.connected) people[player] = { ...p, since: Math.max(p.since ?? d.now, d.now) };
    }
    d.set({ people });
  }
  schedule(d);
  // Anyone watching (a table rebuilt after a write failed part-way) sees it as the store has it.
  broadcastTable(d);
  if (d.s.game !== null) sendGame(d, d.s.game.lastEvents, { last: true });
}

/**
 * The server's sweep: an open table whose seats have not changed for `openTableMinutes` closes;
 * so does a finished one whose people have all been gone for `idleMinutes`. A running game whose
 * people have all been gone that long is handed to bots, which finish it at once.
 */
export function sweep(d: Draft): void {
  const { openTableMinutes, idleMinutes } = d.s.settings;
  const quiet = d.now - d.s.lastActivity;
  const limit = idleMinutes * 60_000;
  const people = seatedPlayers(d.s.row);
  const allGone = people.every((p) => {
    const who = d.s.people[p];
    return who !== undefined && !who.connected && who.since !== null && d.now - who.since >= limit;
  });
  const status = d.s.row.status;
  if (status === 'running') {
    // A turn-based game goes on with nobody there: its clocks call on stand-ins move by move.
    if (!allGone || isTurnBased(d.s.row)) return;
    const away = { ...d.s.away };
    d.s.row.seats.forEach((s, seat) => { if (s.kind === 'player') away[seat] ??= 'disconnected'; });
    d.set({ away });
    refresh(d);
    return;
  }
  const openFor = isTurnBased(d.s.row) ? TURN_OPEN_DAYS * 86_400_000 : openTableMinutes * 60_000;
  const close = status === 'open' ? quiet >= openFor : status === 'finished' && allGone && quiet >= limit;
  if (close) closeTable(d);
}

/** The table ends: stored as closed; its watchers hear it closed, and it leaves memory. */
function closeTable(d: Draft): void {
  const row = { ...d.s.row, status: 'closed' as const };
  d.write({ op: 'table', row });
  d.set({ row });
  setTimers(d, {});
  broadcastTable(d);
  d.effect({ kind: 'closed' });
}
