import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { createUser } from '../db/seed/users.ts';
import { anonymous, type BuiltTestApp, buildTestApp, type TestApp } from '../test/build.ts';

// Decision 0020: argon2id with at least 19 MiB and 2 passes (OWASP's floor); at most 100 failed
// logins per hour for one account.
let t: BuiltTestApp;
let app: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
});
afterAll(() => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db, query);

/** `$argon2id$v=19$m=65536,t=3,p=4$salt$hash` → its variant and parameters. */
function parseArgon2(hash: string) {
  const [, variant, , params] = hash.split('$');
  const values = Object.fromEntries((params ?? '').split(',').map((kv) => kv.split('=')));
  return { variant, memoryKiB: Number(values.m), passes: Number(values.t) };
}

describe('stored password hashes', () => {
  it('are argon2id with at least 19 MiB and 2 passes, for every demo user', async () => {
    const hashes = await rows<{ username: string; password_hash: string }>(
      sql`select username, password_hash from users`,
    );
    expect(hashes.length).toBeGreaterThanOrEqual(5);
    for (const { username, password_hash } of hashes) {
      const p = parseArgon2(password_hash);
      expect(p.variant, username).toBe('argon2id');
      expect(p.memoryKiB, username).toBeGreaterThanOrEqual(19 * 1024);
      expect(p.passes, username).toBeGreaterThanOrEqual(2);
    }
  });

  it('a hash made with weaker settings is replaced at the next login, the version untouched', async () => {
    const weak = await argon2.hash('demo', { type: argon2.argon2i, memoryCost: 4096, timeCost: 1 });
    await createUser(db, { username: 'legacy' });
    await db.execute(sql`update users set password_hash = ${weak} where username = 'legacy'`);
    const [before] = await rows<{ version: number }>(
      sql`select version from users where username = 'legacy'`,
    );

    const c = await anonymous(app);
    const response = await c.post('/api/auth/login', { username: 'legacy', password: 'demo' });
    expect(response.statusCode, response.body).toBe(200);

    const [after] = await rows<{ password_hash: string; version: number }>(
      sql`select password_hash, version from users where username = 'legacy'`,
    );
    const p = parseArgon2(after!.password_hash);
    expect(p.variant).toBe('argon2id');
    expect(p.memoryKiB).toBeGreaterThanOrEqual(19 * 1024);
    expect(after!.version).toBe(before!.version);
    expect(await argon2.verify(after!.password_hash, 'demo')).toBe(true);
  });
});

// The failed-login limits (100 guesses an hour at one account among them, decision 0002) are tested
// with real parallelism in login-attack.test.ts.
