import { Suspense, lazy } from 'react';
import type { AvatarSize } from './Avatar.js';

/** Avatar.tsx (the pattern maker and the bot's mark with it) as a chunk loaded after the first screen. */
const Real = lazy(() => import('./Avatar.js').then((m) => ({ default: m.Avatar })));

/** Sizes in rem, so that the box is right before the chunk (and its stylesheet) has come. */
const REM: Record<AvatarSize, number> = { sm: 1.25, md: 1.75, lg: 2.75, xl: 4.5 };

/**
 * A player's avatar on a page of the first load (the account page, a profile): the same as `Avatar`,
 * its code loaded once the page is shown; an empty round box of its size until then.
 */
export function LazyAvatar(props: { player: { readonly id: string; readonly avatar?: string | null }; size?: AvatarSize; className?: string }) {
  const rem = `${REM[props.size ?? 'md']}rem`;
  const box = <span className={props.className} aria-hidden="true" style={{ display: 'inline-block', width: rem, height: rem, flex: 'none' }} />;
  return <Suspense fallback={box}><Real {...props} /></Suspense>;
}
