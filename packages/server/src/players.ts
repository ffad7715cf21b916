import type { PlayerInfo } from '@parlor/protocol';
import type { Person, VacationPeriod } from '@parlor/table';
import type { Clock } from './clock.js';
import type { Connection } from './connection.js';
import { Reliabilities } from './reliability.js';

/** Who is connected to the other processes of a cluster (nobody, for a lone server). */
export interface Elsewhere {
  online(playerId: string): boolean;
  players(): Iterable<string>;
}

/**
 * The players this process knows: their names, which are accounts, their open connections here,
 * and when each was last seen (their last connection closed).
 */
export class Players {
  private readonly names = new Map<string, string>();
  private readonly accounts = new Set<string>();
  private readonly avatars = new Map<string, string>();
  private readonly bots = new Set<string>();
  private readonly connections = new Map<string, Set<Connection>>();
  private readonly lastSeen = new Map<string, number>();
  /** Accounts' days off, as read from the store (loaded with the player, kept when declared here). */
  private readonly vacations = new Map<string, readonly VacationPeriod[]>();
  /** Players' reliability, as tables show and check it (reliability.ts). */
  readonly reliability: Reliabilities;
  /** `elsewhere`: who is connected to the other processes of a cluster. */
  constructor(private readonly clock: Clock, private readonly elsewhere: Elsewhere) { this.reliability = new Reliabilities(clock); }

  name(id: string): string { return this.names.get(id) ?? 'someone'; }
  known(id: string): boolean { return this.names.has(id); }
  isAccount(id: string): boolean { return this.accounts.has(id); }
  /** The avatar the player's account chose, or null (none: clients draw a pattern from the id). */
  avatar(id: string): string | null { return this.avatars.get(id) ?? null; }
  /** Whether the player's account says it is a program (a bot account). */
  isBot(id: string): boolean { return this.bots.has(id); }

  /** A player's name, whether they are an account, the avatar they chose and whether they say they are a bot, as last heard. */
  know(id: string, name: string, account: boolean, avatar: string | null, bot = false): void {
    this.names.set(id, name);
    if (account) this.accounts.add(id);
    else this.accounts.delete(id);
    if (avatar !== null) this.avatars.set(id, avatar);
    else this.avatars.delete(id);
    if (bot) this.bots.add(id);
    else this.bots.delete(id);
  }

  /** What others see of a player in chat: name, account, avatar, and `bot` only for a bot account. */
  info(id: string): PlayerInfo {
    const avatar = this.avatar(id);
    return { id, name: this.name(id), account: this.isAccount(id), ...(avatar === null ? {} : { avatar }), ...(this.isBot(id) ? { bot: true } : {}) };
  }

  isConnected(id: string): boolean {
    return (this.connections.get(id)?.size ?? 0) > 0 || this.elsewhere.online(id);
  }

  /** What a table shows of a player: name, account, avatar, a bot account, presence. */
  person(id: string): Person {
    const connected = this.isConnected(id);
    const avatar = this.avatar(id);
    const reliability = this.reliability.of(id);
    return {
      ...(reliability === undefined ? {} : { reliability }),
      name: this.name(id), account: this.isAccount(id), ...(avatar === null ? {} : { avatar }), ...(this.isBot(id) ? { bot: true } : {}),
      connected, since: connected ? null : this.lastSeen.get(id) ?? null,
      ...((this.vacations.get(id)?.length ?? 0) > 0 ? { vacations: this.vacations.get(id)! } : {}),
    };
  }

  /** A player's days off, all of them as the store has them (the table core's vacation.ts). */
  knowVacations(id: string, periods: readonly VacationPeriod[]): void { this.vacations.set(id, periods); }
  /** Reads the days off of the players among `ids` not read yet (a table being hosted, a hello). */
  async loadVacations(store: { readonly vacations: { vacationsOf(id: string): Promise<VacationPeriod[]> } }, ids: readonly string[]): Promise<void> {
    for (const id of ids) if (!this.vacations.has(id)) this.vacations.set(id, await store.vacations.vacationsOf(id));
  }

  /** The player was last seen at `at` (their last connection closed, or the server started without them). */
  seen(id: string, at: number): void { this.lastSeen.set(id, at); }
  seenBefore(id: string): boolean { return this.lastSeen.has(id); }

  /** A connection said hello as its player: true when it is their first here. */
  add(c: Connection): boolean {
    let set = this.connections.get(c.playerId!);
    const first = set === undefined;
    if (set === undefined) this.connections.set(c.playerId!, (set = new Set()));
    set.add(c);
    return first;
  }

  /** A connection closed: true when it was its player's last here (then they are last seen now, unless connected elsewhere). */
  remove(c: Connection): boolean {
    if (c.playerId === null) return false;
    const set = this.connections.get(c.playerId);
    if (set === undefined || !set.delete(c) || set.size > 0) return false;
    this.connections.delete(c.playerId);
    if (!this.isConnected(c.playerId)) this.lastSeen.set(c.playerId, this.clock.now());
    return true;
  }

  /** A player's connections to this process (none: an empty list). */
  pagesOf(id: string): Iterable<Connection> { return this.connections.get(id) ?? []; }

  /** Every connection of this process, after hello. */
  *all(): Iterable<Connection> {
    for (const set of this.connections.values()) yield* set;
  }

  /** Players with a connection to this process. */
  here(): string[] { return [...this.connections.keys()]; }

  /** Players with an open connection anywhere (the lobby's `online`). */
  get online(): number {
    let elsewhere = 0;
    for (const p of this.elsewhere.players()) if (!this.connections.has(p)) elsewhere++;
    return this.connections.size + elsewhere;
  }
}
