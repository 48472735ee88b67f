import { customerFileTypes, phonePrefixes } from '@letokruh/contracts/customers';
import { customersEndpoints as e } from '@letokruh/contracts/endpoints/customers';
import { fileUploadFieldsSchema } from '@letokruh/contracts/files';
import type { App } from '../../app-types.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { route } from '../../plugins/endpoint.ts';
import { acceptedFileTypes } from '../files/content-type.ts';
import { receiveUpload, removeFile, sendFile } from '../files/files.service.ts';
import { ordersOfCustomer } from '../orders/orders.service.ts';
import { warehouseScope } from '../warehouses/warehouse-scope.ts';
import * as service from './customers.service.ts';

const tags = ['customers'];

/** Customers, their files and the phone prefixes (part 2 §7). */
export async function customerRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;

  route(app, e.list, { schema: { tags } }, async (request) => service.listCustomers(db, request.query));

  route(app, e.add, { schema: { tags } }, async (request, reply) => {
    const mayView = request.user!.permissions.has('view_customer');
    return reply.status(201).send({ item: await service.addCustomer(db, request.body, { mayView }) });
  });

  route(app, e.detail, { schema: { tags } }, async (request) => ({
    customer: await service.getCustomerDetail(db, request.params.id),
    orders: await ordersOfCustomer(db, request.params.id, await warehouseScope(db, request.user!)),
  }));

  route(app, e.edit, { schema: { tags } }, async (request) => ({
    item: await service.editCustomer(db, request.params.id, request.body),
  }));

  // Part 2 §2 and DESIGN §3: the to-contact flag is the dispatcher's, a function check.
  route(app, e.toggleToContact, { schema: { tags } }, async (request) => ({
    item: await service.toggleToContact(db, request.params.id),
  }));

  route(
    app,
    e.addFile,
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        form: uploadForm('file', acceptedFileTypes, fileUploadFieldsSchema(customerFileTypes)),
      },
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

  route(app, e.deleteFile, { schema: { tags } }, async (request) => {
    await removeFile(db, storage, 'customer', request.params.id, request.params.fileId);
    return { ok: true as const };
  });

  route(
    app,
    e.downloadFile,
    {
      schema: {
        tags,
        response: {
          200: fileAnswer('The file, of the type it was detected as on upload', acceptedFileTypes),
        },
      },
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

  route(app, e.phonePrefixes, { schema: { tags } }, async () => ({
    items: phonePrefixes.map((p) => ({ ...p })),
  }));
}
