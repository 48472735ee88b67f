import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type BuildOptions, buildApp, type RegisteredRoute } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Db, newPglite, openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { sessionCookie, storeNewSession } from '../plugins/auth.ts';
import { storageFor } from '../plugins/storage.ts';
import { createServerDatabase } from './server-database.ts';

export { createServerDatabase };

export type TestApp = FastifyInstance & { routesSeen: RegisteredRoute[] };

export type BuiltTestApp = {
  app: TestApp;
  db: Db;
  /** Where the app keeps its data (files under `files/`); removed by close(). */
  dataDir: string;
  /** Closes the app and the database, drops the test database and removes the temp folder. */
  close(): Promise<void>;
};

/**
 * Builds the app on a fresh, migrated database with the demo data (fastify/demo's `build(t)`):
 * a new database on the PostgreSQL server of TEST_DATABASE_URL when set, otherwise in-memory
 * PGlite. `env` overrides configuration variables (e.g. BODY_LIMIT_BYTES).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'observeHandlers' | 'liveHeartbeatMs' | 'logger'> = {},
): Promise<BuiltTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-test-'));
  // Whatever was opened is closed again, also when building fails half-way.
  const cleanups: (() => Promise<unknown>)[] = [() => fs.rm(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const adminUrl = process.env.TEST_DATABASE_URL;
    // The run's migrated, seeded database (test/template.ts), when this file runs under it.
    const template = inject('dbTemplate');
    const serverDb = adminUrl
      ? await createServerDatabase(adminUrl, template?.engine === 'postgres' ? template.name : undefined)
      : undefined;
    if (serverDb) cleanups.push(() => serverDb.drop());
    const config = loadConfig({
      DATA_DIR: dataDir,
      // A folder without index.html: the tests see the API without a web build.
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      // light-my-request sends `Host: localhost:80` and the app listens on no port.
      ALLOWED_HOSTS: 'localhost:80',
      ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
      ...env,
    });
    const database = await openDatabase(
      serverDb
        ? { databaseUrl: serverDb.url }
        : template?.engine === 'pglite'
          ? { pglite: newPglite(undefined, new Blob([await fs.readFile(template.file)])) }
          : { inMemory: true },
    );
    cleanups.push(() => database.close());
    const copied = serverDb ? template?.engine === 'postgres' : template?.engine === 'pglite';
    if (!copied) {
      await database.migrate();
      await seedDemo(database.db);
    }
    const app = await buildApp({
      context: { config, db: database.db, listen: database.listen, storage: storageFor(config) },
      ...options,
    });
    cleanups.push(() => app.close());
    await app.ready();
    return { app, db: database.db, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

type Cookies = Record<string, string>;
type RequestOptions = Omit<InjectOptions, 'method' | 'url' | 'cookies'>;

/** Keeps the cookies the server sets (and clears), like a browser would for one site. */
function keepCookies(jar: Cookies, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    const expired =
      cookie.value === '' || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    if (expired) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
}

export type Client = {
  cookies: Cookies;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(
    url: string,
    payload?: InjectOptions['payload'],
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  put(
    url: string,
    payload?: InjectOptions['payload'],
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  delete(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
};

/**
 * A browser-like client: carries the cookies (sessionid, csrftoken_new) and sends the
 * X-CSRFTOKEN header taken from the CSRF cookie, as the web app does.
 */
export function client(app: FastifyInstance, cookies: Cookies = {}): Client {
  const jar: Cookies = { ...cookies };
  const request: Client['request'] = async (method, url, options = {}) => {
    const csrf = jar.csrftoken_new;
    const response = await app.inject({
      ...options,
      method,
      url,
      cookies: { ...jar },
      headers: { ...(csrf ? { 'x-csrftoken': csrf } : {}), ...options.headers },
    });
    keepCookies(jar, response);
    return response;
  };
  return {
    cookies: jar,
    request,
    get: (url, options) => request('GET', url, options),
    post: (url, payload, options) => request('POST', url, { ...options, payload }),
    put: (url, payload, options) => request('PUT', url, { ...options, payload }),
    delete: (url, options) => request('DELETE', url, options),
  };
}

/** A client with the CSRF cookie only, as a browser has it after its first call. */
export async function anonymous(app: FastifyInstance, options: RequestOptions = {}): Promise<Client> {
  const c = client(app);
  await c.get('/api/auth/user', options);
  if (!c.cookies.csrftoken_new) throw new Error('the server set no csrftoken_new cookie');
  return c;
}

/**
 * Signs in as a (demo) user through the API, the password checked as at the login form; fails
 * loudly when the login is refused. For the tests of signing in itself: the others use `login`.
 */
export async function loginWithPassword(
  app: FastifyInstance,
  username: string,
  password = 'demo',
  options: RequestOptions = {},
): Promise<SignedIn> {
  const c = await anonymous(app, options);
  const response = await c.post('/api/auth/login', { username, password }, options);
  if (response.statusCode !== 200) {
    throw new Error(`login of ${username} answered ${response.statusCode}: ${response.body}`);
  }
  return Object.assign(c, { user: response.json().user });
}

type SignedIn = Client & { user: { id: number; username: string; permissions: string[] } };

/**
 * A client signed in as an active (demo) user, for every test but those of signing in: its
 * session is stored by the sign-in's own `storeNewSession` without checking the password, as
 * Django's `force_login` does (decision 0097). Each argon2id check holds a core for a good part of
 * a second (plugins/password.ts), and the suite signs in hundreds of times. The first call
 * then gets the session's CSRF cookie and the user's profile, as the web app's first call does.
 */
export async function login(
  app: FastifyInstance,
  username: string,
  options: RequestOptions = {},
): Promise<SignedIn> {
  const [user] = await app.ctx.db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.username, username));
  if (!user?.isActive) throw new Error(`no active user ${username} to sign in`);
  const token = await storeNewSession(app, user.id, { ip: '127.0.0.1', userAgent: 'lightMyRequest' });
  const c = client(app, { [sessionCookie]: token });
  const response = await c.get('/api/auth/user', options);
  if (response.statusCode !== 200 || !c.cookies.csrftoken_new) {
    throw new Error(`the session of ${username} answered ${response.statusCode}: ${response.body}`);
  }
  return Object.assign(c, { user: response.json().user });
}

/** The demo users signed in, by username. */
export async function signIn<const N extends string>(
  app: TestApp,
  names: readonly N[],
): Promise<Record<N, Client>> {
  const clients = await Promise.all(names.map((name) => login(app, name)));
  return Object.fromEntries(names.map((name, i) => [name, clients[i]!])) as unknown as Record<N, Client>;
}

/** A multipart/form-data body with one file part, for app.inject. */
export async function multipart(
  field: string,
  data: Buffer | string,
  filename: string,
  type: string,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
