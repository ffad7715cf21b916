import type { Clock } from '../clock.js';
import type { ModActionRow, ModerationStore } from '../store/moderation.js';
import { Refusal } from '../table/types.js';

/** The kinds of action that hold for a time (or for good) and are checked on every chat line and seat. */
const HOLDING = new Set(['mute', 'suspend-rated', 'suspend', 'ban']);
/** Players' sanctions kept in memory, at most so many (the cache starts again past it). */
const MAX_CACHED = 20_000;

/** Whether an action holds at `now`: a sanction not lifted on appeal and not run out. */
export function holds(a: ModActionRow, now: number): boolean {
  return HOLDING.has(a.kind) && a.answer !== 'lifted' && (a.until === null || a.until > now);
}

const untilText = (a: ModActionRow) => (a.until === null ? 'for good' : `until ${new Date(a.until).toISOString()}`);

/**
 * Each player's sanctions in force, read from the store once and kept in memory: every chat line
 * and seat asks. A moderator's action, an appeal lifted or an expiry never needs a new read for the
 * time check (it is made at each ask); an action or an answer clears the player's entry here and,
 * by the cluster's bus, on every other process (Hub.moderated), so it holds everywhere at once.
 */
export class Sanctions {
  private readonly cache = new Map<string, Promise<ModActionRow[]>>();

  constructor(private readonly store: ModerationStore, private readonly clock: Clock) {}

  /** The player's sanctions in force now. */
  async of(playerId: string): Promise<ModActionRow[]> {
    let p = this.cache.get(playerId);
    if (p === undefined) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      p = this.store.modActionsOn(playerId).then((all) => all.filter((a) => holds(a, this.clock.now())));
      this.cache.set(playerId, p);
      p.catch(() => this.cache.delete(playerId));
    }
    const now = this.clock.now();
    return (await p).filter((a) => holds(a, now));
  }

  /** The player's actions changed: read again at the next ask. */
  forget(playerId: string): void { this.cache.delete(playerId); }

  /** The player's ban in force, if any (it refuses hello and sign-in). */
  async ban(playerId: string): Promise<ModActionRow | undefined> {
    return (await this.of(playerId)).find((a) => a.kind === 'ban');
  }

  /** Refuses a chat line from a player muted (or banned) by a moderator: CHAT_MUTED, naming until when. */
  async mayChat(playerId: string): Promise<void> {
    const a = (await this.of(playerId)).find((x) => x.kind === 'mute' || x.kind === 'ban');
    if (a !== undefined) throw new Refusal('CHAT_MUTED', `A moderator has muted you in chat ${untilText(a)}: ${a.reason}`);
  }

  /** Refuses a seat to a player suspended from playing (or banned), or from rated play at a rated table. */
  async maySit(playerId: string, rated: boolean): Promise<void> {
    const now = await this.of(playerId);
    const all = now.find((x) => x.kind === 'suspend' || x.kind === 'ban');
    if (all !== undefined) throw new Refusal('SUSPENDED', `A moderator has suspended you from playing ${untilText(all)}: ${all.reason}`);
    const r = now.find((x) => x.kind === 'suspend-rated');
    if (rated && r !== undefined) throw new Refusal('SUSPENDED_RATED', `A moderator has suspended you from rated play ${untilText(r)}: ${r.reason}`);
  }
}
