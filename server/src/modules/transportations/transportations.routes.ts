import { transportationsEndpoints as e } from '@letokruh/contracts/endpoints/transportations';
import { transportationFileTypes } from '@letokruh/contracts/transportations';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { fileRoutes } from '../files/index.ts';
import * as service from './transportations.service.ts';

const tags = ['transportations'];

/** Wood hauls with their files (domain.md §2.7). */
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
  fileRoutes(app, {
    owner: 'transportation',
    endpoints: e,
    fileTypes: transportationFileTypes,
    tags,
    requireOwner: (id) => service.requireTransportation(db, id),
    mayDelete: (request, id, fileId) => service.checkFileRemoval(db, request.user!, id, fileId),
  });
}
