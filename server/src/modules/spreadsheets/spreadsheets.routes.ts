import { spreadsheetsEndpoints as e } from '@letokruh/contracts/endpoints/spreadsheets';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { badInput } from '../../plugins/errors.ts';
import { readForm } from '../../plugins/multipart.ts';
import { createSheetPool } from './sheet-pool.ts';
import * as service from './spreadsheets.service.ts';

const tags = ['spreadsheets'];

const actorOf = (request: FastifyRequest): service.Actor => ({
  id: request.user!.id,
  permissions: request.user!.permissions,
  method: request.method,
  path: request.url.slice(0, 500),
});

/** The office's spreadsheets (domain.md §2.14): upload, map and preview, import, undo. */
export async function spreadsheetRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;
  const pool = createSheetPool();
  app.addHook('onClose', () => pool.close());
  const sheets = { pool, storage };

  // The page asks for the latest imports as it opens: the thread starts while a file is chosen.
  route(app, e.batches, { schema: { tags } }, async () => {
    void pool.warm();
    return service.listBatches(db);
  });

  route(app, e.upload, { schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const form = await readForm(request, { files: 1 });
    const file = form.files[0];
    if (!file) throw badInput('Send the spreadsheet as the form field "file"', ['file']);
    const answer = await service.uploadSpreadsheet(
      db,
      sheets,
      { kind: form.fields.kind, fileName: file.name, bytes: file.data },
      actorOf(request),
    );
    return reply.status(201).send(answer);
  });

  route(app, e.preview, { schema: { tags } }, async (request) =>
    service.previewSpreadsheet(db, sheets, request.params.id, request.body, actorOf(request)),
  );

  route(app, e.import, { schema: { tags } }, async (request) => ({
    item: await service.importSpreadsheet(db, sheets, request.params.id, request.body, actorOf(request)),
  }));

  route(app, e.undo, { schema: { tags } }, async (request) => ({
    item: await service.undoImport(db, request.params.id, actorOf(request)),
  }));
}
