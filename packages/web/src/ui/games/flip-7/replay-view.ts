import { type F7Event, type F7State, type F7View, f7View } from '@parlor/rules';
import type { FoldedReplay } from '../../replay/fold.js';
import { foldEvents } from './frames.js';

/**
 * What a replay shows of one Flip 7 position: the rules' spectator view of its state, except at the
 * game's end. The move that ends the last round scores every line and puts every card in front of
 * the players on the discard pile (F7-12, F7-14), so the final state's lines are empty; there the
 * lines and statuses are shown as they stood when the round ended, rebuilt from the position before
 * and the last move's events (the table's own fold of events, frames.ts) — the lines its scores came from.
 */
export function f7ReplayView(replay: FoldedReplay, at: number): F7View {
  const pos = replay.positions[at]!;
  const view = f7View(pos.state as F7State, 'spectator');
  if (view.phase !== 'over' || at === 0) return view;
  const events = pos.events as readonly F7Event[];
  const end = events.findIndex((e) => e.type === 'round-end');
  if (end < 0) return view;
  const before = f7View(replay.positions[at - 1]!.state as F7State, 'spectator');
  const ended = foldEvents(before, events.slice(0, end + 1));
  return { ...view, lines: ended.lines, status: ended.status };
}
