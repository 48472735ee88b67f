import { idParamSchema } from '@letokruh/contracts/common';
import {
  permissionMatrixSchema,
  permissionUpdateSchema,
  userAddSchema,
  userEditSchema,
  userItemAnswerSchema,
  userListAnswerSchema,
  userListQuerySchema,
} from '@letokruh/contracts/users';
import type { App } from '../../app-types.ts';
import * as permissions from './permissions.service.ts';
import * as service from './users.service.ts';

const tags = ['users'];

/** Users (part 2 §7) and the owner's permissions screen (issue 4, DESIGN §3). */
export async function userRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/users',
    {
      schema: { tags, querystring: userListQuerySchema, response: { 200: userListAnswerSchema } },
      config: { access: { permission: 'view_user' } },
    },
    async (request) => service.listUsers(db, request.query),
  );

  app.get(
    '/user/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: userItemAnswerSchema } },
      config: { access: { permission: 'view_user' } },
    },
    async (request) => ({ item: await service.getUser(db, request.params.id) }),
  );

  app.post(
    '/user/add',
    {
      schema: { tags, body: userAddSchema, response: { 201: userItemAnswerSchema } },
      config: { access: { permission: 'add_user' } },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await service.addUser(db, request.user!, request.body) }),
  );

  app.put(
    '/user/:id/edit',
    {
      schema: { tags, params: idParamSchema, body: userEditSchema, response: { 200: userItemAnswerSchema } },
      config: { access: { permission: 'change_user' } },
    },
    async (request) => ({
      item: await service.editUser(db, request.user!, request.params.id, request.body),
    }),
  );

  // The permission is checked in the service: part 2 §8 answers code 200, not 110, here.
  app.delete(
    '/user/:id/delete',
    {
      schema: { tags, params: idParamSchema, response: { 200: userItemAnswerSchema } },
      config: { access: 'loggedIn' },
    },
    async (request) => ({ item: await service.deactivateUser(db, request.user!, request.params.id) }),
  );

  app.put(
    '/user/:id/reactivate',
    {
      schema: { tags, params: idParamSchema, response: { 200: userItemAnswerSchema } },
      config: { access: { permission: 'delete_user' } },
    },
    async (request) => ({ item: await service.reactivateUser(db, request.user!, request.params.id) }),
  );

  // Issue 13 §2: lifting a sign-in lock is the owner's, like the permissions.
  app.put(
    '/user/:id/unlock',
    {
      schema: { tags, params: idParamSchema, response: { 200: userItemAnswerSchema } },
      config: { access: { anyFunction: ['owner'] } },
    },
    async (request) => ({ item: await service.unlockUser(db, request.params.id) }),
  );

  app.get(
    '/permissions',
    {
      schema: { tags, response: { 200: permissionMatrixSchema } },
      config: { access: { anyFunction: ['owner'] } },
    },
    async () => permissions.getMatrix(db),
  );

  app.put(
    '/permissions',
    {
      schema: { tags, body: permissionUpdateSchema, response: { 200: permissionMatrixSchema } },
      config: { access: { anyFunction: ['owner'] } },
    },
    async (request) => permissions.setFunctionPermissions(db, request.body),
  );
}
