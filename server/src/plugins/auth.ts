import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteSession, findSession, insertSession, touchSession } from '../modules/auth/auth.queries.ts';
import { type Access, isAllowed, type SessionUser } from './access.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export const sessionCookie = 'sessionid';
export const csrfCookie = 'csrftoken_new';
const csrfHeader = 'x-csrftoken';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const touchEveryMs = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Sessions, CSRF and the access rule of every route, all before the body is parsed:
 * an anonymous or unauthorised caller learns nothing from validation messages.
 */
export function registerAuth(app: FastifyInstance): void {
  const { config } = app.ctx;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    let csrf = request.cookies[csrfCookie];
    if (!csrf) {
      csrf = randomBytes(32).toString('base64url');
      reply.setCookie(csrfCookie, csrf, {
        path: '/',
        sameSite: 'lax',
        secure: config.cookieSecure,
        httpOnly: false,
        maxAge: 365 * 24 * 3600,
      });
    }
    const access = request.routeOptions.config?.access;
    if (!access) return; // unknown route: the not-found handler answers
    if (unsafeMethods.has(request.method)) {
      const sent = request.headers[csrfHeader];
      if (
        typeof sent !== 'string' ||
        !request.cookies[csrfCookie] ||
        !sameToken(sent, request.cookies[csrfCookie])
      ) {
        throw new AppError(403, ErrorCode.csrfFailed, 'CSRF token missing or wrong');
      }
    }
    await loadUser(app, request, reply);
    if (access === 'public') return;
    const user = request.user;
    if (!user) throw new AppError(401, ErrorCode.notLoggedIn, 'Not logged in');
    if (user.mustChangePassword && access !== 'self') {
      throw new AppError(403, ErrorCode.passwordChangeRequired, 'The password must be changed first');
    }
    if (!isAllowed(access, user)) throw new AppError(403, ErrorCode.accessDenied, 'Access denied');
  });
}

async function loadUser(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[sessionCookie];
  if (!token) return;
  const { db, config } = app.ctx;
  const id = hashToken(token);
  const row = await findSession(db, id);
  const now = Date.now();
  const expired =
    row &&
    (row.expires_at.getTime() <= now ||
      row.last_seen_at.getTime() + config.sessionIdleMs <= now ||
      !row.is_active);
  if (!row || expired) {
    if (row) await deleteSession(db, id);
    reply.clearCookie(sessionCookie, { path: '/' });
    return;
  }
  if (now - row.last_seen_at.getTime() > touchEveryMs) await touchSession(db, id);
  request.sessionId = id;
  request.user = {
    id: row.user_id,
    username: row.username,
    functions: row.functions,
    permissions: new Set(row.permissions),
    mustChangePassword: row.must_change_password,
  };
}

/** Starts a new session (a fresh id at every login) and drops the one the browser had. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const { db, config } = app.ctx;
  const previous = request.cookies[sessionCookie];
  if (previous) await deleteSession(db, hashToken(previous));
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + config.sessionMaxMs),
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
  });
  reply.setCookie(sessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: Math.floor(config.sessionMaxMs / 1000),
  });
}

export async function endSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[sessionCookie];
  if (token) await deleteSession(app.ctx.db, hashToken(token));
  reply.clearCookie(sessionCookie, { path: '/' });
}
