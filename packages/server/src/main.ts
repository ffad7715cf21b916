import { configFromEnv } from './config.js';
import { startServer } from './app.js';
import { describeDb } from './store/open.js';

/** `npm start` / `parlor serve`: the server from the environment; stops cleanly on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  const config = configFromEnv();
  const server = await startServer(config);
  server.app.log.info(`Parlor is open at ${server.url} (database ${describeDb(config.dbPath)}${config.redisUrl === null ? '' : ', one process of a cluster'})`);
  const stop = async (signal: string) => {
    server.app.log.info(`${signal}: closing`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
