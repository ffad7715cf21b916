import type { GameId } from '@parlor/protocol';
import { GAME_COVERS } from '../games/registry.js';

/** A game's cover from the registry of games (a chunk loaded after the first screen, with the registry). */
export default function Cover({ game, className }: { game: GameId; className: string }) {
  const C = GAME_COVERS[game];
  return <C className={className} />;
}
