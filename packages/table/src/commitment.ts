import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of a seed in hex: the fairness commitment shown to every player before the first card. */
export function commitmentOf(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}
