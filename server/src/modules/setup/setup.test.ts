import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient, startServer } from '../../scale-out/processes.ts';
import { createServerDatabase } from '../../test/build.ts';
import { runCli } from '../../test/cli.ts';

/**
 * `npm run setup` as an installer runs it (docs/decisions/0084-first-start-by-a-setup-command.md): a
 * child process on an empty embedded database and on an empty PostgreSQL one, then a real server
 * on the same data, signed in to over HTTP.
 */
const cli = path.resolve(import.meta.dirname, 'setup.cli.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-setup-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const runSetup = (env: Record<string, string>, args: string[] = [], input = '') =>
  runCli(cli, args, env, { input });

async function signIn(env: Record<string, string>, port: number, username: string, password: string) {
  const server = await startServer({ port, env });
  cleanups.push(() => server.stop());
  const client = new HttpClient(server.base);
  expect(await client.login(username, password)).toBe(200);
  return { server, client };
}

const supplier = {
  name: 'Dřevo Vysočina s.r.o.',
  bank_account: '35-1154780008',
  bank_code: '0800',
  ico: '25596641',
  dic: '',
  vat_payer: false,
  full_address: 'Lesní 318',
  town: 'Třebíč',
  zip_code: '67401',
};
const warehouse = {
  name: 'Třebíč',
  address: 'Lesní 318',
  town: 'Třebíč',
  zip: '674 01',
  country: 'Česká republika',
  lat: 49.215,
  lon: 15.88,
};

/** The supplier and the warehouse the setup was given, each once, read through the API. */
async function expectMadeOnce(client: HttpClient) {
  const suppliers = (await client.get('/api/suppliers')).json<{
    items: { name: string; ico: string; bank_account: string }[];
  }>();
  expect(suppliers.items).toMatchObject([
    { name: supplier.name, ico: supplier.ico, bank_account: supplier.bank_account },
  ]);
  const warehouses = (await client.get('/api/warehouses?per_page=10&current_page=1')).json<{
    items: { name: string }[];
  }>();
  expect(warehouses.items.map((w) => w.name)).toEqual([warehouse.name]);
}

describe('npm run setup on the embedded database', () => {
  const env = { DATA_DIR: path.join(tmp, 'embedded') };

  it('refuses a password on the command line and writes nothing', async () => {
    const run = await runSetup(env, ['--username', 'boss', '--password', 'secret-pass-1']);
    expect(run.code).toBe(1);
    expect(run.out).toContain('never given on the command line');
    expect(fs.existsSync(path.join(env.DATA_DIR, 'pgdata'))).toBe(false);
  });

  it('asks for the owner, a supplier and a warehouse, then the owner signs in', async () => {
    const answers = [
      'boss',
      'Jana',
      'Nováková',
      'jana@example.cz',
      '603 791 074',
      // Too short for the user form, then two that differ, then the agreed one.
      'short',
      'secret-pass-1',
      'secret-pass-2',
      'secret-pass-1',
      'secret-pass-1',
      'y',
      supplier.name,
      supplier.bank_account,
      supplier.bank_code,
      // An IČO with a wrong check digit is asked again.
      '25596642',
      '',
      'n',
      supplier.full_address,
      supplier.town,
      supplier.zip_code,
      '',
      '',
      '',
      '25596641',
      'n',
      'y',
      warehouse.name,
      warehouse.address,
      warehouse.town,
      warehouse.zip,
      '',
      '49,215',
      '15.88',
      'n',
      'y',
    ];
    const run = await runSetup(env, [], `${answers.join('\n')}\n`);
    expect(run.out).toContain('Owner "boss" created');
    expect(run.code).toBe(0);
    expect(run.out).toContain('The password is refused');
    expect(run.out).toContain('The two passwords differ');
    expect(run.out).toMatch(/ico: ico_check_digit|ico: /);
    expect(run.out).not.toContain('secret-pass-1');

    const again = await runSetup(env, ['--username', 'other', '--first-name', 'A', '--last-name', 'B'], '');
    expect(again.code).toBe(3);
    expect(again.out).toContain('An owner exists already');

    const { server, client } = await signIn(env, 3621, 'boss', 'secret-pass-1');
    const me = (await client.get('/api/auth/user')).json<{
      user: { username: string; functions: { name: string }[]; must_change_password: boolean };
    }>().user;
    expect(me.username).toBe('boss');
    expect(me.functions.map((f) => f.name)).toEqual(['owner']);
    expect(me.must_change_password).toBe(false);
    await expectMadeOnce(client);
    await server.stop();
  }, 240_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run setup on PostgreSQL', () => {
  it('takes a plan file and SETUP_OWNER_PASSWORD; a refused plan writes nothing', async () => {
    const database = await createServerDatabase(process.env.TEST_DATABASE_URL!, undefined);
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, DATA_DIR: path.join(tmp, 'postgres') };
    const owner = { username: 'majitel', first_name: 'Petr', last_name: 'Dvořák' };
    const planFile = path.join(tmp, 'plan.json');

    fs.writeFileSync(
      planFile,
      JSON.stringify({ owner, suppliers: [{ ...supplier, ico: '25596642' }], warehouses: [warehouse] }),
    );
    const refused = await runSetup({ ...env, SETUP_OWNER_PASSWORD: 'secret-pass-1' }, ['--plan', planFile]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('suppliers.0.ico');

    const noPassword = await runSetup(env, ['--username', 'majitel']);
    expect(noPassword.code).toBe(1);
    expect(noPassword.out).toContain('SETUP_OWNER_PASSWORD');

    fs.writeFileSync(planFile, JSON.stringify({ owner, suppliers: [supplier], warehouses: [warehouse] }));
    const run = await runSetup({ ...env, SETUP_OWNER_PASSWORD: 'secret-pass-1' }, ['--plan', planFile]);
    expect(run.out).toContain('Owner "majitel" created');
    expect(run.code).toBe(0);

    const again = await runSetup({ ...env, SETUP_OWNER_PASSWORD: 'secret-pass-1' }, ['--plan', planFile]);
    expect(again.code).toBe(3);

    const { server, client } = await signIn(env, 3622, 'majitel', 'secret-pass-1');
    const users = (await client.get('/api/users?per_page=50&current_page=1')).json<{
      items: { username: string }[];
    }>();
    expect(users.items.map((u) => u.username)).toEqual(['majitel']);
    await expectMadeOnce(client);
    await server.stop();
  }, 240_000);
});
