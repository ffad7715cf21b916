import type { Draft } from './draft.js';
import { finish } from './finish.js';
import { seatsOf } from './people.js';
import { ask, play } from './play.js';
import { botLevelFor, refresh } from './schedule.js';

/**
 * A timer fell due (the shell's clock says so: its own time is not checked again here). One that is
 * no longer armed does nothing.
 */
export function fire(d: Draft, key: string): void {
  const t = d.s.timers[key];
  if (t === undefined || t.asked === true) return;
  const g = d.s.game;
  const running = g !== null && d.s.row.status === 'running';
  if (key.startsWith('bot:')) {
    const seat = Number(key.slice(4));
    if (running && g.seq === t.seq && botLevelFor(d.s, seat) !== null && d.module.toAct(g.state).includes(seat)) return ask(d, seat, key);
  }
  const timers = { ...d.s.timers };
  delete timers[key];
  d.set({ timers });
  if (!running) return;
  if (key === 'finish') {
    if (d.module.outcome(g.state) !== null) finish(d);
  } else if (key === 'window') {
    closeWindow(d);
  } else if (key === 'move') {
    // Out of time: a stand-in bot plays this seat until its player is back.
    if (g.seq === t.seq && t.seat !== undefined) {
      d.set({ away: { ...d.s.away, [t.seat]: 'timeout' } });
      refresh(d);
    }
  } else if (key.startsWith('grace:')) {
    const player = key.slice(6);
    if (d.s.people[player]?.connected === true) return;
    const away = { ...d.s.away };
    for (const seat of seatsOf(d.s.row, player)) away[seat] ??= 'disconnected';
    d.set({ away });
    refresh(d);
  }
}

/** The response window closes: every seat still silent gives the game's answer for silence. */
function closeWindow(d: Draft): void {
  const w = d.module.responseWindow;
  if (w === null) return;
  for (const seat of d.module.toAct(d.game.state)) {
    const state = d.game.state;
    if (!w.isOpen(state) || !d.module.toAct(state).includes(seat)) break;
    play(d, seat, w.silence(state, seat), 'timer');
  }
}
