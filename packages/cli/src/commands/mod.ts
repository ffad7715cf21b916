import { configFromEnv, nameKey } from '@parlor/server';
import { StoreUnavailable, describeDb, openStore } from '@parlor/server/store';

/**
 * `parlor mod grant <name>`, `parlor mod revoke <name>`, `parlor mod list`: the operator names the
 * moderators (docs/api.md, "Reports and moderation"), on the server's database (`--db`, or PARLOR_DB
 * as the server reads it; a running server sees the change at its next request). A moderator is an
 * account, named as it signs in. Resolves to 0 when done, 1 when refused (no such account, already
 * one or not one) or the database could not be reached.
 */
export async function modCommand(what: 'grant' | 'revoke' | 'list', name: string | undefined, db: string | undefined,
  print: (line: string) => void, warn: (line: string) => void, now: () => number = Date.now): Promise<number> {
  const where = db ?? configFromEnv(process.env).dbPath;
  let store;
  try {
    store = await openStore(where);
  } catch (e) {
    warn(`parlor mod: cannot open ${describeDb(where)}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  try {
    if (what === 'list') {
      const mods = await store.moderation.moderators();
      if (mods.length === 0) print('no moderators');
      for (const m of mods) print(`${(await store.playerById(m.playerId))?.name ?? m.playerId}  since ${new Date(m.grantedAt).toISOString()}`);
      return 0;
    }
    const account = await store.accountByKey(nameKey(name ?? ''));
    if (account === null) {
      warn(`parlor mod ${what}: no account is named "${name ?? ''}".`);
      return 1;
    }
    if (what === 'grant') {
      if (!await store.moderation.grantModerator(account.playerId, 'operator', now())) {
        warn(`parlor mod grant: ${account.name} is a moderator already.`);
        return 1;
      }
      print(`${account.name} is a moderator now: their page /mod lists the open reports.`);
      return 0;
    }
    if (!await store.moderation.revokeModerator(account.playerId)) {
      warn(`parlor mod revoke: ${account.name} is not a moderator.`);
      return 1;
    }
    print(`${account.name} is no longer a moderator (their past actions stay in the log).`);
    return 0;
  } catch (e) {
    warn(`parlor mod: ${e instanceof StoreUnavailable ? e.message : e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await store.close();
  }
}
