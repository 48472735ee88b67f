import { buildApp } from './app.ts';
import { appJobs } from './app-jobs.ts';
import { loadConfig } from './config.ts';
import { demoUsers } from './db/seed/users.ts';
import { startDatabase } from './db/start.ts';
import { startJobs } from './plugins/jobs.ts';
import { storageFor } from './plugins/storage.ts';

const config = loadConfig();
const database = await startDatabase(config, console);
const storage = storageFor(config);
const app = await buildApp({
  context: { config, db: database.db, readDb: database.readDb, listen: database.listen, storage },
  logger: { level: config.logLevel },
});
// Stale drafts (decision 0030), expired sessions and old sign-in counters: each job runs once per period
// for all server processes together (decision 0045, plugins/jobs.ts).
const stopJobs = startJobs(database.db, appJobs({ config, db: database.db, storage }), app.log);

/** A request that never ends would keep `app.close()` waiting: the process ends after this anyway. */
const shutdownGraceMs = 10_000;
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ signal, graceMs: shutdownGraceMs }, 'requests still open: exiting without them');
    process.exit(1);
  }, shutdownGraceMs).unref();
  stopJobs();
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
  `Database: ${database.engine === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL server'}${config.databaseReadUrl ? ' with a read replica' : ''}`,
);
console.log(`Files: ${config.fileStore === 's3' ? `S3 bucket ${config.s3.bucket}` : 'on disk'}`);
console.log(`Demo accounts (password "demo"): ${demoUsers.map((u) => u.username).join(', ')}\n`);
