import { randomBytes } from 'node:crypto';
import { type ClientMessage, GAME_IDS, PROTOCOL_ERRORS, type ServerMessage } from '@parlor/protocol';
import { z } from 'zod';
import { nameKey } from './accounts/names.js';
import type { Clock } from './clock.js';
import type { Bus } from './cluster/bus.js';
import type { Notice } from './notify/notifier.js';
import type { Players } from './players.js';
import type { Store } from './store/store.js';
import type { Tables } from './tables.js';
import { Refusal } from './table/types.js';

export type InviteMessage = Extract<ClientMessage, { type: 'table.invite' }>;
type Invited = Extract<ServerMessage, { type: 'invited' }>;

/** Invitations one player may send in a minute (refused ones count too: a name is not found by trying many). */
export const INVITES_PER_MINUTE = 20;
const MINUTE = 60_000;
/** Tables whose invitees are remembered before those no longer hosted here are forgotten. */
const REMEMBERED_TABLES = 10_000;
/** The cluster's channel: each process gives an invitation to its own connections of the invitee. */
const CHANNEL = 'invitations';

const relayed = z.object({
  /** The process that sent it: it hears its own messages too, and has delivered them already. */
  by: z.string(),
  player: z.string(),
  msg: z.object({
    type: z.literal('invited'), tableId: z.string(), game: z.enum(GAME_IDS), invite: z.string().nullable(),
    from: z.object({ id: z.string(), name: z.string(), account: z.boolean().optional(), avatar: z.string().optional(), bot: z.boolean().optional() }),
  }),
});

export interface InvitationsDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly tables: Tables;
  readonly players: Players;
  /** A cluster's bus: the invitee's pages may be open on another process. Absent alone. */
  readonly bus?: Bus;
  readonly log: { warn(obj: object, msg: string): void };
}

/**
 * Invitations to tables (`table.invite`, docs/protocol.md): the creator or a seated player of a
 * table with a free seat, between games, names an account; every page of that account hears
 * `invited` (on this process, and through the bus on the others), and the notifier sends the
 * `invitation` notice by push or mail unless the account has a page open on the table. The message
 * arrives at the process hosting the table (hosting/ forwards it), which therefore sees every page
 * open on it, as the notifier's rule needs. An account is invited once per table; nothing is
 * said but the table, its game, who invited and a private table's invite.
 */
export class Invitations {
  /** Where the `invitation` notices go (the server's notifier, set once it is made). */
  notify: ((n: Notice) => void) | null = null;
  /** Each inviter's invitations of the last minute (times). */
  private readonly recent = new Map<string, number[]>();
  /** Each table's invitees. */
  private readonly invited = new Map<string, Set<string>>();
  /** This process, on the bus. */
  private readonly self = randomBytes(8).toString('hex');

  constructor(private readonly d: InvitationsDeps) {}

  async start(): Promise<void> {
    await this.d.bus?.subscribe(CHANNEL, (m) => {
      const r = relayed.safeParse(m);
      if (r.success) {
        if (r.data.by === this.self) return;
        this.inviteesOf(r.data.msg.tableId).add(r.data.player);
        this.deliver(r.data.player, r.data.msg as Invited);
      } else this.d.log.warn({ channel: CHANNEL }, 'an invitation from the cluster was not one; dropped');
    });
  }

  async stop(): Promise<void> { await this.d.bus?.unsubscribe(CHANNEL); }

  /** `playerId` invites the account named `msg.name` to `msg.tableId`: done (`ok`), or refused with why. */
  async invite(playerId: string, msg: InviteMessage, ok: (tableId?: string) => void): Promise<void> {
    this.count(playerId);
    const t = await this.d.tables.find(msg.tableId, undefined, playerId);
    const row = t.row;
    if (row.creatorId !== playerId && t.seatsOf(playerId).length === 0) throw new Refusal('NOT_SEATED', 'Only the table creator and the players seated at it may invite.');
    if (row.status === 'closed') throw new Refusal('TABLE_CLOSED', PROTOCOL_ERRORS.TABLE_CLOSED);
    if (row.tournament !== undefined) throw new Refusal('TOURNAMENT_TABLE', PROTOCOL_ERRORS.TOURNAMENT_TABLE);
    if (row.status === 'running') throw new Refusal('ALREADY_RUNNING', 'The game has started: seats change between games, so invite once it is over.');
    if (!row.seats.some((s) => s.kind === 'empty')) throw new Refusal('TABLE_FULL', PROTOCOL_ERRORS.TABLE_FULL);
    const account = await this.d.store.accountByKey(nameKey(msg.name.trim()));
    if (account === null) throw new Refusal('NO_SUCH_ACCOUNT', PROTOCOL_ERRORS.NO_SUCH_ACCOUNT);
    const invitee = account.playerId;
    if (invitee === playerId || t.seatsOf(invitee).length > 0) throw new Refusal('ALREADY_THERE', PROTOCOL_ERRORS.ALREADY_THERE);
    const invitees = this.inviteesOf(row.id);
    if (invitees.has(invitee)) throw new Refusal('ALREADY_INVITED', PROTOCOL_ERRORS.ALREADY_INVITED);
    invitees.add(invitee);
    // Across a block (either way) the inviter is answered as if it went, and nothing is delivered: no one learns of a block.
    if (await this.d.store.friends.blockedAmong(playerId, [invitee])) return ok(row.id);

    const invite = row.private ? row.invite : null;
    const out: Invited = { type: 'invited', tableId: row.id, game: row.game, from: this.d.players.info(playerId), invite };
    this.deliver(invitee, out);
    this.d.bus?.publish(CHANNEL, { by: this.self, player: invitee, msg: out });
    this.notify?.({
      kind: 'invitation', playerId: invitee, tableId: row.id, moveKey: 'invitation', game: row.game, from: out.from.name,
      ...(invite === null ? {} : { invite }),
    });
    ok(row.id);
  }

  /**
   * Whether `playerId` was invited to the table (through this process, or told by another): the
   * friends list shows a friend at a private table to those invited to it.
   */
  wasInvited(tableId: string, playerId: string): boolean { return this.invited.get(tableId)?.has(playerId) === true; }

  /** One more invitation by `playerId`, or TOO_MANY_INVITES when it has sent its minute's worth. */
  private count(playerId: string): void {
    const now = this.d.clock.now();
    const times = (this.recent.get(playerId) ?? []).filter((at) => now - at < MINUTE);
    if (times.length >= INVITES_PER_MINUTE) {
      this.recent.set(playerId, times);
      throw new Refusal('TOO_MANY_INVITES', `Too many invitations (at most ${INVITES_PER_MINUTE} a minute); wait a moment.`);
    }
    times.push(now);
    this.recent.set(playerId, times);
    if (this.recent.size > REMEMBERED_TABLES) {
      for (const [id, ts] of this.recent) if (ts.every((at) => now - at >= MINUTE)) this.recent.delete(id);
    }
  }

  private inviteesOf(tableId: string): Set<string> {
    let set = this.invited.get(tableId);
    if (set !== undefined) return set;
    if (this.invited.size >= REMEMBERED_TABLES) {
      for (const id of this.invited.keys()) if (!this.d.tables.hosted.has(id)) this.invited.delete(id);
    }
    this.invited.set(tableId, (set = new Set()));
    return set;
  }

  /** The invitation to each of this process's own connections of `playerId`. */
  private deliver(playerId: string, msg: Invited): void {
    for (const c of this.d.players.all()) if (c.playerId === playerId && c.remote !== true) c.send(msg);
  }
}
