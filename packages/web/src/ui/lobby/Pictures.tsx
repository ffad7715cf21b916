import type { GameId } from '@parlor/protocol';
import { Suspense, lazy } from 'react';
import './lobby.css';

// The lobby's pictures — each game's cover, each table's thumbnail — as chunks loaded after the
// first screen, their boxes held empty until then so that nothing moves when they arrive.

/** The covers and the registry of games they come from: loaded after the first screen. */
const Cover = lazy(() => import('./covers.js'));

/**
 * A game's picture atop its card in the lobby, or beside it in the create form (decoration: its name
 * is beside it in text). Until its chunk has loaded, an empty box of its size holds its place.
 */
export function GameCover({ game, className = 'game-cover' }: { game: GameId; className?: string }) {
  return <Suspense fallback={<div className={className} />}><Cover game={game} className={className} /></Suspense>;
}

/** A table's thumbnail in the lobby's list (TableThumb.tsx), loaded after the first screen with the avatars. */
const Thumb = lazy(() => import('./TableThumb.js'));

export function LazyTableThumb({ seats }: { seats: Parameters<typeof Thumb>[0]['seats'] }) {
  return <Suspense fallback={<div className="table-thumb" aria-hidden="true" />}><Thumb seats={seats} /></Suspense>;
}
