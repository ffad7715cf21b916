import type { FriendLists, Named } from './api.js';

/**
 * What the viewer is to another account: `blocked` (the viewer blocked them; it ends any friendship
 * and request, docs/api.md "Blocking and muting"), `friends`, `incoming` (they asked the viewer),
 * `outgoing` (the viewer asked them), or `none`.
 */
export type Relation = 'none' | 'outgoing' | 'incoming' | 'friends' | 'blocked';

/** An account name as the server compares names for sign-in, near enough for lists it sent itself. */
export const sameName = (a: string, b: string): boolean => a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase();

/** The viewer's relation to `name`, from `GET /api/friends` and `GET /api/blocks`; a block comes first. */
export function relationTo(name: string, lists: FriendLists, blocked: readonly Named[]): Relation {
  const has = (l: readonly { name: string }[]) => l.some((x) => sameName(x.name, name));
  if (has(blocked)) return 'blocked';
  if (has(lists.friends)) return 'friends';
  if (has(lists.incoming)) return 'incoming';
  if (has(lists.outgoing)) return 'outgoing';
  return 'none';
}

/** Friends to offer an invitation: online ones first, then by name; leaving out those named in `without` (seated already). */
export function friendsToInvite<F extends { readonly name: string; readonly online: boolean }>(friends: readonly F[], without: readonly string[] = []): F[] {
  return friends.filter((f) => !without.some((w) => sameName(w, f.name)))
    .sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
}
