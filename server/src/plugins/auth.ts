import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RouteKey } from '@letokruh/contracts/access';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Access, isAllowed, type SessionUser } from './access.ts';
import { AppError } from './errors.ts';
import type { SessionCache } from './session-cache.ts';
import { deleteSession, findSession, insertSession, type SessionRow, touchSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions this process read (plugins/session-cache.ts). */
    sessions: SessionCache;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The endpoint of contracts' table the route was registered from (plugins/endpoint.ts). */
    endpoint?: RouteKey;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export const sessionCookie = 'sessionid';
export const csrfCookie = 'csrftoken_new';
const csrfHeader = 'x-csrftoken';
/** Methods that may change data: CSRF-checked here, audited by the audit module. */
export const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The route key of the request as the framework matched it (`GET /api/order/add`), and whether
 * the request may have written: an unsafe method or one of domain.md's writing GETs.
 */
export const routeKeyOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;
export const mayWrite = (request: FastifyRequest, writingGets: Set<string>) =>
  unsafeMethods.has(request.method) || writingGets.has(routeKeyOf(request));
const touchEveryMs = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The CSRF token of a logged-in browser is bound to its session: `nonce.mac`, the mac an HMAC of
 * the nonce keyed by the session token (which only the server and the HttpOnly cookie know). A
 * token made for another session, or before login, is refused; an anonymous caller (login) needs
 * only the double submit. A new token is set at login and whenever the cookie does not fit.
 */
const bindToken = (nonce: string, sessionToken: string) =>
  `${nonce}.${createHmac('sha256', sessionToken).update(nonce).digest('base64url')}`;
const isBoundTo = (token: string, sessionToken: string) => {
  const nonce = token.split('.')[0] ?? '';
  return token.includes('.') && sameToken(token, bindToken(nonce, sessionToken));
};

function setCsrfCookie(app: FastifyInstance, reply: FastifyReply, sessionToken: string | null): string {
  const nonce = randomBytes(32).toString('base64url');
  const token = sessionToken ? bindToken(nonce, sessionToken) : nonce;
  reply.setCookie(csrfCookie, token, {
    path: '/',
    sameSite: 'lax',
    secure: app.ctx.config.cookieSecure,
    httpOnly: false,
    maxAge: 365 * 24 * 3600,
  });
  return token;
}

/**
 * A browser names the page that sent an unsafe call in Origin (or at least Referer). It has to be
 * the app's own: the host the request was sent to (Host, or X-Forwarded-Host with TRUST_PROXY),
 * or one of PUBLIC_ORIGIN. A call without either header is not a browser's cross-site call.
 */
function isOwnOrigin(request: FastifyRequest, publicOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  if (origin === undefined && referer === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin ?? referer ?? '');
  } catch {
    return false; // "null" (a sandboxed or privacy-stripped page) and anything unreadable
  }
  if (publicOrigins.includes(url.origin)) return true;
  return url.host.toLowerCase() === request.host.toLowerCase();
}

/**
 * Sessions, CSRF and the access rule of every route, all before the body is parsed:
 * an anonymous or unauthorised caller learns nothing from validation messages.
 *
 * What a request needs is read from the route Fastify matched (its `config.access`), never from
 * the spelling of the URL: `/%61pi/users` and `/api/users` match the same route and meet the same
 * rule. A matched route that declares no rule is refused (default deny); only the not-found
 * handler, which holds no data, runs without one.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionCache, writingGets: Set<string>): void {
  const { config } = app.ctx;
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // A write may have ended a session or changed a user (deny by default: any write, refused or not):
  // the kept sessions are forgotten before its answer leaves (plugins/session-cache.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (mayWrite(request, writingGets)) sessions.forget();
    return payload;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = request.routeOptions.config?.access;
    if (access === undefined) {
      request.log.error({ route: request.routeOptions.url }, 'route declares no access rule: refused');
      throw new AppError(403, ErrorCode.accessDenied, 'Access denied');
    }
    if (access === 'asset') return; // a file of the built web app: no session, no cookies
    const sessionToken = await loadUser(app, request, reply);
    const cookie = request.cookies[csrfCookie];
    const cookieFits = !!cookie && (sessionToken === null || isBoundTo(cookie, sessionToken));
    if (!cookieFits) setCsrfCookie(app, reply, sessionToken);
    if (unsafeMethods.has(request.method)) {
      const sent = request.headers[csrfHeader];
      if (typeof sent !== 'string' || !cookie || !cookieFits || !sameToken(sent, cookie)) {
        throw new AppError(403, ErrorCode.csrfFailed, 'CSRF token missing or wrong');
      }
      if (!isOwnOrigin(request, config.publicOrigins)) {
        throw new AppError(403, ErrorCode.csrfFailed, 'Cross-origin request refused');
      }
    }
    if (access === 'public') return;
    const user = request.user;
    if (!user) throw new AppError(401, ErrorCode.notLoggedIn, 'Not logged in');
    if (user.mustChangePassword && access !== 'self') {
      throw new AppError(403, ErrorCode.passwordChangeRequired, 'The password must be changed first');
    }
    if (!isAllowed(access, user)) throw new AppError(403, ErrorCode.accessDenied, 'Access denied');
  });
}

/** Whether a stored session no longer lets its holder in: expired, idle too long, or its user inactive. */
export const sessionEnded = (row: SessionRow, now: number, idleMs: number) =>
  row.expires_at.getTime() <= now || row.last_seen_at.getTime() + idleMs <= now || !row.is_active;

/** The user a valid session stands for, as the guard and the handlers see them. */
export const sessionUserOf = (row: SessionRow): SessionUser => ({
  id: row.user_id,
  username: row.username,
  functions: row.functions,
  permissions: new Set(row.permissions),
  mustChangePassword: row.must_change_password,
});

/** Loads the session's user; answers the session token when the session is valid. */
async function loadUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const token = request.cookies[sessionCookie];
  if (!token) return null;
  const { db, config } = app.ctx;
  const id = hashToken(token);
  const now = Date.now();
  const ended = (r: SessionRow) => sessionEnded(r, now, config.sessionIdleMs);
  let { row, kept } = await app.sessions.find(id, () => findSession(db, id));
  // Ended as kept: perhaps touched or changed by another process since; the database decides.
  if (row && kept && ended(row)) {
    app.sessions.forget(id);
    row = await findSession(db, id);
  }
  if (!row || ended(row)) {
    if (row) await dropSession(app, id);
    reply.clearCookie(sessionCookie, { path: '/' });
    return null;
  }
  if (now - row.last_seen_at.getTime() > touchEveryMs) {
    await touchSession(db, id);
    app.sessions.touched(id, new Date(now));
  }
  request.sessionId = id;
  request.user = sessionUserOf(row);
  return token;
}

/** Ends a stored session: gone from the database and from what this process keeps. */
async function dropSession(app: FastifyInstance, id: string): Promise<void> {
  await deleteSession(app.ctx.db, id);
  app.sessions.forget(id);
}

/**
 * A new session of the user stored (a fresh random token, kept by its hash; it ends after the
 * configured maximum): answers the token, the session cookie's value.
 */
export async function storeNewSession(
  app: FastifyInstance,
  userId: number,
  from: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(app.ctx.db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + app.ctx.config.sessionMaxMs),
    ip: from.ip,
    userAgent: from.userAgent.slice(0, 500),
  });
  return token;
}

/** Starts a new session (a fresh id and CSRF token at every login) and drops the one the browser had. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const { config } = app.ctx;
  const previous = request.cookies[sessionCookie];
  if (previous) await dropSession(app, hashToken(previous));
  const token = await storeNewSession(app, userId, {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  reply.setCookie(sessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: Math.floor(config.sessionMaxMs / 1000),
  });
  setCsrfCookie(app, reply, token);
}

/**
 * The browser's sign-in device cookie (decision 0002): a random token set at a successful login, kept
 * `maxDays`; a username that signed in with it before passes the per-address and per-account limits
 * meant for strangers. Answers the token's hash (a new token when the browser brought none).
 */
export const deviceCookie = 'letokruh_device';
export function deviceOf(request: FastifyRequest): { token: string; hash: string } {
  const brought = request.cookies[deviceCookie];
  const token =
    brought && /^[A-Za-z0-9_-]{43}$/.test(brought) ? brought : randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export function setDeviceCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  token: string,
  maxDays: number,
): void {
  reply.setCookie(deviceCookie, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.ctx.config.cookieSecure,
    maxAge: maxDays * 24 * 3600,
  });
}

export async function endSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[sessionCookie];
  if (token) await dropSession(app, hashToken(token));
  reply.clearCookie(sessionCookie, { path: '/' });
}
