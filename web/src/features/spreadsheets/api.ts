import type {
  SpreadsheetImportBody,
  SpreadsheetKind,
  SpreadsheetPreviewBody,
} from '@letokruh/contracts/spreadsheets';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { spreadsheetsEndpoints as e } from '../../lib/routes';

/** The calls of the spreadsheet import (domain.md §2.14). */
export const spreadsheetsKey = ['spreadsheets'] as const;

export const batchesQuery = queryOptions({
  queryKey: [...spreadsheetsKey, 'batches'],
  queryFn: ({ signal }) => call(e.batches, { signal }).then((a) => a.items),
});

export function uploadSpreadsheet(kind: SpreadsheetKind, file: File) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return call(e.upload, { form });
}

/** A preview is a read: the same upload, mapping and page give the same answer. */
export const previewQuery = (id: number, body: SpreadsheetPreviewBody) =>
  queryOptions({
    queryKey: [...spreadsheetsKey, 'preview', id, body],
    queryFn: ({ signal }) => call(e.preview, { params: { id }, body, signal }),
    placeholderData: keepPreviousData,
  });

export const importSpreadsheet = (id: number, body: SpreadsheetImportBody) =>
  call(e.import, { params: { id }, body }).then((a) => a.item);

export const undoImport = (id: number) => call(e.undo, { params: { id } }).then((a) => a.item);
