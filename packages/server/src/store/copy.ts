import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { POSTGRES_SCHEMA_VERSION, PostgresStore } from './postgres.js';
import { postgresError } from './postgres/errors.js';
import { SCHEMA_VERSION } from './sqlite.js';

/** The copy cannot be made as asked (wrong schema, a target that is not empty…): nothing was written. */
export class CopyRefused extends Error {}

/**
 * The tables copied, in order, with their columns at the current schema. A boolean column is an
 * integer 0/1 in SQLite. Leases (`table_leases`) are not copied: a server that starts on the copy
 * takes its tables anew.
 */
export const COPIED_TABLES: readonly { readonly name: string; readonly columns: readonly string[]; readonly booleans?: readonly string[] }[] = [
  { name: 'players', columns: ['id', 'name', 'token_hash', 'created_at', 'last_seen', 'name_key', 'password', 'account_since', 'deleted_at', 'avatar', 'bot'] },
  { name: 'sessions', columns: ['token_hash', 'player_id', 'created_at', 'last_used', 'device', 'place'] },
  { name: 'tables', columns: ['id', 'body', 'status', 'created_at', 'due_at'] },
  { name: 'games', columns: ['table_id', 'game_no', 'body', 'finished_at'] },
  { name: 'actions', columns: ['table_id', 'game_no', 'seq', 'seat', 'action', 'at', 'by'] },
  {
    name: 'player_games',
    columns: ['player_id', 'table_id', 'game_no', 'game', 'finished_at', 'seat', 'players', 'place', 'score', 'won', 'rated', 'private', 'stats', 'left_game', 'humans'],
    booleans: ['won', 'rated', 'private', 'left_game'],
  },
  { name: 'ratings', columns: ['player_id', 'game', 'mu', 'sigma', 'games', 'wins', 'updated_at'] },
  { name: 'rating_history', columns: ['player_id', 'game', 'table_id', 'game_no', 'mu', 'sigma', 'at'] },
  { name: 'tournaments', columns: ['id', 'status', 'starts_at', 'private', 'version', 'summary', 'body'], booleans: ['private'] },
  { name: 'tournament_parts', columns: ['tournament_id', 'kind', 'key', 'seq', 'body'] },
  { name: 'notify_accounts', columns: ['player_id', 'email', 'email_confirmed', 'language', 'kinds', 'digest'] },
  { name: 'push_subscriptions', columns: ['endpoint', 'player_id', 'p256dh', 'auth', 'created_at'] },
  { name: 'notify_tokens', columns: ['token_hash', 'purpose', 'player_id', 'detail', 'expires_at'] },
  { name: 'mail_marks', columns: ['player_id', 'table_id', 'move_key'] },
  { name: 'digest_items', columns: ['id', 'player_id', 'at', 'notice'] },
  { name: 'notify_keys', columns: ['name', 'body'] },
  { name: 'turn_tables', columns: ['table_id', 'body'] },
  { name: 'turn_seats', columns: ['player_id', 'table_id', 'seat', 'to_move'] },
  { name: 'vacations', columns: ['player_id', 'starts_at', 'ends_at'] },
  { name: 'friend_requests', columns: ['from_id', 'to_id', 'at'] },
  { name: 'friends', columns: ['player_id', 'friend_id', 'since'] },
  { name: 'friend_refusals', columns: ['player_id', 'from_id', 'until'] },
  { name: 'blocks', columns: ['player_id', 'blocked_id', 'at'] },
  { name: 'chat_mutes', columns: ['player_id', 'table_id'] },
  { name: 'chat_lines', columns: ['id', 'table_id', 'player_id', 'name', 'text', 'at'] },
  { name: 'moderators', columns: ['player_id', 'granted_at', 'granted_by'] },
  { name: 'reports', columns: ['id', 'reporter_id', 'player_id', 'reason', 'text', 'evidence', 'status', 'created_at', 'closed_at', 'closed_by'] },
  {
    name: 'mod_actions',
    columns: ['id', 'player_id', 'moderator_id', 'kind', 'reason', 'report_id', 'at', 'until', 'appeal', 'appealed_at', 'answer', 'answer_text', 'answered_at', 'answered_by'],
  },
];
/** Every table a non-empty target would have rows in. */
const TARGET_TABLES = [...COPIED_TABLES.map((t) => t.name), 'table_leases'];
/** Rows per INSERT (PostgreSQL takes at most 65,535 parameters in one statement). */
const BATCH = 500;

export type CopyCounts = Record<string, number>;

/**
 * Copies every row of a SQLite database (a stopped server's PARLOR_DB) into an empty PostgreSQL
 * database, in one transaction: the target is first migrated to the latest schema, then either
 * everything is copied or nothing is. Refuses (CopyRefused) a SQLite database of another schema
 * version — it must be migrated first, by opening it with this Parlor (starting the server on it
 * once) — and a target that holds any row. Resolves to the rows copied per table.
 */
export async function copySqliteToPostgres(sqlitePath: string, url: string): Promise<{ schema: number; counts: CopyCounts }> {
  if (!existsSync(sqlitePath)) throw new CopyRefused(`there is no SQLite database at ${sqlitePath}`);
  let src: Database.Database;
  try {
    src = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new CopyRefused(`cannot open ${sqlitePath} as a SQLite database: ${(e as Error).message}`);
  }
  try {
    const schema = sourceSchema(src, sqlitePath);
    if (POSTGRES_SCHEMA_VERSION !== SCHEMA_VERSION) {
      throw new CopyRefused(`this Parlor's PostgreSQL schema (${POSTGRES_SCHEMA_VERSION}) is not its SQLite schema (${SCHEMA_VERSION})`);
    }
    for (const t of COPIED_TABLES) {
      const have = (src.prepare(`SELECT name FROM pragma_table_info('${t.name}')`).all() as { name: string }[]).map((c) => c.name);
      const unknown = have.filter((c) => !t.columns.includes(c));
      const missing = t.columns.filter((c) => !have.includes(c));
      if (unknown.length > 0 || missing.length > 0) {
        throw new CopyRefused(`${sqlitePath}: table ${t.name} has columns ${have.join(', ')}; schema ${SCHEMA_VERSION} has ${t.columns.join(', ')}`);
      }
    }
    // The target at the latest schema: a new database gets every migration here.
    await (await PostgresStore.open(url, { max: 1 })).close();
    return { schema, counts: await copyRows(src, url) };
  } finally {
    src.close();
  }
}

/** The SQLite database's schema version; CopyRefused unless it is this Parlor's. */
function sourceSchema(src: Database.Database, path: string): number {
  const hasMeta = src.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined;
  const row = hasMeta ? (src.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined) : undefined;
  if (row === undefined) throw new CopyRefused(`${path} is not a Parlor database (it has no schema version in a meta table)`);
  const version = Number(row.value);
  if (version === SCHEMA_VERSION) return version;
  if (Number.isInteger(version) && version < SCHEMA_VERSION) {
    throw new CopyRefused(`${path} has schema ${row.value}, older than this Parlor's (${SCHEMA_VERSION}): migrate it first — start this`
      + ` version's server on it once (npx parlor serve --db ${path}) and stop it — then copy it`);
  }
  throw new CopyRefused(`${path} has schema ${row.value}, newer than this Parlor's (${SCHEMA_VERSION}): copy it with the Parlor release that wrote it`);
}

async function copyRows(src: Database.Database, url: string): Promise<CopyCounts> {
  const client = new pg.Client({ connectionString: url, application_name: 'parlor db copy', connectionTimeoutMillis: 10_000 });
  client.on('error', () => {}); // a broken connection fails the query in progress
  try {
    await client.connect();
  } catch (e) {
    throw postgresError(e);
  }
  let began = false;
  try {
    await client.query('BEGIN');
    began = true;
    // A server started on the target meanwhile waits until the copy is in (or rolled back).
    await client.query(`LOCK TABLE ${TARGET_TABLES.join(', ')} IN EXCLUSIVE MODE`);
    const held = (await client.query<Record<string, number>>(`SELECT ${TARGET_TABLES.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`)).rows[0]!;
    const nonEmpty = TARGET_TABLES.filter((t) => held[t]! > 0);
    if (nonEmpty.length > 0) {
      throw new CopyRefused(`the PostgreSQL database is not empty (it holds ${nonEmpty.map((t) => `${held[t]} ${t}`).join(', ')}): `
        + 'copy into an empty database (a new database, or a new schema)');
    }
    // One read transaction in SQLite: a consistent snapshot even if something writes to the file.
    src.exec('BEGIN');
    const counts: CopyCounts = {};
    try {
      for (const t of COPIED_TABLES) counts[t.name] = await copyTable(src, client, t);
    } finally {
      src.exec('COMMIT');
    }
    const copied = (await client.query<Record<string, number>>(`SELECT ${COPIED_TABLES.map((t) => `(SELECT count(*) FROM ${t.name})::int AS ${t.name}`).join(', ')}`)).rows[0]!;
    for (const t of COPIED_TABLES) {
      if (copied[t.name] !== counts[t.name]) throw new Error(`${t.name}: ${counts[t.name]} rows read, ${copied[t.name]} in PostgreSQL; nothing was copied`);
    }
    // Accounts' name skeletons are not copied: the first server to open the target computes them
    // (store/postgres/name-skeletons.ts), as it does after an update of Unicode's table.
    await client.query("DELETE FROM meta WHERE key = 'name_skeletons'");
    await client.query('COMMIT');
    return counts;
  } catch (e) {
    if (began) await client.query('ROLLBACK').catch(() => {});
    throw postgresError(e);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Copies one table's rows in batches; resolves to how many. */
async function copyTable(src: Database.Database, client: pg.Client, t: (typeof COPIED_TABLES)[number]): Promise<number> {
  const booleans = new Set((t.booleans ?? []).map((c) => t.columns.indexOf(c)));
  const into = `INSERT INTO ${t.name} (${t.columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const flush = async (rows: unknown[][]) => {
    if (rows.length === 0) return;
    const n = t.columns.length;
    const values = rows.map((_, r) => `(${t.columns.map((__, c) => `$${r * n + c + 1}`).join(', ')})`).join(', ');
    await client.query(into + values, rows.flat());
  };
  const select = src.prepare(`SELECT ${t.columns.map((c) => `"${c}"`).join(', ')} FROM ${t.name}`).raw(true);
  let batch: unknown[][] = [];
  let count = 0;
  for (const row of select.iterate() as IterableIterator<unknown[]>) {
    batch.push(booleans.size === 0 ? row : row.map((v, i) => (booleans.has(i) && v !== null ? Number(v) !== 0 : v)));
    count++;
    if (batch.length === BATCH) {
      await flush(batch);
      batch = [];
    }
  }
  await flush(batch);
  return count;
}
