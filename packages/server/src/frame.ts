import type { ServerMessage } from '@parlor/protocol';
import { MAX_ECHO, clip } from './echo.js';

/**
 * A server message as it goes on the wire: its JSON text. One frame is made per message however
 * many connections get it (a table's update for every watcher of one kind, here and on other
 * processes), so the message is serialized once.
 */
export interface Frame {
  readonly json: string;
}

/**
 * The frame of `msg`, serialized when first read (not at all if nobody is sent it). Whatever
 * composed it (the hub, a table, a game's rules), an error text echoes at most MAX_ECHO characters
 * of a client's input: error texts are cut at that length in all.
 */
export function frameOf(msg: ServerMessage): Frame {
  let json: string | undefined;
  return {
    get json() {
      if (json === undefined) {
        const m = msg.type === 'error' && msg.message.length > MAX_ECHO ? { ...msg, message: clip(msg.message) } : msg;
        json = JSON.stringify(m);
      }
      return json;
    },
  };
}

/** A frame serialized elsewhere (by the process hosting a table): its text, sent on as it is. */
export function frameText(json: string): Frame {
  return { json };
}
