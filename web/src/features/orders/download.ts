import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import type { Endpoint, fileDownload, InputOf, Route } from '@letokruh/contracts/endpoint';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { call } from '../../lib/api-client';

/** An endpoint that answers a file (contracts `fileDownload`): the documents of documentsEndpoints. */
type FileEndpoint = Route<Endpoint & { answers: { 200: typeof fileDownload } }>;

/**
 * Fetches a document through the API client (cookies, error codes, 401 handling) and hands it to
 * the browser as a download under `fileName`. A failure is thrown as the client's ApiError, for
 * the caller to show.
 */
export async function downloadDocument<E extends FileEndpoint>(
  endpoint: E,
  input: InputOf<E>,
  fileName: string,
): Promise<void> {
  // `call`'s inputs are checked at this function's callers (InputOf<E>); for a generic E its
  // argument list is not resolved yet, hence the cast.
  const blob = await (call as (endpoint: FileEndpoint, input: InputOf<E>) => Promise<Blob>)(endpoint, input);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The names the server gives these documents (docs/decisions/0015-documents-qr-payment-and-e-mail-server.md), for the saved file. */
export const documentNames = {
  deliveryNote: (internId: number) => `${internId}.pdf`,
  deliveryNotes: (language: DeliveryNoteLanguage) =>
    `${language === 'de' ? 'lieferscheine' : 'dodaci-listy'}-${pragueDay()}.pdf`,
  ordersPdf: (from: string, to: string | null) =>
    `objednavky-${from}${to && to !== from ? `-${to}` : ''}.pdf`,
};
