import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/users.ts';
import {
  anonymous,
  type BuiltTestApp,
  buildTestApp,
  type Client,
  login,
  loginWithPassword,
} from '../../test/build.ts';
import { startSmtp } from '../../test/smtp.ts';

/**
 * Passwords of others (docs/decisions/0089-moving-in-orders-files-and-the-rest.md): the owner
 * gives a user a password to change at the first sign-in, or e-mails a link, through a real SMTP
 * server, with which the user chooses their own; the link works once and expires.
 */
let t: BuiltTestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://sklad.example.cz' });
  owner = await login(t.app, 'owner');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A user as the import brings one: no password that matches anything. */
async function broughtUser(email = '') {
  const username = `novy${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const { id } = await createUser(t.db, { username, email });
  await t.db.execute(sql`update users set password_hash = '!', must_change_password = true where id = ${id}`);
  return { id, username };
}

const signIn = async (username: string, password: string) =>
  (await (await anonymous(t.app)).post('/api/auth/login', { username, password })).statusCode;

const errorOf = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  code: (response.json() as { error_code?: number }).error_code,
});

/** The link of the last e-mail to `to`, and the e-mail's text. */
async function lastLink(to: string) {
  const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  const text = (await simpleParser(mail.raw)).text ?? '';
  const link = /https:\/\/sklad\.example\.cz\/set-password#([A-Za-z0-9_-]{43})/.exec(text);
  if (!link) throw new Error(`no link in: ${text}`);
  return { token: link[1]!, text };
}

describe('the owner gives a user a password', () => {
  it('a password to change at the first sign-in; the user is signed out everywhere', async () => {
    const user = await broughtUser();
    expect(await signIn(user.username, 'docasne-heslo')).toBe(400);
    const answer = await owner.put(`/api/user/${user.id}/password`, { password: 'docasne-heslo' });
    expect(answer.statusCode).toBe(200);
    const session = await loginWithPassword(t.app, user.username, 'docasne-heslo');
    expect(session.user).toMatchObject({ must_change_password: true });
    // A second password given ends the session of the first.
    expect((await owner.put(`/api/user/${user.id}/password`, { password: 'jine-heslo-2' })).statusCode).toBe(
      200,
    );
    expect((await session.get('/api/auth/user')).statusCode).toBe(401);
    expect(await signIn(user.username, 'docasne-heslo')).toBe(400);
    expect(await signIn(user.username, 'jine-heslo-2')).toBe(200);
  });

  it('refuses a short password, oneself, an unknown user, and anyone but an owner', async () => {
    const user = await broughtUser();
    expect(errorOf(await owner.put(`/api/user/${user.id}/password`, { password: 'kratke' }))).toEqual({
      status: 400,
      code: ErrorCode.invalidInput,
    });
    const self = (owner as unknown as { user: { id: number } }).user.id;
    expect((await owner.put(`/api/user/${self}/password`, { password: 'dlouhe-heslo' })).statusCode).toBe(
      400,
    );
    expect(errorOf(await owner.put('/api/user/999999/password', { password: 'dlouhe-heslo' }))).toEqual({
      status: 404,
      code: ErrorCode.userNotFound,
    });
    const dispatcher = await login(t.app, 'dispatcher');
    expect(
      (await dispatcher.put(`/api/user/${user.id}/password`, { password: 'dlouhe-heslo' })).statusCode,
    ).toBe(403);
    expect((await dispatcher.post(`/api/user/${user.id}/password_link`)).statusCode).toBe(403);
    expect(await signIn(user.username, 'dlouhe-heslo')).toBe(400);
  });
});

describe('a link to choose one', () => {
  it('is e-mailed to the user; it sets the password once, and the user keeps it', async () => {
    const user = await broughtUser('novy.ridic@example.cz');
    const sent = await owner.post(`/api/user/${user.id}/password_link`);
    expect(sent.statusCode).toBe(201);
    const { sent_to, expires_at } = sent.json();
    expect(sent_to).toBe('novy.ridic@example.cz');
    const hours = (Date.parse(expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    const { token, text } = await lastLink('novy.ridic@example.cz');
    expect(text).toContain(user.username);
    expect(text).toContain('Odkaz platí do');

    const stranger = await anonymous(t.app);
    const short = await stranger.post('/api/auth/set_password', { token, password: 'kratke' });
    expect(short.statusCode).toBe(400);
    const used = await stranger.post('/api/auth/set_password', { token, password: 'moje-vlastni-heslo' });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ username: user.username });
    // The audit log says who set it, the link's user, and never the password (decision 0089).
    const audit = await owner.get(`/api/audit_log?entity=user&entity_id=${user.id}`);
    const actions = audit
      .json()
      .items.map((row: { action: string; user: { id: number } | null }) => [row.action, row.user?.id]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['set_password', user.id],
        ['password_link', expect.any(Number)],
      ]),
    );
    expect(audit.body).not.toContain('moje-vlastni-heslo');
    expect(audit.body).not.toContain(token);
    const session = await loginWithPassword(t.app, user.username, 'moje-vlastni-heslo');
    expect(session.user).toMatchObject({ must_change_password: false });
    // Once only.
    expect(
      errorOf(await stranger.post('/api/auth/set_password', { token, password: 'jeste-jednou-1' })),
    ).toEqual({
      status: 400,
      code: ErrorCode.passwordLinkInvalid,
    });
  });

  it('stops working when it expires, when a newer one is sent, or when the owner sets a password', async () => {
    const user = await broughtUser('skladnik.novy@example.cz');
    const use = async (token: string) =>
      errorOf(
        await (await anonymous(t.app)).post('/api/auth/set_password', { token, password: 'heslo-z-odkazu' }),
      );
    const invalid = { status: 400, code: ErrorCode.passwordLinkInvalid };

    await owner.post(`/api/user/${user.id}/password_link`);
    const first = (await lastLink('skladnik.novy@example.cz')).token;
    await owner.post(`/api/user/${user.id}/password_link`);
    const second = (await lastLink('skladnik.novy@example.cz')).token;
    expect(await use(first)).toEqual(invalid);

    await t.db.execute(
      sql`update password_links set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect(await use(second)).toEqual(invalid);

    await owner.post(`/api/user/${user.id}/password_link`);
    const third = (await lastLink('skladnik.novy@example.cz')).token;
    await owner.put(`/api/user/${user.id}/password`, { password: 'od-majitele-1' });
    expect(await use(third)).toEqual(invalid);
    expect(await use('A'.repeat(43))).toEqual(invalid);
    expect(await signIn(user.username, 'heslo-z-odkazu')).toBe(400);
  });

  it('needs the user e-mail; a malformed token is bad input', async () => {
    const user = await broughtUser('');
    expect(errorOf(await owner.post(`/api/user/${user.id}/password_link`))).toEqual({
      status: 400,
      code: ErrorCode.userHasNoEmail,
    });
    const malformed = await (await anonymous(t.app)).post('/api/auth/set_password', {
      token: 'not-a-token',
      password: 'dlouhe-heslo',
    });
    expect(errorOf(malformed)).toEqual({ status: 400, code: ErrorCode.invalidInput });
  });
});
