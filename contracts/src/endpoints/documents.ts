import { idParamSchema } from '../common.ts';
import {
  deliveryNoteQuerySchema,
  multipleDeliveryNotesQuerySchema,
  ordersPdfQuerySchema,
} from '../documents.ts';
import { endpoint, fileDownload } from '../endpoint.ts';

/** Delivery notes and the orders PDF (domain.md §1.2 modals, §1.6, §1.7): each answers a PDF. */
export const documentsEndpoints = {
  deliveryNote: endpoint('GET /order/:id/get_delivery_note', {
    params: idParamSchema,
    query: deliveryNoteQuerySchema,
    answers: { 200: fileDownload },
  }),
  multipleDeliveryNotes: endpoint('GET /download_multiple_delivery_notes', {
    query: multipleDeliveryNotesQuerySchema,
    answers: { 200: fileDownload },
  }),
  ordersPdf: endpoint('GET /download-orders', {
    query: ordersPdfQuerySchema,
    answers: { 200: fileDownload },
  }),
};
