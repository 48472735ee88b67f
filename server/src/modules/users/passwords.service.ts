import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@letokruh/contracts/errors';
import { formatDateShort } from '@letokruh/contracts/rules/format';
import { type PasswordLinkAnswer, passwordLinkHours, type UserItem } from '@letokruh/contracts/users';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SessionUser } from '../../plugins/access.ts';
import { AppError, badInput } from '../../plugins/errors.ts';
import { hashPassword } from '../../plugins/password.ts';
import { deleteSessionsOfUser } from '../../plugins/sessions.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { unlockSignIn } from '../auth/index.ts';
import * as q from './users.queries.ts';
import { getUser } from './users.service.ts';

/**
 * Passwords of others (docs/decisions/0089-moving-in-orders-files-and-the-rest.md): users brought
 * from the old system have none, and anyone may forget theirs. The owner gives one, which the
 * user must change at the first sign-in, or e-mails a link with which the user chooses their own.
 * Either way the user's sessions end, their sign-in locks are lifted and older links stop working.
 */

const userNotFound = () => new AppError(404, ErrorCode.userNotFound, 'User not found');
const linkInvalid = () =>
  new AppError(400, ErrorCode.passwordLinkInvalid, 'The link is not valid (used, replaced or expired)', [
    'token',
  ]);
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

function notOneself(actor: SessionUser, id: number) {
  // One's own password is changed on the profile, with the current one (domain.md §2.2 Profile).
  if (actor.id === id) throw badInput('Change your own password on your profile', ['id']);
}

/** PUT /user/{id}/password */
export async function setUserPassword(
  db: Db,
  actor: SessionUser,
  id: number,
  password: string,
): Promise<UserItem> {
  notOneself(actor, id);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await q.findUser(tx, id, { lock: true });
    if (!row) throw userNotFound();
    await q.setPasswordHash(tx, id, passwordHash, true);
    await q.deletePasswordLinks(tx, id);
    await deleteSessionsOfUser(tx, id);
    await unlockSignIn(tx, row.username);
    return getUser(tx, id);
  });
}

/** The e-mail: Czech first, English below (the user's language is not known). */
function linkMail(to: string, username: string, link: string, expires: Date) {
  const until = formatDateShort(expires);
  const text = [
    'Dobrý den,',
    '',
    `pro uživatele ${username} je připraveno nastavení hesla do Letokruhu. Heslo si zvolíte zde:`,
    link,
    `Odkaz platí do ${until} (pražského času) a lze jej použít jen jednou.`,
    'Pokud jste o nastavení hesla nežádali, e-mail smažte.',
    '',
    '—',
    '',
    'Hello,',
    '',
    `a password is ready to be set for the user ${username} in Letokruh. Choose your password here:`,
    link,
    `The link works until ${until} (Prague time), once.`,
    'If you did not expect this, delete the e-mail.',
  ].join('\n');
  return {
    to,
    language: 'cs',
    subject: 'Nastavení hesla do Letokruhu / Set your Letokruh password',
    text,
    tag: `password-link-${username}`,
  };
}

/** POST /user/{id}/password_link: the link goes to the user's own e-mail, never to the owner. */
export async function sendPasswordLink(
  db: Db,
  mailer: Mailer,
  actor: SessionUser,
  id: number,
  origin: string,
): Promise<PasswordLinkAnswer> {
  notOneself(actor, id);
  const row = await q.findUser(db, id);
  if (!row) throw userNotFound();
  const to = row.email.trim();
  if (!to) throw new AppError(400, ErrorCode.userHasNoEmail, 'The user has no e-mail address', ['email']);
  if (!row.isActive) throw badInput('The user is deactivated', ['id']);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + passwordLinkHours * 3_600_000);
  await db.transaction(async (tx) => {
    await q.deletePasswordLinks(tx, id);
    await q.insertPasswordLink(tx, { userId: id, tokenHash: digest(token), createdBy: actor.id, expiresAt });
  });
  // The secret travels in the fragment: it is never sent to a server or written to a log.
  const link = `${origin.replace(/\/+$/, '')}/set-password#${token}`;
  try {
    await mailer.send(linkMail(to, row.username, link, expiresAt));
  } catch (error) {
    await q.deletePasswordLinks(db, id);
    throw Object.assign(new AppError(502, ErrorCode.internal, 'The e-mail could not be sent'), {
      cause: error,
    });
  }
  return { sent_to: to, expires_at: expiresAt.toISOString() };
}

/** POST /auth/set_password: the link's user chooses their password; the link is spent. */
export async function usePasswordLink(
  db: Db,
  token: string,
  password: string,
): Promise<{ username: string }> {
  return db.transaction(async (tx) => {
    const link = await q.findLivePasswordLink(tx, digest(token));
    if (!link?.isActive) throw linkInvalid();
    await q.setPasswordHash(tx, link.userId, await hashPassword(password), false);
    await q.deletePasswordLinks(tx, link.userId);
    await deleteSessionsOfUser(tx, link.userId);
    await unlockSignIn(tx, link.username);
    // Nobody is signed in: the row names the link's user as who set it (decision 0089).
    await writeAudit(tx, {
      userId: link.userId,
      entity: 'user',
      entityId: link.userId,
      action: 'set_password',
      method: 'POST',
      path: '/api/auth/set_password',
      details: {},
    });
    return { username: link.username };
  });
}
