import { randomBytes } from 'node:crypto';

let counter = 0;

/**
 * An id that sorts by time: the ms since the epoch (13 digits), a count within this process (so
 * that lines of the same ms keep their order: a table's chat is all sent through its host) and a
 * random tail (no two processes make the same one). Chat lines are read in id order.
 */
export function timeOrderedId(at: number): string {
  counter = (counter + 1) % 1_000_000;
  return `${String(Math.max(0, Math.floor(at))).padStart(13, '0')}${String(counter).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
}

/** A random id for a report or an action. */
export const randomId = (): string => randomBytes(12).toString('base64url');
