import { transportationsEndpoints as e } from '@letokruh/contracts/endpoints/transportations';
import { fileUploadFieldsSchema } from '@letokruh/contracts/files';
import { transportationFileTypes } from '@letokruh/contracts/transportations';
import type { App } from '../../app-types.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { route } from '../../plugins/endpoint.ts';
import { acceptedFileTypes } from '../files/content-type.ts';
import { receiveUpload, removeFile, sendFile } from '../files/files.service.ts';
import * as service from './transportations.service.ts';

const tags = ['transportations'];

/** Wood hauls with their files (part 2 §7). */
export async function transportationRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;

  route(app, e.list, { schema: { tags } }, async (request) => service.listTransportations(db, request.query));

  // The form's pickers: whoever adds or corrects a haul needs them, as whoever reads one.
  route(app, e.data, { schema: { tags } }, async () => service.transportationData(db));

  route(app, e.add, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addTransportation(db, request.body, request.user!) }),
  );

  route(app, e.detail, { schema: { tags } }, async (request) => ({
    item: await service.getTransportation(db, request.params.id),
  }));

  route(app, e.edit, { schema: { tags } }, async (request) => {
    service.requireOwnerOrDispatcher(request.user!);
    return { item: await service.editTransportation(db, request.params.id, request.body) };
  });

  route(app, e.remove, { schema: { tags } }, async (request) => {
    service.requireOwnerOrDispatcher(request.user!);
    await service.deleteTransportation(db, storage, request.params.id);
    return { ok: true as const };
  });

  // A driver who adds a haul attaches its delivery note too.
  route(
    app,
    e.addFile,
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        form: uploadForm('file', acceptedFileTypes, fileUploadFieldsSchema(transportationFileTypes)),
      },
    },
    async (request, reply) => {
      await service.requireTransportation(db, request.params.id);
      const item = await receiveUpload(request, {
        db,
        storage,
        owner: 'transportation',
        ownerId: request.params.id,
        fileTypes: transportationFileTypes,
      });
      return reply.status(201).send({ item });
    },
  );

  route(app, e.deleteFile, { schema: { tags } }, async (request) => {
    const { id, fileId } = request.params;
    await service.checkFileRemoval(db, request.user!, id, fileId);
    await removeFile(db, storage, 'transportation', id, fileId);
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
        owner: 'transportation',
        ownerId: request.params.id,
        id: request.params.fileId,
      }),
  );
}
