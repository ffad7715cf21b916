import type { Store } from '../store/store.js';
import { nameKey } from './names.js';

/** Why a name may not be taken: an account has it, or a name it could be mistaken for. */
export interface NameClash {
  readonly code: 'NAME_TAKEN' | 'NAME_LOOKALIKE';
  /** The account's name, as it is shown (account names are public). */
  readonly account: string;
  readonly message: string;
}

/**
 * Whether `name` would clash with an account other than `self`'s: the same name once normalised
 * and case-folded (NAME_TAKEN), or a lookalike by its skeletons (NAME_LOOKALIKE: a Cyrillic і for
 * an i, an accent, a trailing dot; accounts/names.ts). Guests are checked here when they name
 * themselves; an account's own claim is checked here and again, atomically, by the store's unique
 * keys (a guest is not: a guest who took a name before an account had it keeps it, as guests'
 * names are not reserved, and the account's badge tells them apart).
 */
export async function accountNameClash(store: Store, name: string, self?: string): Promise<NameClash | null> {
  const same = await store.accountByKey(nameKey(name));
  if (same !== null && same.playerId !== self) {
    return { code: 'NAME_TAKEN', account: same.name, message: `The name "${name}" belongs to an account already: sign in, or pick another.` };
  }
  const like = await store.accountLike(name);
  if (like !== null && like.playerId !== self) {
    return {
      code: 'NAME_LOOKALIKE', account: like.name,
      message: `The name "${name}" looks too much like the account name "${like.name}" (letters that look alike, an accent or a dot at the end); pick another.`,
    };
  }
  return null;
}
