import type { FunctionName } from '@letokruh/contracts/permissions';
import type { Supplier } from '@letokruh/contracts/reference';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn } from '../../test-form';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { ReferenceDataPage } from './reference-data-page';

const letokruh: Supplier = {
  id: 1,
  name: 'Letokruh s.r.o.',
  bank_account: '2718340003',
  bank_code: '0100',
  iban: 'CZ9701000000002718340003',
  active: true,
};

function renderPage(functions: FunctionName[] = ['owner'], extra: MockRoutes = {}) {
  return renderWithApp(<ReferenceDataPage />, {
    path: '/reference-data',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/suppliers': { body: { items: [letokruh] } },
      'GET /api/adtypes': {
        body: {
          items: [
            { id: 1, name: 'Facebook', active: true },
            { id: 2, name: 'Google', active: true },
          ],
        },
      },
      'GET /api/phone_prefixes': {
        body: {
          items: [
            { code: '+420', country: 'Česká republika' },
            { code: '+421', country: 'Slovensko' },
          ],
        },
      },
      ...extra,
    },
  });
}

describe('ReferenceDataPage', () => {
  it('shows the suppliers with account, bank code and IBAN, the ad types and the phone prefixes', async () => {
    renderPage();
    const cell = await screen.findByRole('cell', { name: 'Letokruh s.r.o.' }, { timeout: 3000 });
    const row = within(cell.closest('tr') as HTMLElement);
    expect(row.getByText('2718340003/0100')).toBeTruthy();
    expect(row.getByText('CZ97 0100 0000 0027 1834 0003')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Google' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: '+421' })).toBeTruthy();
  });

  it('refuses an account with wrong check digits before sending, then adds a valid supplier', async () => {
    const { user, api } = renderPage(['owner'], {
      'POST /api/supplier/add': {
        status: 201,
        body: { item: { ...letokruh, id: 2, name: 'Pila Brtnice', bank_account: '19-2000145399' } },
      },
    });
    await screen.findByRole('cell', { name: 'Letokruh s.r.o.' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: t('suppliers.add') }));
    const dialog = within(await screen.findByRole('dialog'));
    await fillIn(user, t('suppliers.fields.name'), 'Pila Brtnice');
    await fillIn(user, t('suppliers.fields.bankAccount'), '19-2000145398');
    await fillIn(user, t('suppliers.fields.bankCode'), '0800');
    await user.click(dialog.getByRole('button', { name: t('suppliers.create') }));
    expect(await dialog.findByText(t('suppliers.badAccount'))).toBeTruthy();
    expect(api.sent('POST /api/supplier/add')).toHaveLength(0);

    await fillIn(user, t('suppliers.fields.bankAccount'), '19-2000145399');
    expect(dialog.getByText(`${t('suppliers.fields.iban')}: CZ65 0800 0000 1920 0014 5399`)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: t('suppliers.create') }));
    await waitFor(() => expect(api.sent('POST /api/supplier/add')).toHaveLength(1));
    expect(api.sent('POST /api/supplier/add')[0]?.body).toEqual({
      name: 'Pila Brtnice',
      bank_account: '19-2000145399',
      bank_code: '0800',
    });
    expect(await screen.findByText(t('suppliers.added', { name: 'Pila Brtnice' }))).toBeTruthy();
  });

  it('adds an ad type and shows a taken name as the server refuses it', async () => {
    const { user, api } = renderPage(['owner'], {
      'POST /api/adtype/add': { status: 409, body: { error_code: 140, message: 'taken', fields: ['name'] } },
    });
    await screen.findByRole('cell', { name: 'Google' }, { timeout: 3000 });
    await fillIn(user, t('adtypes.newName'), 'google');
    await user.click(screen.getByRole('button', { name: t('adtypes.add') }));
    await waitFor(() => expect(api.sent('POST /api/adtype/add')).toHaveLength(1));
    expect(await screen.findByText(t('errors.140'))).toBeTruthy();
    expect(field(t('adtypes.newName')).getAttribute('aria-invalid')).toBe('true');
  });

  it('is the owner’s: a dispatcher is told so and nothing is loaded', async () => {
    const { api } = renderPage(['dispatcher']);
    expect(await screen.findByText(t('common.accessDenied'), {}, { timeout: 3000 })).toBeTruthy();
    expect(api.sent('GET /api/suppliers')).toHaveLength(0);
  });
});
