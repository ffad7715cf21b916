import type { GameAction, GameSnapshot } from '@parlor/protocol';
import type { TableState } from '../../state/store.js';

/** What a game's table component gets: the table, the snapshot it shows, and a way to act. */
export interface GameProps {
  readonly table: TableState;
  /** The snapshot shown: the seat's own (a seat held) or the spectator's. */
  readonly snapshot: GameSnapshot;
  /** Display names by seat. */
  readonly names: readonly string[];
  /** Sends an action for the snapshot's seat; resolves true when the server accepted it. */
  readonly act: (action: GameAction) => Promise<boolean>;
}
