import type { FileEndpoints } from '@letokruh/contracts/files';
import { fileUploadFieldsSchema } from '@letokruh/contracts/files';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { type RouteExtras, route } from '../../plugins/endpoint.ts';
import { acceptedFileTypes } from './content-type.ts';
import { type FileOwner, receiveUpload, removeFile, sendFile } from './files.service.ts';

export type FileRoutes = {
  owner: FileOwner;
  /** contracts' `fileEndpoints(owner)`. */
  endpoints: FileEndpoints;
  /** The file types an upload may name (domain.md §2.9). */
  fileTypes: readonly [string, ...string[]];
  tags: string[];
  /** Per-object access of the three routes (an order's warehouses). */
  config?: RouteExtras['config'];
  /** Throws the owner's 404 when the path's `id` names none. */
  requireOwner: (id: number) => Promise<unknown>;
  /** A check of one file's delete beyond the route's permission (a driver's own uploads). */
  mayDelete?: (request: FastifyRequest, id: number, fileId: number) => Promise<void>;
};

/** Upload, delete and download of the files of a customer, an order or a transportation. */
export function fileRoutes(app: App, options: FileRoutes): void {
  const { db, storage } = app.ctx;
  const { owner, endpoints: e, fileTypes, tags, config, requireOwner, mayDelete } = options;
  const extras = (schema: RouteExtras['schema']): RouteExtras => ({ schema, ...(config ? { config } : {}) });

  route(
    app,
    e.addFile,
    extras({
      tags,
      consumes: ['multipart/form-data'],
      form: uploadForm('file', acceptedFileTypes, fileUploadFieldsSchema(fileTypes)),
    }),
    async (request, reply) => {
      const ownerId = request.params.id;
      await requireOwner(ownerId);
      const item = await receiveUpload(request, { db, storage, owner, ownerId, fileTypes });
      return reply.status(201).send({ item });
    },
  );

  route(app, e.deleteFile, extras({ tags }), async (request) => {
    const { id, fileId } = request.params;
    await mayDelete?.(request, id, fileId);
    await removeFile(db, storage, owner, id, fileId);
    return { ok: true as const };
  });

  route(
    app,
    e.downloadFile,
    extras({
      tags,
      response: { 200: fileAnswer('The file, of the type it was detected as on upload', acceptedFileTypes) },
    }),
    async (request, reply) =>
      sendFile(reply, { db, storage, owner, ownerId: request.params.id, id: request.params.fileId }),
  );
}
