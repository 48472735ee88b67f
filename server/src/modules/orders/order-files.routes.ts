import { idParamSchema, okAnswerSchema } from '@letokruh/contracts/common';
import { fileAnswerSchema, filePathSchema, fileUploadFieldsSchema } from '@letokruh/contracts/files';
import { orderFileTypes } from '@letokruh/contracts/orders';
import type { App } from '../../app-types.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { notFound } from '../../plugins/errors.ts';
import { acceptedFileTypes } from '../files/content-type.ts';
import { receiveUpload, removeFile, sendFile } from '../files/files.service.ts';
import * as q from './orders.queries.ts';

const tags = ['orders'];

/** The files container of the order detail (part 1 §2, §7): Dodací list, Faktura, Jiné. */
export async function orderFileRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;

  app.post(
    '/order/:id/files/add',
    {
      schema: {
        tags,
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        form: uploadForm('file', acceptedFileTypes, fileUploadFieldsSchema(orderFileTypes)),
        response: { 201: fileAnswerSchema },
      },
      config: { scopedBy: { order: 'id' }, access: { permission: 'change_order' } },
    },
    async (request, reply) => {
      if (!(await q.findOrder(db, request.params.id))) throw notFound('Order not found');
      const item = await receiveUpload(request, {
        db,
        storage,
        owner: 'order',
        ownerId: request.params.id,
        fileTypes: orderFileTypes,
      });
      return reply.status(201).send({ item });
    },
  );

  app.delete(
    '/order/:id/files/:fileId/delete',
    {
      schema: { tags, params: filePathSchema, response: { 200: okAnswerSchema } },
      config: { scopedBy: { order: 'id' }, access: { permission: 'change_order' } },
    },
    async (request) => {
      await removeFile(db, storage, 'order', request.params.id, request.params.fileId);
      return { ok: true as const };
    },
  );

  app.get(
    '/order/:id/files/:fileId/download',
    {
      schema: {
        tags,
        params: filePathSchema,
        response: {
          200: fileAnswer('The file, of the type it was detected as on upload', acceptedFileTypes),
        },
      },
      config: { scopedBy: { order: 'id' }, access: { permission: 'view_order' } },
    },
    async (request, reply) =>
      sendFile(reply, { db, storage, owner: 'order', ownerId: request.params.id, id: request.params.fileId }),
  );
}
