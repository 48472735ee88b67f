import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** Every variable the server reads, with its default; the README lists the same table. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  READ_CONCURRENCY: z.coerce.number().int().min(0).max(1000).optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(30_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  FILE_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().default(''),
  S3_BUCKET: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: bool,
  S3_PREFIX: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24),
  COOKIE_SECURE: bool,
  TRUST_PROXY: bool,
  PUBLIC_ORIGIN: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((u) => new URL(u).origin))),
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, 'host or host:port'))),
  OLD_SYSTEM_URL: z.string().default(''),
  MAP_TILES_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAPS_API_KEY: z.string().default(''),
  MAPS_API_URL: z.url().default('https://api.mapy.cz'),
  FIO_API_URL: z.url().default('https://fioapi.fio.cz/v1/rest'),
  /** 32 bytes in base64 (`openssl rand -base64 32`); empty: a key file in DATA_DIR (decision 0076). */
  BANK_TOKEN_KEY: z
    .string()
    .default('')
    .refine((v) => v === '' || Buffer.from(v, 'base64').length === 32, '32 bytes in base64'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  ANSWER_CACHE_BYTES: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(128 * 1024 * 1024),
  WEB_DIST: z.string().default(''),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  SMTP_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^smtps?:\/\/[^\s]+$/.test(v), 'smtp://… or smtps://…'),
  MAIL_FROM: z.string().trim().min(1).default('Letokruh <noreply@letokruh.example>'),
  OUTBOX_DIR: z.string().default(''),
  QR_MAIL_PER_USER_HOUR: z.coerce.number().int().positive().default(20),
  QR_MAIL_PER_RECIPIENT_HOUR: z.coerce.number().int().positive().default(5),
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A read-only connection (a replica) for the list, calendar and overview queries; unset = the main
   * database. Only with `DATABASE_URL`.
   */
  databaseReadUrl: string | undefined;
  /** Connections one process opens at most (per URL): processes × this ≤ max_connections − reserve. */
  databasePoolSize: number;
  /** PostgreSQL's `statement_timeout` of the app's connections (0 = none). */
  databaseStatementTimeoutMs: number;
  /** How long a query waits for a connection (the server down, the pool busy) before it fails. */
  databaseConnectTimeoutMs: number;
  /** Uploaded files: `DATA_DIR/files` on disk, or an S3-compatible bucket shared by every process. */
  fileStore: 'disk' | 's3';
  s3: {
    endpoint: string | undefined;
    bucket: string;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    /** `bucket` in the path (MinIO, Ceph, s3rver) instead of the host name (AWS). */
    forcePathStyle: boolean;
    /** Keys start with this (one bucket shared by several installations); '' for none. */
    prefix: string;
  };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionIdleMs: number;
  sessionMaxMs: number;
  cookieSecure: boolean;
  /** Believe X-Forwarded-For only behind a proxy we run; else anyone could dodge the login throttle. */
  trustProxy: boolean;
  /** Origins whose pages may make unsafe calls besides the request's own host (CSRF Origin check). */
  publicOrigins: string[];
  /** Extra hosts (`host` or `host:port`) requests may name in Host besides loopback and PUBLIC_ORIGIN. */
  allowedHosts: string[];
  oldSystemUrl: string;
  mapTilesUrl: string;
  /** Key of the maps service (address suggestions); empty: coordinates are typed by hand. */
  mapsApiKey: string;
  mapsApiUrl: string;
  /** Fio banka's REST API (domain.md §2.12); tests point it at a fake on loopback. */
  fioApiUrl: string;
  /** The key that seals Fio tokens at rest; empty: `DATA_DIR/bank-token.key` (decision 0076). */
  bankTokenKey: string;
  bodyLimit: number;
  /** domain.md §3.3 Slow requests: a read unanswered this long is answered 503; 0: never. */
  requestDeadlineMs: number;
  uploadLimit: number;
  /** Memory for cached heavy answers (calendar weeks, delivery notes, overviews); 0 turns it off. */
  answerCacheBytes: number;
  /** Reads answered at once (plugins/admission.ts); writes never wait for them. 0: no limit. */
  readConcurrency: number;
  webDist: string;
  seedDemo: 'auto' | 'always' | 'never';
  /** SMTP server of outgoing e-mail (smtp://user:pass@host:587); empty: e-mails go to `outboxDir`. */
  smtpUrl: string;
  mailFrom: string;
  /** Where e-mails are written as .eml files when there is no SMTP server. */
  outboxDir: string;
  /** QR e-mails one user may send per clock hour, and one address may receive (decision 0022). */
  qrMailLimits: { perUser: number; perRecipient: number };
};

/** Reads and validates the environment once, at start (domain.md §3.4). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET)
    throw new Error('Invalid configuration: FILE_STORE=s3 needs S3_BUCKET');
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new Error('Invalid configuration: DATABASE_READ_URL needs DATABASE_URL');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReadUrl: e.DATABASE_READ_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    fileStore: e.FILE_STORE,
    s3: {
      endpoint: e.S3_ENDPOINT || undefined,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: e.S3_PREFIX,
    },
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    publicOrigins: e.PUBLIC_ORIGIN,
    allowedHosts: e.ALLOWED_HOSTS,
    oldSystemUrl: e.OLD_SYSTEM_URL,
    mapTilesUrl: e.MAP_TILES_URL,
    mapsApiKey: e.MAPS_API_KEY,
    mapsApiUrl: e.MAPS_API_URL,
    fioApiUrl: e.FIO_API_URL,
    bankTokenKey: e.BANK_TOKEN_KEY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    answerCacheBytes: e.ANSWER_CACHE_BYTES,
    // Cores + 1: with it a save no longer queues behind every reader (decision 0062 has the figures).
    readConcurrency: e.READ_CONCURRENCY ?? os.availableParallelism() + 1,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.resolve(e.OUTBOX_DIR || path.join(e.DATA_DIR, 'outbox')),
    qrMailLimits: { perUser: e.QR_MAIL_PER_USER_HOUR, perRecipient: e.QR_MAIL_PER_RECIPIENT_HOUR },
  };
}
