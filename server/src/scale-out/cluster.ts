import pg from 'pg';
import { type PostgresCluster, postgresCluster } from '../../../scripts/postgres.mjs';
import { openDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed/index.ts';

/** A throw-away cluster a test can stop and start again, or crash (scripts/postgres.mjs). */
export type Cluster = PostgresCluster;

export { postgresInstalled } from '../../../scripts/postgres.mjs';

/**
 * A cluster on `port` in a new folder. Durable: the fsyncs a power cut needs (a commit is in the
 * WAL before it is acknowledged either way, so a crash of PostgreSQL alone loses nothing).
 */
export const startCluster = (port: number, options: { durable?: boolean } = {}): Cluster =>
  postgresCluster(port, { ...options, settings: '-c max_connections=100' });

/** A new database on the cluster, migrated and holding the demo data (accounts, warehouses …). */
export async function createDemoDatabase(cluster: Cluster, name = 'letokruh'): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = cluster.urlOf(name);
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  return url;
}
