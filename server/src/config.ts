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
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  bodyLimit: number;
  uploadLimit: number;
  /** Memory for cached heavy answers (calendar weeks, delivery notes, overviews); 0 turns it off. */
  answerCacheBytes: number;
  webDist: string;
  seedDemo: 'auto' | 'always' | 'never';
  /** SMTP server of outgoing e-mail (smtp://user:pass@host:587); empty: e-mails go to `outboxDir`. */
  smtpUrl: string;
  mailFrom: string;
  /** Where e-mails are written as .eml files when there is no SMTP server. */
  outboxDir: string;
  /** QR e-mails one user may send per clock hour, and one address may receive (issue 13 §4). */
  qrMailLimits: { perUser: number; perRecipient: number };
};

/** Reads and validates the environment once, at start (CONVENTIONS habit 2). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
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
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    answerCacheBytes: e.ANSWER_CACHE_BYTES,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.resolve(e.OUTBOX_DIR || path.join(e.DATA_DIR, 'outbox')),
    qrMailLimits: { perUser: e.QR_MAIL_PER_USER_HOUR, perRecipient: e.QR_MAIL_PER_RECIPIENT_HOUR },
  };
}
