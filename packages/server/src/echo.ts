/** At most this many characters of what a client sent come back in an error text or go to a log line. */
export const MAX_ECHO = 200;

/** `text` cut to `max` code points (a cut one ends with …, within the limit). */
export function clip(text: string, max = MAX_ECHO): string {
  if (text.length <= max) return text;
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}
