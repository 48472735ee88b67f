import type { DbOrTx } from '../client.ts';
import { seedPermissions } from './reference.ts';
import { seedDemoUsers } from './users.ts';

/** Deterministic demo data: the same rows every time, safe to run on a seeded database. */
export async function seedDemo(db: DbOrTx): Promise<void> {
  await seedPermissions(db);
  await seedDemoUsers(db);
}
