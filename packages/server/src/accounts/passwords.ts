import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are kept as scrypt hashes (Node's own, memory-hard): N = 2^15, r = 8, p = 1 (32 MiB and
 * about 0.1 s a hash), a 16-byte random salt, a 32-byte key, written `scrypt$N$r$p$salt$key` (base64).
 * The parameters travel with each hash, so they can be raised later without breaking old ones.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 256;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` is the one `stored` was made from (in constant time). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64');
  const got = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** Why a password is refused, or null. Length only: a long passphrase beats any character rule. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'The password must be text.';
  const length = [...password].length;
  if (length < MIN_PASSWORD) return `A password has at least ${MIN_PASSWORD} characters.`;
  if (length > MAX_PASSWORD) return `A password has at most ${MAX_PASSWORD} characters.`;
  return null;
}
