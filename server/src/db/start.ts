import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { seedDemo } from './seed/index.ts';

type Log = { log(message: string): void };

/** Opens the database, migrates it and seeds demo data into a new embedded one (domain.md §3.4). */
export async function startDatabase(config: Config, out: Log): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
    pool: {
      size: config.databasePoolSize,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    },
  });
  await database.migrate();
  const seed = config.seedDemo === 'always' || (config.seedDemo === 'auto' && database.created);
  if (seed) {
    out.log('New database: loading demo data…');
    await seedDemo(database.db);
  }
  return database;
}
