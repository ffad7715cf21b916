import type { SfEvent } from '@parlor/rules';
import type { MoveDescriber } from '../web-game.js';
import { formatSfEvent, sfSaidEvents } from './format.js';
import { sfLogContext } from './util.js';

/** A move's events in the game log's own sentences (Log.tsx), for the "Your turns" page's last move. */
export const describeSfMove: MoveDescriber = (events, names, t, lang) => {
  const ctx = sfLogContext(names, t, lang);
  const sf = events as readonly SfEvent[];
  const said = sfSaidEvents(sf);
  return sf.flatMap((e, i) => {
    const text = said[i] ? formatSfEvent(e, ctx) : null;
    return text === null ? [] : [text];
  });
};
