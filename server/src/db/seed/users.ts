import type { FunctionName } from '@letokruh/contracts/permissions';
import { normalizePhone } from '@letokruh/contracts/rules/phone-number';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../plugins/password.ts';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';

export type UserSeed = {
  username: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  functions?: FunctionName[];
  maximum_order_count?: number | null;
  is_active?: boolean;
};

let counter = 0;

/** Test factory with overrides; the demo seed uses it too (epic-stack habit). */
export async function createUser(
  db: DbOrTx,
  overrides: UserSeed = { username: '' },
): Promise<{ id: number }> {
  counter += 1;
  const username = overrides.username || `user${counter}_${Date.now().toString(36)}`;
  const [row] = await db
    .insert(s.users)
    .values({
      username,
      passwordHash: await hashPassword(overrides.password ?? 'demo'),
      firstName: overrides.first_name ?? 'Test',
      lastName: overrides.last_name ?? `User ${counter}`,
      email: overrides.email ?? `${username}@example.cz`,
      // Decision 0040: users' phones are stored in E.164, as the API stores them.
      phone: overrides.phone ? (normalizePhone(overrides.phone, '+420') ?? overrides.phone) : '',
      isActive: overrides.is_active ?? true,
      maximumOrderCount: overrides.maximum_order_count ?? null,
    })
    .returning({ id: s.users.id });
  if (!row) throw new Error('user insert returned nothing');
  const fns = overrides.functions ?? [];
  if (fns.length > 0) {
    const rows = await db
      .select({ id: s.functions.id })
      .from(s.functions)
      .where(inArray(s.functions.name, fns));
    await db.insert(s.userFunctions).values(rows.map((f) => ({ userId: row.id, functionId: f.id })));
  }
  return row;
}

/** One demo user per function, password "demo". */
export const demoUsers: (UserSeed & { username: string })[] = [
  { username: 'owner', first_name: 'Petr', last_name: 'Dvořák', functions: ['owner'], phone: '603111222' },
  {
    username: 'dispatcher',
    first_name: 'Jana',
    last_name: 'Nováková',
    functions: ['dispatcher'],
    phone: '603222333',
  },
  {
    username: 'technician',
    first_name: 'Tomáš',
    last_name: 'Svoboda',
    functions: ['technical_specialist'],
    maximum_order_count: 8,
  },
  { username: 'warehouseman', first_name: 'Karel', last_name: 'Procházka', functions: ['warehouseman'] },
  { username: 'driver', first_name: 'Josef', last_name: 'Černý', functions: ['driver'], phone: '603444555' },
];

export async function seedDemoUsers(db: DbOrTx): Promise<void> {
  for (const user of demoUsers) {
    const existing = await db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(sql`lower(${s.users.username})`, user.username));
    if (existing.length === 0) await createUser(db, { ...user, email: `${user.username}@letokruh.cz` });
  }
}
