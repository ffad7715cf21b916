import type { ServerMessage } from '@parlor/protocol';
import type { Players } from '../players.js';
import type { FriendStore } from '../store/friends.js';
import type { PlayerRow } from '../store/store.js';

type FriendMessage = Extract<ServerMessage, { type: 'friend.presence' }>;

export interface FriendPresenceDeps {
  readonly friends: Pick<FriendStore, 'friendsOf'>;
  readonly playerById: (id: string) => Promise<PlayerRow | null>;
  readonly players: Players;
  readonly log: { warn(obj: object, msg: string): void };
}

/**
 * Tells an account's pages when one of its friends comes online or goes offline anywhere
 * (`friend.presence`, docs/protocol.md), so the friends list stays true without polling. Each
 * process tells its own connections: it hears of every change, its own and (through the cluster's
 * presence) the others'. A change is told once: the players last told online are remembered, so a
 * second page or a second process changes nothing.
 */
export class FriendPresence {
  /** Players whose friends here were last told they are online. */
  private readonly toldOnline = new Set<string>();
  /** Changes being read from the store, by player: a later change waits for the one before. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly d: FriendPresenceDeps) {}

  /** A player's presence may have changed: their friends with a page here hear it if it did. */
  changed(playerId: string): void {
    const before = this.pending.get(playerId) ?? Promise.resolve();
    const next = before.then(() => this.tell(playerId)).catch((err: unknown) => {
      this.d.log.warn({ err, player: playerId }, "a friend's presence could not be told");
    }).finally(() => { if (this.pending.get(playerId) === next) this.pending.delete(playerId); });
    this.pending.set(playerId, next);
  }

  /** Settles once every change heard so far is told (for tests and for a clean stop). */
  async settled(): Promise<void> { await Promise.all(this.pending.values()); }

  private async tell(playerId: string): Promise<void> {
    const { players } = this.d;
    if (players.known(playerId) && !players.isAccount(playerId)) return; // a guest has no friends
    if (players.isConnected(playerId) === this.toldOnline.has(playerId)) return;
    const friends = await this.d.friends.friendsOf(playerId);
    // Looked at again after the store's answer: what is true now is what is told.
    const online = players.isConnected(playerId);
    if (online === this.toldOnline.has(playerId)) return;
    if (online) this.toldOnline.add(playerId);
    else this.toldOnline.delete(playerId);
    const pages = friends.flatMap((f) => [...players.pagesOf(f.id)].filter((c) => c.remote !== true));
    if (pages.length === 0) return;
    const name = players.known(playerId) ? players.name(playerId) : (await this.d.playerById(playerId))?.name;
    if (name === undefined) return;
    const msg: FriendMessage = { type: 'friend.presence', name, online };
    for (const c of pages) c.send(msg);
  }
}
