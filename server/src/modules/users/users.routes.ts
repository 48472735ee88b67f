import { usersEndpoints as e } from '@letokruh/contracts/endpoints/users';
import type { App } from '../../app-types.ts';
import { createMailer } from '../../mail/mailer.ts';
import { route } from '../../plugins/endpoint.ts';
import * as passwords from './passwords.service.ts';
import * as permissions from './permissions.service.ts';
import * as service from './users.service.ts';

const tags = ['users'];

/** Users (domain.md §2.7) and the owner's permissions screen (decision 0009, domain.md §3.3). */
export async function userRoutes(app: App): Promise<void> {
  const { db, config } = app.ctx;
  const mailer = createMailer(config);
  app.addHook('onClose', async () => mailer.close());

  route(app, e.list, { schema: { tags } }, async (request) => service.listUsers(db, request.query));

  route(app, e.detail, { schema: { tags } }, async (request) => ({
    item: await service.getUser(db, request.params.id),
  }));

  route(app, e.add, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addUser(db, request.user!, request.body) }),
  );

  route(app, e.edit, { schema: { tags } }, async (request) => ({
    item: await service.editUser(db, request.user!, request.params.id, request.body),
  }));

  // The permission is checked in the service: domain.md §2.8 answers code 200, not 110, here.
  route(app, e.deactivate, { schema: { tags } }, async (request) => ({
    item: await service.deactivateUser(db, request.user!, request.params.id),
  }));

  route(app, e.reactivate, { schema: { tags } }, async (request) => ({
    item: await service.reactivateUser(db, request.user!, request.params.id),
  }));

  // Decision 0002: lifting a sign-in lock is the owner's, like the permissions.
  route(app, e.unlock, { schema: { tags } }, async (request) => ({
    item: await service.unlockUser(db, request.params.id),
  }));

  route(app, e.setPassword, { schema: { tags } }, async (request) => ({
    item: await passwords.setUserPassword(db, request.user!, request.params.id, request.body.password),
  }));

  route(app, e.passwordLink, { schema: { tags } }, async (request, reply) => {
    // The link opens the web app where the owner works (PUBLIC_ORIGIN behind a proxy).
    const origin = config.publicOrigins[0] ?? `${request.protocol}://${request.host}`;
    const sent = await passwords.sendPasswordLink(db, mailer, request.user!, request.params.id, origin);
    return reply.status(201).send(sent);
  });

  route(app, e.usePasswordLink, { schema: { tags: ['session'] } }, async (request) =>
    passwords.usePasswordLink(db, request.body.token, request.body.password),
  );

  route(app, e.permissionMatrix, { schema: { tags } }, async () => permissions.getMatrix(db));

  route(app, e.savePermissions, { schema: { tags } }, async (request) =>
    permissions.setFunctionPermissions(db, request.body, request.user!.id),
  );
}
