import { idParamSchema, okAnswerSchema } from '@letokruh/contracts/common';
import {
  customerAddSchema,
  customerAnswerSchema,
  customerDetailAnswerSchema,
  customerEditSchema,
  customerFileTypes,
  customerListAnswerSchema,
  customerListQuerySchema,
  customerMayExistAnswerSchema,
  phonePrefixes,
  phonePrefixesAnswerSchema,
} from '@letokruh/contracts/customers';
import { fileAnswerSchema, filePathSchema, fileUploadFieldsSchema } from '@letokruh/contracts/files';
import type { App } from '../../app-types.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { acceptedFileTypes } from '../files/content-type.ts';
import { receiveUpload, removeFile, sendFile } from '../files/files.service.ts';
import { ordersOfCustomer } from '../orders/orders.service.ts';
import { warehouseScope } from '../warehouses/warehouse-scope.ts';
import * as service from './customers.service.ts';

const tags = ['customers'];

/** Customers, their files and the phone prefixes (part 2 §7). */
export async function customerRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;

  app.get(
    '/customers',
    {
      schema: { tags, querystring: customerListQuerySchema, response: { 200: customerListAnswerSchema } },
      config: { access: { permission: 'view_customer' } },
    },
    async (request) => service.listCustomers(db, request.query),
  );

  app.post(
    '/customer/add',
    {
      schema: {
        tags,
        body: customerAddSchema,
        response: { 201: customerAnswerSchema, 409: customerMayExistAnswerSchema },
      },
      config: { access: { permission: 'add_customer' } },
    },
    async (request, reply) => {
      const mayView = request.user!.permissions.has('view_customer');
      return reply.status(201).send({ item: await service.addCustomer(db, request.body, { mayView }) });
    },
  );

  app.get(
    '/customer/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: customerDetailAnswerSchema } },
      config: { access: { permission: 'view_customer' } },
    },
    async (request) => ({
      customer: await service.getCustomerDetail(db, request.params.id),
      orders: await ordersOfCustomer(db, request.params.id, await warehouseScope(db, request.user!)),
    }),
  );

  app.put(
    '/customer/:id/edit',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: customerEditSchema,
        response: { 200: customerAnswerSchema },
      },
      config: { access: { permission: 'change_customer' } },
    },
    async (request) => ({ item: await service.editCustomer(db, request.params.id, request.body) }),
  );

  // Part 2 §2 and DESIGN §3: the to-contact flag is the dispatcher's, a function check.
  app.put(
    '/customer/:id/change_to_contact',
    {
      schema: { tags, params: idParamSchema, response: { 200: customerAnswerSchema } },
      config: { access: { anyFunction: ['dispatcher'] } },
    },
    async (request) => ({ item: await service.toggleToContact(db, request.params.id) }),
  );

  app.post(
    '/customer/:id/files/add',
    {
      schema: {
        tags,
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        form: uploadForm('file', acceptedFileTypes, fileUploadFieldsSchema(customerFileTypes)),
        response: { 201: fileAnswerSchema },
      },
      config: { access: { permission: 'change_customer' } },
    },
    async (request, reply) => {
      await service.requireCustomer(db, request.params.id);
      const item = await receiveUpload(request, {
        db,
        storage,
        owner: 'customer',
        ownerId: request.params.id,
        fileTypes: customerFileTypes,
      });
      return reply.status(201).send({ item });
    },
  );

  app.delete(
    '/customer/:id/files/:fileId/delete',
    {
      schema: { tags, params: filePathSchema, response: { 200: okAnswerSchema } },
      config: { access: { permission: 'change_customer' } },
    },
    async (request) => {
      await removeFile(db, storage, 'customer', request.params.id, request.params.fileId);
      return { ok: true as const };
    },
  );

  app.get(
    '/customer/:id/files/:fileId/download',
    {
      schema: {
        tags,
        params: filePathSchema,
        response: {
          200: fileAnswer('The file, of the type it was detected as on upload', acceptedFileTypes),
        },
      },
      config: { access: { permission: 'view_customer' } },
    },
    async (request, reply) =>
      sendFile(reply, {
        db,
        storage,
        owner: 'customer',
        ownerId: request.params.id,
        id: request.params.fileId,
      }),
  );

  app.get(
    '/phone_prefixes',
    { schema: { tags, response: { 200: phonePrefixesAnswerSchema } }, config: { access: 'loggedIn' } },
    async () => ({ items: phonePrefixes.map((p) => ({ ...p })) }),
  );
}
