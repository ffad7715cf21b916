import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { MAX_NAME_LENGTH } from '@parlor/protocol';

/** A fresh random id or secret, URL-safe. */
export function randomId(bytes = 9): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are kept hashed: a stolen database does not give away anyone's seats. */
export function hashToken(token: string): string {
  return bytesToHex(sha256(utf8ToBytes(token)));
}

/** SHA-256 of a seed, as shown to players before the game (the fairness commitment). */
export function commitmentOf(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/**
 * A display name: trimmed, inner spaces collapsed, no control or format characters, 1 to 24
 * characters. Null when nothing usable is left.
 */
export function cleanName(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const name = raw.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').replace(/\s+/gu, ' ').trim();
  if (name.length === 0 || [...name].length > MAX_NAME_LENGTH) return null;
  return name;
}
