import { COPIED_TABLES, CopyRefused, StoreUnavailable, copySqliteToPostgres, describeDb, isPostgresUrl } from '@parlor/server/store';
import { UsageError } from './arguments.js';

/**
 * `parlor db copy <sqlite-file> <postgres-url>`: moves a server from SQLite to PostgreSQL
 * (docs/operations.md, "Moving from SQLite to PostgreSQL"). Copies every row of the stopped
 * server's SQLite database into an empty PostgreSQL database, migrated to the latest schema first,
 * in one transaction; prints what it copied. Resolves to 0 when everything was copied, 1 when the
 * copy was refused or failed (nothing was written); a target that is not a PostgreSQL URL is a
 * usage error (2).
 */
export async function dbCopyCommand(sqlitePath: string, url: string, print: (line: string) => void, warn: (line: string) => void): Promise<number> {
  if (!isPostgresUrl(url)) throw new UsageError(`the target must be a postgres:// or postgresql:// URL, not "${describeDb(url).slice(0, 200)}"`);
  if (isPostgresUrl(sqlitePath)) throw new UsageError('the source must be a SQLite file (the copy goes from SQLite to PostgreSQL)');
  print(`copying ${sqlitePath} into ${describeDb(url)} …`);
  try {
    const { schema, counts } = await copySqliteToPostgres(sqlitePath, url);
    const width = Math.max(...COPIED_TABLES.map((t) => t.name.length));
    for (const t of COPIED_TABLES) print(`  ${t.name.padEnd(width)}  ${String(counts[t.name] ?? 0).padStart(9)}`);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    print(`copied ${total} rows (schema ${schema}) in one transaction; start the server with PARLOR_DB set to that URL`);
    return 0;
  } catch (e) {
    if (e instanceof CopyRefused) warn(`parlor db copy: refused: ${e.message}. Nothing was written.`);
    else if (e instanceof StoreUnavailable) warn(`parlor db copy: ${e.message}. Nothing was written.`);
    else warn(`parlor db copy: failed: ${e instanceof Error ? e.message : String(e)}. Nothing was written.`);
    return 1;
  }
}
