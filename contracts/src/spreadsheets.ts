import { z } from 'zod';
import { pageSizes } from './common.ts';
import type { IdProblem } from './rules/czech-id.ts';

/**
 * The office's spreadsheets (domain.md §2.14): customers, or products with their prices, read from
 * an XLSX workbook or a CSV file, each target field taken from a column the user chooses, checked
 * row by row with the forms' own rules, imported as one batch that can be undone as a whole.
 */

export const spreadsheetKinds = ['customers', 'products'] as const;
export type SpreadsheetKind = (typeof spreadsheetKinds)[number];

/** What a customer row may fill: the create payload of POST /customer/add (domain.md §2.3). */
export const customerImportFields = [
  'first_name',
  'last_name',
  'organization_name',
  'organization_id',
  'vat_id',
  'phone_prefix',
  'phone',
  'email',
  'address',
  'town',
  'zip',
  'country',
  'lat',
  'lon',
] as const;

/**
 * What a product row may fill: POST /product/add with at most one price in each currency, for
 * the named warehouse or, without one, for every warehouse in use (the add form's price lines).
 */
export const productImportFields = [
  'name',
  'shorten_name',
  'type',
  'subtype',
  'length',
  'measurement_unit',
  'description',
  'warehouse',
  'price_czk',
  'vat_czk',
  'price_eur',
  'vat_eur',
] as const;

export type CustomerImportField = (typeof customerImportFields)[number];
export type ProductImportField = (typeof productImportFields)[number];
export type ImportField = CustomerImportField | ProductImportField;

export const importFields: Record<SpreadsheetKind, readonly ImportField[]> = {
  customers: customerImportFields,
  products: productImportFields,
};

/**
 * Fields without which no row can be imported. Others have a default when no column is chosen
 * (domain.md §2.14): the country Česká republika, the prefix from the number or the country, the
 * short name from the name, VAT the standard rate of the currency's country.
 */
export const requiredImportFields: Record<SpreadsheetKind, readonly ImportField[]> = {
  customers: ['first_name', 'last_name', 'phone', 'address', 'town', 'zip', 'lat', 'lon'],
  products: ['name', 'type', 'length', 'measurement_unit'],
};

/** Limits of one file (domain.md §2.14); the bytes are bounded by UPLOAD_LIMIT_BYTES. */
export const spreadsheetLimits = { rows: 20_000, columns: 100, cellLength: 2_000 } as const;

/** Why a file cannot be read at all (400 / spreadsheetInvalid with `problem`); nothing is stored. */
export const spreadsheetProblems = [
  /** Neither an XLSX workbook nor text (a PDF, an image, a program). */
  'not_spreadsheet',
  /** The old binary Excel format (.xls): save it as XLSX or CSV. */
  'xls',
  /** A workbook or CSV cut short or damaged (a zip that does not open, a quote never closed). */
  'damaged',
  /** Text in none of the encodings read (UTF-8, Windows-1250, UTF-16 with its mark). */
  'encoding',
  /** No header row, or no row under it. */
  'empty',
  'too_many_rows',
  'too_many_columns',
  /** The workbook unpacks to more than the server reads (a zip bomb). */
  'too_large_unpacked',
] as const;
export type SpreadsheetProblem = (typeof spreadsheetProblems)[number];

/** What is wrong with one cell; the web app translates each (`spreadsheets.problems.*`, `companyIds.*`). */
export type CellProblem =
  | 'required'
  | 'too_long'
  | 'email'
  | 'phone'
  | 'number'
  | 'integer'
  | 'decimals'
  | 'range'
  | 'choice'
  | 'vat_rate'
  | 'vat_not_valid_today'
  | 'unknown_warehouse'
  | 'no_price'
  | IdProblem;

/** Where each target field is read from: the index of a column of the file's header row. */
export const importMappingSchema = z
  .record(
    z.string().regex(/^[a-z_]{1,30}$/),
    z
      .number()
      .int()
      .min(0)
      .max(spreadsheetLimits.columns - 1),
  )
  .refine((m) => Object.keys(m).length <= 30, 'at most 30 fields');
export type ImportMapping = Record<string, number>;

export const importStates = ['uploaded', 'imported', 'undone'] as const;
export type ImportState = (typeof importStates)[number];

export const importBatchSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(spreadsheetKinds),
    file_name: z.string(),
    state: z.enum(importStates),
    row_count: z.number().int(),
    imported: z.number().int(),
    skipped_invalid: z.number().int(),
    skipped_duplicates: z.number().int(),
    created: z.string(),
    imported_at: z.string().nullable(),
    undone_at: z.string().nullable(),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ImportBatch' });
export type ImportBatch = z.infer<typeof importBatchSchema>;

/** POST /spreadsheet/upload: the file read, its columns, and the mapping offered for them. */
export const spreadsheetUploadAnswerSchema = z.object({
  item: importBatchSchema,
  format: z.enum(['xlsx', 'csv']),
  /** CSV only: the encoding and the separator found. */
  encoding: z.enum(['utf-8', 'windows-1250', 'utf-16']).nullable(),
  delimiter: z.enum([';', ',', '\t']).nullable(),
  headers: z.array(z.string()),
  /** The mapping remembered for these column names, else one guessed from them. */
  mapping: z.record(z.string(), z.number().int()),
  mapping_source: z.enum(['remembered', 'guessed']),
});
export type SpreadsheetUploadAnswer = z.infer<typeof spreadsheetUploadAnswerSchema>;

/** The rules by which a row looks like a record that exists, or like an earlier row of the file. */
export const importMatchRules = ['organization_id', 'phone', 'email', 'name_length'] as const;
export type ImportMatchRule = (typeof importMatchRules)[number];

export const importMatchSchema = z.object({
  /** The existing customer or product; null for an earlier row of the same file. */
  id: z.number().int().nullable(),
  intern_id: z.number().int().nullable(),
  /** That earlier row's number. */
  row: z.number().int().nullable(),
  name: z.string(),
  /** Town, phone and e-mail of a customer; length and unit of a product. */
  detail: z.string(),
  matched_by: z.array(z.enum(importMatchRules)),
});
export type ImportMatch = z.infer<typeof importMatchSchema>;

export const previewRowSchema = z.object({
  /** The row's number in the spreadsheet (the header is row 1), as Excel shows it. */
  row: z.number().int(),
  /** The text of each mapped field's cell. */
  cells: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string(), problem: z.string() })),
  matches: z.array(importMatchSchema),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const previewViews = ['all', 'errors', 'duplicates'] as const;

export const spreadsheetPreviewBodySchema = z.object({
  mapping: importMappingSchema,
  view: z.enum(previewViews).default('all'),
  current_page: z.number().int().min(1).max(2_000).default(1),
  per_page: z
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), 'per_page must be 10, 20, 50, 100 or 1000')
    .default(20),
});
export type SpreadsheetPreviewBody = z.input<typeof spreadsheetPreviewBodySchema>;

export const spreadsheetPreviewAnswerSchema = z.object({
  row_count: z.number().int(),
  /** Rows that pass every check. */
  valid: z.number().int(),
  /** Rows with at least one error: never imported. */
  invalid: z.number().int(),
  /** Rows without errors that look like an existing record or an earlier row. */
  duplicates: z.number().int(),
  /** Required fields no column is chosen for. */
  unmapped_required: z.array(z.string()),
  /** Rows in the chosen view. */
  total: z.number().int(),
  items: z.array(previewRowSchema),
});
export type SpreadsheetPreviewAnswer = z.infer<typeof spreadsheetPreviewAnswerSchema>;

export const spreadsheetImportBodySchema = z.object({
  mapping: importMappingSchema,
  /** Import every row with likely duplicates too. */
  import_all_duplicates: z.boolean().default(false),
  /** Rows with likely duplicates to import anyway; the others are skipped. */
  import_duplicates: z
    .array(
      z
        .number()
        .int()
        .min(2)
        .max(spreadsheetLimits.rows + 1),
    )
    .max(spreadsheetLimits.rows)
    .default([]),
});
export type SpreadsheetImportBody = z.input<typeof spreadsheetImportBodySchema>;

export const importBatchAnswerSchema = z.object({ item: importBatchSchema });
export const importBatchesAnswerSchema = z.object({ items: z.array(importBatchSchema) });

/** Why a batch cannot be undone: a record of it was used or changed since (domain.md §2.14). */
export const importInUseReasons = ['order', 'files', 'changed', 'stock', 'conversion', 'prices'] as const;
export type ImportInUseReason = (typeof importInUseReasons)[number];

export const importInUseAnswerSchema = z.object({
  error_code: z.number().int(),
  message: z.string(),
  in_use: z
    .array(z.object({ id: z.number().int(), name: z.string(), reason: z.enum(importInUseReasons) }))
    .optional(),
});
export type ImportInUse = NonNullable<z.infer<typeof importInUseAnswerSchema>['in_use']>[number];
