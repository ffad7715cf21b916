import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OfflineRecord } from './record.js';
import type { GameStore } from './table.js';

/**
 * Offline games in this browser's IndexedDB (`parlor-offline`, store `games`, one record a game,
 * keyed by its id): written by the offline worker after every move (table.ts), read by the pages to
 * resume, replay and export them. IndexedDB is the same from the page and from a worker.
 */
interface OfflineDb extends DBSchema {
  games: { key: string; value: OfflineRecord; indexes: { startedAt: string } };
}

let db: Promise<IDBPDatabase<OfflineDb>> | null = null;

function open(): Promise<IDBPDatabase<OfflineDb>> {
  db ??= openDB<OfflineDb>('parlor-offline', 1, {
    upgrade(d) {
      const games = d.createObjectStore('games', { keyPath: 'id' });
      games.createIndex('startedAt', 'startedAt');
    },
  });
  return db;
}

export const offlineGames: GameStore & {
  get(id: string): Promise<OfflineRecord | null>;
  /** Every game kept, newest first. */
  list(): Promise<OfflineRecord[]>;
  delete(id: string): Promise<void>;
} = {
  async put(record) { await (await open()).put('games', record); },
  async get(id) { return (await (await open()).get('games', id)) ?? null; },
  async list() { return (await (await open()).getAllFromIndex('games', 'startedAt')).reverse(); },
  async delete(id) { await (await open()).delete('games', id); },
};
