/**
 * An account's signed-in devices and everything stored about it (docs/api.md, "Devices and your
 * data"): each session's rough device and place (migration 15), and the rows of every table that
 * holds the player, for the export. Kept by both stores.
 */

/** One session as its account's list of devices shows it; the token's hash stays in the server. */
export interface DeviceRow {
  readonly tokenHash: string;
  readonly createdAt: string;
  readonly lastUsed: string;
  /** Browser and system, roughly (accounts/device-label.ts); null before it was first seen. */
  readonly device: string | null;
  /** The address cut to its network (IPv4 /24, IPv6 /48); null before it was first seen. */
  readonly place: string | null;
}

/**
 * Every table with rows about a player, the column that names the player, and the columns left
 * out of the export because they are secrets (token hashes, the password's hash, push keys). A
 * test reads the schema and fails when a table that names a player is missing here.
 */
export const ACCOUNT_TABLES: readonly { readonly table: string; readonly by: string; readonly secret?: readonly string[]; readonly where?: string }[] = [
  { table: 'players', by: 'id', secret: ['token_hash', 'password'] },
  { table: 'sessions', by: 'player_id', secret: ['token_hash'] },
  { table: 'name_skeletons', by: 'player_id' },
  { table: 'player_games', by: 'player_id' },
  { table: 'ratings', by: 'player_id' },
  { table: 'rating_history', by: 'player_id' },
  { table: 'notify_accounts', by: 'player_id' },
  { table: 'push_subscriptions', by: 'player_id', secret: ['p256dh', 'auth'] },
  { table: 'notify_tokens', by: 'player_id', secret: ['token_hash'] },
  { table: 'mail_marks', by: 'player_id' },
  { table: 'digest_items', by: 'player_id' },
  { table: 'turn_seats', by: 'player_id' },
  { table: 'vacations', by: 'player_id' },
  { table: 'friends', by: 'player_id' },
  { table: 'friend_requests', by: 'from_id' }, // the requests it sent; those it received are the senders'
  { table: 'friend_refusals', by: 'player_id' },
  { table: 'blocks', by: 'player_id' },
  { table: 'chat_mutes', by: 'player_id' },
  { table: 'chat_lines', by: 'player_id' },
  // The reports it made; reports about it are moderators' records, as who acted on it is.
  { table: 'reports', by: 'reporter_id' },
  { table: 'moderators', by: 'player_id' },
  { table: 'mod_actions', by: 'player_id', secret: ['moderator_id', 'answered_by'] },
  // A tournament's entrants are its parts of kind 'entrant', keyed by player.
  { table: 'tournament_parts', by: 'key', where: "kind = 'entrant'" },
];

/** Each table's rows about a player, secrets left out (ACCOUNT_TABLES). */
export type AccountData = Record<string, Record<string, unknown>[]>;

export interface DeviceStore {
  /** A player's sessions, the most recently used first. */
  devicesOf(playerId: string): Promise<DeviceRow[]>;
  /** A session was used at `at` from this device and place. */
  describeSession(tokenHash: string, at: string, device: string, place: string): Promise<void>;
  /** Every row about a player, table by table (ACCOUNT_TABLES). */
  accountData(playerId: string): Promise<AccountData>;
}

/** A row without the columns the export leaves out. */
export function withoutSecrets(row: Record<string, unknown>, secret: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!secret.includes(k)) out[k] = v;
  return out;
}
