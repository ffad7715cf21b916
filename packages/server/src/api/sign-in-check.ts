import type { FastifyRequest } from 'fastify';
import { knownDevice } from '../accounts/devices.js';
import { nameKey } from '../accounts/names.js';
import { hashPassword, verifyPassword } from '../accounts/passwords.js';
import { type Bucket, SIGN_IN_LIMITS, type SignInLimits } from '../accounts/sign-in-limits.js';
import type { Clock } from '../clock.js';
import { cleanName } from '../identity.js';
import type { AccountRow, Store } from '../store/store.js';
import { ApiRefusal } from './http.js';

/** A hash to check passwords against when there is no account, so that a missing name takes as long as a wrong password. */
let dummy: Promise<string> | null = null;

/**
 * The checks of a sign-in (docs/operations.md, "Sessions and sign-in"): `tries` takes a try from each bucket,
 * `giveBack` returns them after a right password, `signInCheck` checks a name and password with
 * the limits of a sign-in. Used by the account routes and by a banned account's record and appeal.
 */
export function signInChecks(store: Store, clock: Clock, limits: SignInLimits) {
  /** Takes a try from each bucket in turn; RATE_LIMITED (saying `what`) at the first that is empty. Resolves to those taken. */
  const tries = async (buckets: readonly { readonly bucket: Bucket; readonly what: string }[]): Promise<Bucket[]> => {
    const taken: Bucket[] = [];
    for (const { bucket, what } of buckets) {
      const wait = await limits.take(bucket);
      if (wait !== null) throw new ApiRefusal(429, 'RATE_LIMITED', `${what} Try again in ${Math.ceil(wait)} s.`, wait);
      taken.push(bucket);
    }
    return taken;
  };
  const giveBack = (taken: readonly Bucket[]) => Promise.all(taken.map((b) => limits.giveBack(b)));
  /**
   * A name and password checked as a sign-in checks them, with its limits (sign-in-limits.ts): the
   * account, or BAD_CREDENTIALS (a missing name takes as long as a wrong password).
   */
  const signInCheck = async (req: FastifyRequest, rawName: string, password: string): Promise<AccountRow> => {
    const name = cleanName(rawName);
    const key = name === null ? '' : nameKey(name);
    const account = key === '' ? null : await store.accountByKey(key);
    const device = account === null ? null : knownDevice(req, account, clock.now());
    // A known device has a bucket of its own; any other is counted by its address and shares the account's slow-down.
    const taken = await tries(device !== null
      ? [{ bucket: SIGN_IN_LIMITS.device(device, key), what: 'Too many wrong passwords for this account from this device.' }]
      : [
        { bucket: SIGN_IN_LIMITS.address(req.ip), what: 'Too many sign-ins from your address.' },
        { bucket: SIGN_IN_LIMITS.pair(req.ip, key), what: 'Too many wrong passwords for this account from your address.' },
        { bucket: SIGN_IN_LIMITS.account(key), what: 'This account has had many wrong passwords lately, so sign-ins from new devices are slowed down; or sign in from a device you signed in from before.' },
      ]);
    dummy ??= hashPassword('no account has this password');
    const ok = await verifyPassword(password, account?.password ?? await dummy);
    if (account === null || !ok) throw new ApiRefusal(401, 'BAD_CREDENTIALS', 'That name and password do not match an account.');
    await giveBack(taken);
    return account;
  };

  return { tries, giveBack, signInCheck };
}
