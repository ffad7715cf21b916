/** The tables this process hosts, as far as the open-page check reads them: each one's watchers (connection id → player id). */
export type WatchedTables = ReadonlyMap<string, { readonly state: { readonly watchers: Readonly<Record<string, string>> } }>;

/**
 * Whether a player has a page open on a table hosted here: one of its watchers is theirs. The
 * process that hosts a table also holds the connections other processes forward to it, so the
 * table's own process (where its notices start) sees every page open on it.
 */
export function openPageOn(tables: WatchedTables): (playerId: string, tableId: string) => boolean {
  return (playerId, tableId) => Object.values(tables.get(tableId)?.state.watchers ?? {}).includes(playerId);
}
