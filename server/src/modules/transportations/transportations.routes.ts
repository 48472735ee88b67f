import { idParamSchema, okAnswerSchema } from '@letokruh/contracts/common';
import { fileAnswerSchema, filePathSchema, fileUploadFieldsSchema } from '@letokruh/contracts/files';
import {
  transportationAnswerSchema,
  transportationDataSchema,
  transportationFileTypes,
  transportationListAnswerSchema,
  transportationListQuerySchema,
  transportationPayloadSchema,
} from '@letokruh/contracts/transportations';
import type { App } from '../../app-types.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { acceptedFileTypes } from '../files/content-type.ts';
import { receiveUpload, removeFile, sendFile } from '../files/files.service.ts';
import * as service from './transportations.service.ts';

const tags = ['transportations'];

/** Wood hauls with their files (part 2 §7). */
export async function transportationRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;

  app.get(
    '/transportations',
    {
      schema: {
        tags,
        querystring: transportationListQuerySchema,
        response: { 200: transportationListAnswerSchema },
      },
      config: { access: { permission: 'view_transportation' } },
    },
    async (request) => service.listTransportations(db, request.query),
  );

  // The form's pickers: whoever adds or corrects a haul needs them, as whoever reads one.
  app.get(
    '/transportations/data',
    {
      schema: { tags, response: { 200: transportationDataSchema } },
      config: {
        access: { anyPermission: ['view_transportation', 'add_transportation', 'change_transportation'] },
      },
    },
    async () => service.transportationData(db),
  );

  app.post(
    '/transportation/add',
    {
      schema: { tags, body: transportationPayloadSchema, response: { 201: transportationAnswerSchema } },
      config: { access: { permission: 'add_transportation' } },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await service.addTransportation(db, request.body, request.user!) }),
  );

  app.get(
    '/transportation/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: transportationAnswerSchema } },
      config: { access: { permission: 'view_transportation' } },
    },
    async (request) => ({ item: await service.getTransportation(db, request.params.id) }),
  );

  app.put(
    '/transportation/:id/edit',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: transportationPayloadSchema,
        response: { 200: transportationAnswerSchema },
      },
      config: { access: { permission: 'change_transportation' } },
    },
    async (request) => {
      service.requireOwnerOrDispatcher(request.user!);
      return { item: await service.editTransportation(db, request.params.id, request.body) };
    },
  );

  app.delete(
    '/transportation/:id/delete',
    {
      schema: { tags, params: idParamSchema, response: { 200: okAnswerSchema } },
      config: { access: { permission: 'delete_transportation' } },
    },
    async (request) => {
      service.requireOwnerOrDispatcher(request.user!);
      await service.deleteTransportation(db, storage, request.params.id);
      return { ok: true as const };
    },
  );

  // A driver who adds a haul attaches its delivery note too.
  app.post(
    '/transportation/:id/files/add',
    {
      schema: {
        tags,
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        form: uploadForm('file', acceptedFileTypes, fileUploadFieldsSchema(transportationFileTypes)),
        response: { 201: fileAnswerSchema },
      },
      config: { access: { anyPermission: ['add_transportation', 'change_transportation'] } },
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

  app.delete(
    '/transportation/:id/files/:fileId/delete',
    {
      schema: { tags, params: filePathSchema, response: { 200: okAnswerSchema } },
      config: { access: { anyPermission: ['add_transportation', 'change_transportation'] } },
    },
    async (request) => {
      const { id, fileId } = request.params;
      await service.checkFileRemoval(db, request.user!, id, fileId);
      await removeFile(db, storage, 'transportation', id, fileId);
      return { ok: true as const };
    },
  );

  app.get(
    '/transportation/:id/files/:fileId/download',
    {
      schema: {
        tags,
        params: filePathSchema,
        response: {
          200: fileAnswer('The file, of the type it was detected as on upload', acceptedFileTypes),
        },
      },
      config: { access: { permission: 'view_transportation' } },
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
