import { documentsEndpoints as e } from '@letokruh/contracts/endpoints/documents';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { isOffice } from '@letokruh/contracts/rules/proof-access';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import type { ScopedBy } from '../../plugins/access.ts';
import { cachedAnswer } from '../../plugins/answer-key.ts';
import { fileAnswer } from '../../plugins/docs.ts';
import { sendDownload } from '../../plugins/download.ts';
import { route } from '../../plugins/endpoint.ts';
import { proofReaderOf } from '../driver/index.ts';
import * as service from './documents.service.ts';
import { createPdfPool } from './pdf-pool.ts';

const tags = ['documents'];

const sendPdf = (reply: FastifyReply, { pdf, filename }: service.PdfFile) =>
  sendDownload(reply, { data: pdf, filename, contentType: 'application/pdf', cacheControl: 'no-store' });

/** Delivery notes and the orders PDF (domain.md §1.2 modals, §1.6, §1.7). */
export async function documentRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;
  const pdfs = createPdfPool();
  app.addHook('onClose', () => pdfs.close());

  // The detail's delivery-note modal: whoever may read the order may print its note.
  route(
    app,
    e.deliveryNote,
    {
      schema: {
        tags,
        produces: ['application/pdf'],
        response: { 200: fileAnswer('The delivery note (PDF)', ['application/pdf']) },
      },
      config: { scopedBy: { order: 'id' } satisfies ScopedBy },
    },
    async (request, reply) => {
      const { id } = request.params;
      const reader = proofReaderOf(request.user!);
      // Printed again and again (office, yard, driver): one note per data version and day,
      // the office's and each driver's apart (a proof is for its own driver, decision 0074).
      const file = await cachedAnswer(
        app.answers,
        request,
        () => service.deliveryNote(db, pdfs, storage, id, request.query, reader),
        // Decision 0050: kept while this order and its lines (and nothing but orders) change.
        {
          also: [pragueDay(), isOffice(reader) ? 'office' : reader.userId],
          bytes: (f) => f.pdf.length + f.filename.length,
          scope: { order: id },
        },
      );
      return sendPdf(reply, file);
    },
  );

  // domain.md §1.6: the list's row selection and merged download are can_export_delivery_notes.
  route(
    app,
    e.multipleDeliveryNotes,
    {
      schema: {
        tags,
        produces: ['application/pdf'],
        response: {
          200: fileAnswer('The delivery notes of the chosen orders in one PDF', ['application/pdf']),
        },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.mergedDeliveryNotes(db, pdfs, storage, request.query, request.user!)),
  );

  route(
    app,
    e.ordersPdf,
    {
      schema: {
        tags,
        produces: ['application/pdf'],
        response: { 200: fileAnswer('The list of orders (PDF)', ['application/pdf']) },
      },
    },
    async (request, reply) => sendPdf(reply, await service.ordersPdf(db, pdfs, request.query, request.user!)),
  );
}
