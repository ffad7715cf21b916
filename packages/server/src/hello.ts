import { botLevels } from '@parlor/bots';
import { type ClientMessage, PROTOCOL_ERRORS, PROTOCOL_VERSION } from '@parlor/protocol';
import { GAME_IDS, type GameId } from '@parlor/rules';
import { accountNameClash } from './accounts/name-check.js';
import type { SessionChecks } from './accounts/sessions.js';
import type { Clock } from './clock.js';
import type { Connection } from './connection.js';
import type { TableHosting } from './hosting/hosting.js';
import { cleanName, hashToken, randomId } from './identity.js';
import type { LiveSessions } from './live-sessions.js';
import type { Players } from './players.js';
import type { Sanctions } from './moderation/sanctions.js';
import type { PlayerRow, Store } from './store/store.js';
import type { Tables } from './tables.js';
import { Refusal } from './table/types.js';

const BOT_LEVELS_BY_GAME = Object.fromEntries(GAME_IDS.map((g) => [g, botLevels(g)])) as Record<GameId, ReturnType<typeof botLevels>>;

export interface HelloDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly players: Players;
  readonly tables: Tables;
  readonly hosting: TableHosting;
  /** Whether a token's session may be used (it may have expired), and the sessions of this process's connections. */
  readonly sessions: SessionChecks;
  readonly live: LiveSessions;
  /** A banned player's hello is refused (BANNED). */
  readonly sanctions: Sanctions;
  /** The server's grace period for tables created without their own (told in the welcome). */
  readonly graceSeconds: number;
  /** The player came online: the lobby's count and their friends hear it. */
  readonly onlineChanged: (playerId: string) => void;
}

/**
 * A connection says who it is: a returning player by their token (a guest may rename), or a new
 * guest by a name. A guest's name may not be an account's, nor a lookalike of one
 * (accounts/name-check.ts): accounts' names are theirs alone. The reply lists the tables where
 * the player sits, to resume.
 */
export async function hello(d: HelloDeps, c: Connection, msg: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
  if (c.playerId !== null) throw new Refusal('BAD_MESSAGE', 'You already said hello on this connection.');
  const guestName = async (raw: string) => {
    const name = cleanName(raw);
    if (name === null) throw new Refusal('BAD_NAME', PROTOCOL_ERRORS.BAD_NAME);
    const clash = await accountNameClash(d.store, name);
    if (clash !== null) throw new Refusal(clash.code, clash.code === 'NAME_TAKEN' ? PROTOCOL_ERRORS.NAME_TAKEN : clash.message);
    return name;
  };
  let player: PlayerRow;
  let token = msg.token;
  const mark = d.live.mark();
  if (token !== undefined) {
    const use = await d.sessions.use(hashToken(token));
    if (!use.ok && use.why === 'expired') {
      throw new Refusal('SESSION_EXPIRED', `This sign-in went unused for over ${d.sessions.days} days and has expired; sign in again with your password.`);
    }
    if (!use.ok) throw new Refusal('BAD_TOKEN', PROTOCOL_ERRORS.BAD_TOKEN);
    player = use.player;
    const ban = await d.sanctions.ban(player.id);
    if (ban !== undefined) {
      throw new Refusal('BANNED', `A moderator has banned this account ${ban.until === null ? 'for good' : `until ${new Date(ban.until).toISOString()}`}: ${ban.reason}`);
    }
    // An account keeps its name (a `name` sent with its token is ignored); a guest may rename.
    if (msg.name !== undefined && !player.accountSince) {
      const name = await guestName(msg.name);
      if (name !== player.name) { await d.store.renamePlayer(player.id, name); player = { ...player, name }; }
    }
  } else {
    const name = await guestName(msg.name ?? '');
    token = randomId(24);
    player = { id: randomId(), name, tokenHash: hashToken(token), createdAt: new Date(d.clock.now()).toISOString() };
    await d.store.addPlayer(player);
  }
  // A session ended while it was read (a sign-out elsewhere) is not taken up.
  if (!d.live.bind(c, player.id, hashToken(token), mark)) throw new Refusal('SESSION_ENDED', PROTOCOL_ERRORS.SESSION_ENDED);
  d.players.know(player.id, player.name, Boolean(player.accountSince), player.avatar ?? null, player.bot === true);
  // An account's days off go with it to the tables where it sits down (a guest has none).
  if (player.accountSince) await d.players.loadVacations(d.store, [player.id]);
  await d.players.reliability.load(d.store, [player.id]);
  c.playerId = player.id;
  if (d.players.add(c)) {
    d.hosting.announce(player.id, true);
    d.onlineChanged(player.id);
    // The tables where they sit know them connected (and by the name they have now).
    for (const t of d.tables.seatedAt(player.id)) void t.tell(player.id).catch(() => undefined);
  }
  const seatedAt = d.tables.seatedAt(player.id).filter((t) => t.row.status !== 'finished').map((t) => t.id);
  for (const e of d.hosting.others()) if (e.seatedPlayers.includes(player.id) && e.row.status !== 'finished') seatedAt.push(e.id);
  c.send({
    type: 'welcome', ...(msg.id === undefined ? {} : { re: msg.id }), player: d.players.info(player.id), token, seatedAt,
    version: PROTOCOL_VERSION, botLevels: BOT_LEVELS_BY_GAME, account: Boolean(player.accountSince),
    grace: d.graceSeconds,
  });
}
