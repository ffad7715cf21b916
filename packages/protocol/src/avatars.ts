import { z } from 'zod';

/**
 * The avatars an account may choose (drawn by each client; the web client's are in
 * `packages/web/src/ui/avatars/`): animals, things of the kitchen, and shapes. A player who chose
 * none — every guest — is shown a pattern the client makes from their player id. The list only
 * grows: an id once given stays valid.
 */
export const AVATARS = [
  'fox', 'cat', 'panda', 'owl', 'frog', 'rabbit', 'penguin', 'tiger',
  'chef', 'wok', 'dumpling', 'teapot', 'chili', 'rice-ball',
  'sun', 'moon', 'star', 'wave', 'leaf', 'flower',
] as const;

export type AvatarId = (typeof AVATARS)[number];

const AVATAR_SET: ReadonlySet<string> = new Set(AVATARS);

/** Whether `x` is an avatar of the set. */
export function isAvatarId(x: unknown): x is AvatarId {
  return typeof x === 'string' && AVATAR_SET.has(x);
}

/**
 * `PUT /api/accounts/avatar`: an avatar of the set, or null for the generated pattern. Any string is
 * taken here so that an unknown id gets its own refusal (BAD_AVATAR) rather than a schema error.
 */
export const avatarChoice = z.strictObject({ avatar: z.string().max(100).nullable() });
