import { orderFilesEndpoints as e } from '@letokruh/contracts/endpoints/order-files';
import { fileUploadFieldsSchema } from '@letokruh/contracts/files';
import { orderFileTypes } from '@letokruh/contracts/orders';
import type { App } from '../../app-types.ts';
import type { ScopedBy } from '../../plugins/access.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { route } from '../../plugins/endpoint.ts';
import { notFound } from '../../plugins/errors.ts';
import { acceptedFileTypes } from '../files/content-type.ts';
import { receiveUpload, removeFile, sendFile } from '../files/files.service.ts';
import * as q from './orders.queries.ts';

const tags = ['orders'];
/** The order the path's `id` names bounds the route to its warehouses (per-object access). */
const config = { scopedBy: { order: 'id' } satisfies ScopedBy };

/** The files container of the order detail (part 1 §2, §7): Dodací list, Faktura, Jiné. */
export async function orderFileRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;

  route(
    app,
    e.addFile,
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        form: uploadForm('file', acceptedFileTypes, fileUploadFieldsSchema(orderFileTypes)),
      },
      config,
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

  route(app, e.deleteFile, { schema: { tags }, config }, async (request) => {
    await removeFile(db, storage, 'order', request.params.id, request.params.fileId);
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
      config,
    },
    async (request, reply) =>
      sendFile(reply, { db, storage, owner: 'order', ownerId: request.params.id, id: request.params.fileId }),
  );
}
