import type { F7Event } from '@parlor/rules';
import type { MoveDescriber } from '../web-game.js';
import { formatF7Event } from './text.js';

/** A move's events in the game log's own sentences (GameLog.tsx), for the "Your turns" page's last move. */
export const describeF7Move: MoveDescriber = (events, names, t) =>
  events.flatMap((e) => {
    const text = formatF7Event(e as F7Event, names, t);
    return text === null ? [] : [text];
  });
