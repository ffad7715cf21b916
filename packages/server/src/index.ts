export { startServer, type ParlorServer, type StartOptions } from './app.js';
export { type Clock, TestClock, systemClock } from './clock.js';
export { configFromEnv, type ServerConfig } from './config.js';
export { main } from './main.js';
export { SqliteStore } from './store/sqlite.js';
export type { Store, TableRow, GameRow, ActionRow, PlayerRow, SeatRow } from './store/store.js';
export { StoreUnavailable } from './store/store.js';
export { exportGame, type GameExport } from './export.js';
export { commitmentOf, hashToken, cleanName } from './identity.js';
