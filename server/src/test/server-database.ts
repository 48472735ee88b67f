import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL server database of its own for one test file or a measurement: `CREATE DATABASE
 * lt_test_<random>` on the server of an admin URL (TEST_DATABASE_URL), dropped again by `drop()`.
 */
export async function createServerDatabase(
  adminUrl: string,
  template: string | undefined,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`drop database if exists ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}
