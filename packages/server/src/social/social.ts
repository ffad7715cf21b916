import { PROTOCOL_ERRORS } from '@parlor/protocol';
import { seatedPlayers } from '@parlor/table';
import type { Bus } from '../cluster/bus.js';
import type { Store, TableRow } from '../store/store.js';
import { Refusal } from '../table/types.js';

/** What one player has shut out: those they blocked, and the chats they muted (table ids, '*' for all). */
interface Shut {
  readonly blocked: ReadonlySet<string>;
  readonly mutes: ReadonlySet<string>;
}

/** Players kept in memory at most; the longest-known are read again from the store when next needed. */
const MAX_PLAYERS = 100_000;
/** The cluster's bus channel: `{ player }`, whose blocks or mutes changed. */
const CHANNEL = 'social';

/**
 * Each player's blocks and chat mutes, kept in memory by a server process for the chat send loop,
 * which reads them for every line and every recipient (docs/api.md, "Blocking"). A player's entry
 * is read from the store when they watch or sit at a table hosted here, so every recipient of a
 * table's chat has theirs; a change (a block, an unblock, a mute) reads it again at once, here and
 * (through the cluster's bus) on every other process that has it.
 */
export class Social {
  private readonly shut = new Map<string, Shut>();
  private bus: Bus | null = null;

  constructor(private readonly store: Store) {}

  /**
   * One of a cluster's processes: a change made on another is read again here at once. Words lost
   * while Redis was away are made good on its return by reading again every player known here.
   */
  async listen(bus: Bus, log: { warn(obj: object, msg: string): void }): Promise<void> {
    this.bus = bus;
    const reread = (id: string) => this.changed(id).catch((err: unknown) => {
      this.shut.delete(id); // read again when next needed rather than kept stale
      log.warn({ err, player: id }, "a player's blocks and mutes could not be read again");
    });
    await bus.subscribe(CHANNEL, (m) => {
      const player = typeof m === 'object' && m !== null && 'player' in m ? (m as { player: unknown }).player : undefined;
      if (typeof player === 'string') void reread(player);
    });
    bus.onReconnect(() => { for (const id of [...this.shut.keys()]) void reread(id); });
  }

  /** A player changed their blocks or mutes here: read again here, and told to every other process. */
  async changedEverywhere(playerId: string): Promise<void> {
    await this.changed(playerId);
    this.bus?.publish(CHANNEL, { player: playerId });
  }

  /** Reads a player's blocks and mutes, unless known already. */
  async load(playerId: string): Promise<void> {
    if (!this.shut.has(playerId)) await this.read(playerId);
  }

  /** A player's blocks or mutes changed: read again if known here (a process that does not know them reads them when needed). */
  async changed(playerId: string): Promise<void> {
    if (this.shut.has(playerId)) await this.read(playerId);
  }

  /**
   * Whether a chat line of `senderId` at `tableId` reaches `recipientId`: not if the recipient
   * blocked the sender or muted that table's chat or all chat. Their own lines always come back to
   * them (the sender sees what was sent). A recipient not known here hears nothing until read: a
   * blocked line is never sent on a guess.
   */
  hears(recipientId: string, senderId: string, tableId: string): boolean {
    if (recipientId === senderId) return true;
    const s = this.shut.get(recipientId);
    if (s === undefined) {
      void this.load(recipientId).catch(() => {});
      return false;
    }
    return !s.blocked.has(senderId) && !s.mutes.has('*') && !s.mutes.has(tableId);
  }

  /** Whether `playerId` blocked `otherId` (known here). */
  blocks(playerId: string, otherId: string): boolean {
    return this.shut.get(playerId)?.blocked.has(otherId) ?? false;
  }

  private async read(playerId: string): Promise<void> {
    const [blocked, mutes] = await Promise.all([this.store.friends.blocksOf(playerId), this.store.friends.mutesOf(playerId)]);
    this.shut.delete(playerId);
    this.shut.set(playerId, { blocked: new Set(blocked.map((b) => b.id)), mutes: new Set(mutes) });
    if (this.shut.size > MAX_PLAYERS) this.shut.delete(this.shut.keys().next().value!);
  }
}

const byStore = new WeakMap<Store, Social>();

/** The Social of a server's store: one per server process, shared by its tables, chat and HTTP routes. */
export function socialOf(store: Store): Social {
  let s = byStore.get(store);
  if (s === undefined) byStore.set(store, (s = new Social(store)));
  return s;
}

/**
 * Refuses a seat when a block stands between the player and anyone at the table (its creator, its
 * seated players), either way: the blocked one cannot join the blocker, nor the blocker the one
 * they blocked (docs/api.md, "Blocking"). The refusal names no one, so a blocked player learns
 * nothing of who blocked them.
 */
export async function refuseBlockedSeat(store: Store, playerId: string, row: TableRow): Promise<void> {
  const others = [...new Set([row.creatorId, ...seatedPlayers(row)])].filter((id) => id !== playerId);
  if (await store.friends.blockedAmong(playerId, others)) throw new Refusal('SEAT_BLOCKED', PROTOCOL_ERRORS.SEAT_BLOCKED);
}

