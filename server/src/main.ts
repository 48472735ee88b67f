import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { demoUsers } from './db/seed/users.ts';
import { startDatabase } from './db/start.ts';
import { startDraftSweeper } from './modules/orders/drafts.service.ts';
import { diskStorage } from './plugins/storage.ts';

const config = loadConfig();
const database = await startDatabase(config, console);
const storage = diskStorage(path.join(config.dataDir, 'files'));
const app = await buildApp({
  context: { config, db: database.db, storage },
  logger: { level: config.logLevel },
});
// Issue 14: drafts untouched for 7 days go, swept now and hourly by every process (one at a time).
const stopSweeper = startDraftSweeper(database.db, storage, app.log);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  stopSweeper();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/`;
console.log(`\nLetokruh is running at ${address}`);
console.log(
  `Database: ${database.engine === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL server'}`,
);
console.log(`Demo accounts (password "demo"): ${demoUsers.map((u) => u.username).join(', ')}\n`);
