/** An account's password: 8 to 256 characters (code points), as the server checks it (docs/api.md, BAD_PASSWORD). */
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 256;

export function passwordProblem(password: string): 'short' | 'long' | null {
  const n = [...password].length;
  return n < MIN_PASSWORD ? 'short' : n > MAX_PASSWORD ? 'long' : null;
}
