import type { DbOrTx } from '../client.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCustomers } from './customers.ts';
import { seedOrders } from './orders.ts';
import { seedPermissions } from './reference.ts';
import { seedReferenceData, seedVacations } from './reference-data.ts';
import { seedTransportations } from './transportations.ts';
import { seedDemoUsers } from './users.ts';
import { seedWarehouses } from './warehouses.ts';

/** Deterministic demo data: the same rows every time, safe to run on a seeded database. */
export async function seedDemo(db: DbOrTx): Promise<void> {
  await seedPermissions(db);
  await seedDemoUsers(db);
  await seedWarehouses(db);
  await seedCatalogue(db);
  await seedCustomers(db);
  await seedReferenceData(db);
  await seedVacations(db);
  await seedOrders(db);
  await seedTransportations(db);
}
