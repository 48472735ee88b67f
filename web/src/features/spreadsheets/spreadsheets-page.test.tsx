import type { ImportBatch, SpreadsheetPreviewAnswer } from '@letokruh/contracts/spreadsheets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { SpreadsheetsPage } from './spreadsheets-page';

const batch = (overrides: Partial<ImportBatch> = {}): ImportBatch => ({
  id: 5,
  kind: 'customers',
  file_name: 'zákazníci.csv',
  state: 'uploaded',
  row_count: 4,
  imported: 0,
  skipped_invalid: 0,
  skipped_duplicates: 0,
  created: '2026-11-29T08:00:00.000Z',
  imported_at: null,
  undone_at: null,
  user: { id: 1, name: 'Petr Dvořák' },
  ...overrides,
});

const headers = ['Jméno', 'Příjmení', 'Telefon', 'E-mail', 'Ulice', 'Město', 'PSČ', 'Šířka', 'Délka'];
const mapping = {
  first_name: 0,
  last_name: 1,
  phone: 2,
  email: 3,
  address: 4,
  town: 5,
  zip: 6,
  lat: 7,
  lon: 8,
};
const cells = (first: string, email: string) => ({
  first_name: first,
  last_name: 'Dvořák',
  phone: '603 123 456',
  email,
  address: 'Lesní 1',
  town: 'Třebíč',
  zip: '674 01',
  lat: '49,2',
  lon: '15,8',
});

const preview: SpreadsheetPreviewAnswer = {
  row_count: 4,
  valid: 3,
  invalid: 1,
  duplicates: 1,
  unmapped_required: [],
  total: 4,
  items: [
    { row: 2, cells: cells('Jiří', 'jiri@example.cz'), errors: [], matches: [] },
    {
      row: 3,
      cells: cells('Karel', 'karel@'),
      errors: [
        { field: 'email', problem: 'email' },
        { field: 'organization_id', problem: 'ico_checksum' },
      ],
      matches: [],
    },
    {
      row: 4,
      cells: cells('Ota', 'ota@example.cz'),
      errors: [],
      matches: [
        {
          id: 17,
          intern_id: 10017,
          row: null,
          name: 'Ota Král',
          detail: 'Jihlava · +420 603 123 456',
          matched_by: ['phone'],
        },
      ],
    },
    { row: 5, cells: cells('Eva', 'eva@example.cz'), errors: [], matches: [] },
  ],
};

function renderPage(fetch: MockRoutes = {}, functions: Parameters<typeof makeProfile>[0] = ['owner']) {
  return renderWithApp(<SpreadsheetsPage />, {
    path: '/spreadsheets',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/spreadsheets': { body: { items: [] } },
      'POST /api/spreadsheet/upload': {
        status: 201,
        body: {
          item: batch(),
          format: 'csv',
          encoding: 'windows-1250',
          delimiter: ';',
          headers,
          mapping,
          mapping_source: 'guessed',
        },
      },
      'POST /api/spreadsheet/5/preview': { body: preview },
      ...fetch,
    },
  });
}

async function uploadFile(container: HTMLElement, user: ReturnType<typeof renderPage>['user']) {
  await screen.findByRole('heading', { name: t('spreadsheets:heading') });
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  await user.upload(input, new File(['Jméno;Příjmení'], 'zákazníci.csv', { type: 'text/csv' }));
}

describe('SpreadsheetsPage', () => {
  it('reads the file, offers its columns and shows each error under its cell', async () => {
    const { container, user, api } = renderPage();
    await uploadFile(container, user);
    expect((await screen.findByTestId('file-read')).textContent).toContain(
      'zákazníci.csv: 4 řádky, CSV v kódování Windows-1250, oddělovač středník',
    );
    expect(api.sent('POST /api/spreadsheet/upload')).toHaveLength(1);
    expect(field(t('spreadsheets:fields.customers.email')).value).toBe('E-mail');
    expect(field(t('spreadsheets:fields.customers.country')).value).toBe(t('spreadsheets:notUsed'));
    const summary = await screen.findByTestId('preview-summary');
    expect(summary.textContent).toContain(t('spreadsheets:summaryInvalid', { count: 1 }));
    // The e-mail's error under the e-mail cell; the IČO, whose column is not chosen, by the row.
    const emailCell = screen.getByText('karel@').closest('[data-field]') as HTMLElement;
    expect(within(emailCell).getByTestId('cell-error').textContent).toContain(
      t('spreadsheets:problems.email'),
    );
    expect(screen.getByText(new RegExp(t('companyIds.ico_checksum')))).toBeTruthy();
    expect(api.sent('POST /api/spreadsheet/5/preview')[0]?.body).toMatchObject({ mapping, view: 'all' });
  });

  it('imports the good rows and the duplicate the user chose', async () => {
    const { container, user, api } = renderPage({
      'POST /api/spreadsheet/5/import': {
        body: { item: batch({ state: 'imported', imported: 3, skipped_invalid: 1, skipped_duplicates: 0 }) },
      },
    });
    await uploadFile(container, user);
    expect(await screen.findByText('Ota Král')).toBeTruthy();
    expect(screen.getByText(t('spreadsheets:matchRules.phone'))).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: t('spreadsheets:import', { count: 2 }) }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    const choice = screen.getByRole('radiogroup', { name: t('spreadsheets:choiceLabel', { row: 4 }) });
    await user.click(within(choice).getByText(t('spreadsheets:importAnyway')));
    await user.click(screen.getByRole('button', { name: t('spreadsheets:import', { count: 3 }) }));
    await waitFor(() => expect(api.sent('POST /api/spreadsheet/5/import')).toHaveLength(1));
    expect(api.sent('POST /api/spreadsheet/5/import')[0]?.body).toEqual({
      mapping,
      import_all_duplicates: false,
      import_duplicates: [4],
    });
    expect(
      await screen.findByText(t('spreadsheets:imported', { imported: 3, invalid: 1, duplicates: 0 })),
    ).toBeTruthy();
  });

  it('names what is wrong with a file that cannot be read', async () => {
    const { container, user } = renderPage({
      'POST /api/spreadsheet/upload': {
        status: 400,
        body: { error_code: 171, message: 'The file cannot be read: xls', fields: ['file'], problem: 'xls' },
      },
    });
    await uploadFile(container, user);
    expect((await screen.findByRole('alert')).textContent).toContain(
      t('spreadsheets:badFile', { problem: t('spreadsheets:problems.xls') }),
    );
  });

  it('lists the records that keep an import from being undone', async () => {
    const imported = batch({ state: 'imported', imported: 3, imported_at: '2026-11-29T08:05:00.000Z' });
    const { user } = renderPage({
      'GET /api/spreadsheets': { body: { items: [imported] } },
      'POST /api/spreadsheet/5/undo': {
        status: 409,
        body: {
          error_code: 172,
          message: '1 of the records were used',
          in_use: [{ id: 40, name: 'Jiří Dvořák', reason: 'order' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: t('spreadsheets:undo') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('spreadsheets:undo') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('spreadsheets:inUse'));
    expect(alert.textContent).toContain(`Jiří Dvořák (${t('spreadsheets:inUseReasons.order')})`);
  });

  it('is refused to a dispatcher, who has no import_data', async () => {
    renderPage({}, ['dispatcher']);
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
  });
});
