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
  full_address: 'Dřevařská 1254/12',
  town: 'Jihlava',
  zip_code: '586 01',
  country: 'CZ',
  ico: '27082440',
  dic: 'CZ27082440',
  register_entry: 'zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 54321',
  email: 'obchod@letokruh.example',
  phone: '+420603791074',
  vat_payer: true,
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
  it('shows the suppliers with identity, account, bank code and IBAN, the ad types and the phone prefixes', async () => {
    renderPage();
    const name = await screen.findByText('Letokruh s.r.o.');
    const row = within(name.closest('tr') as HTMLElement);
    expect(row.getByText('IČO 27082440')).toBeTruthy();
    expect(row.getByText('DIČ CZ27082440')).toBeTruthy();
    expect(row.getByText(t('suppliers.payer'))).toBeTruthy();
    expect(row.getByText(/Dřevařská 1254\/12, 586 01 Jihlava · \+420 603 791 074/)).toBeTruthy();
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
    await screen.findByText('Letokruh s.r.o.');
    await user.click(screen.getByRole('button', { name: t('suppliers.add') }));
    const dialog = within(await screen.findByRole('dialog'));
    await fillIn(user, t('suppliers.fields.name'), 'Pila Brtnice');
    await fillIn(user, t('suppliers.fields.fullAddress'), 'Pilařská 12');
    await fillIn(user, t('suppliers.fields.town'), 'Brtnice');
    await fillIn(user, t('suppliers.fields.zipCode'), '58832');
    await fillIn(user, t('suppliers.fields.ico'), '25596641');
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
      full_address: 'Pilařská 12',
      town: 'Brtnice',
      zip_code: '588 32',
      country: 'CZ',
      ico: '25596641',
      dic: '',
      register_entry: '',
      email: '',
      phone: '',
      vat_payer: false,
    });
    expect(await screen.findByText(t('suppliers.added', { name: 'Pila Brtnice' }))).toBeTruthy();
  });

  it('says what is wrong with an IČO, a DIČ or a payer without DIČ, and sends the edit once fixed', async () => {
    const { user, api } = renderPage(['owner'], {
      'PUT /api/supplier/1/edit': { body: { item: { ...letokruh, phone: '+420568841207' } } },
    });
    const name = await screen.findByText('Letokruh s.r.o.');
    await user.click(
      within(name.closest('tr') as HTMLElement).getByRole('button', { name: t('common.edit') }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect((field(t('suppliers.fields.phone')) as HTMLInputElement).value).toBe('+420 603 791 074');
    await fillIn(user, t('suppliers.fields.ico'), '27082441');
    await fillIn(user, t('suppliers.fields.dic'), '');
    await user.click(dialog.getByRole('button', { name: t('suppliers.save') }));
    expect(await dialog.findByText(t('companyIds.ico_checksum'))).toBeTruthy();
    expect(dialog.getByText(t('companyIds.dic_required'))).toBeTruthy();
    await fillIn(user, t('suppliers.fields.ico'), '27082440');
    await fillIn(user, t('suppliers.fields.dic'), 'CZ25596641');
    await user.click(dialog.getByRole('button', { name: t('suppliers.save') }));
    expect(await dialog.findByText(t('companyIds.dic_not_ico'))).toBeTruthy();
    expect(api.sent('PUT /api/supplier/1/edit')).toHaveLength(0);

    await fillIn(user, t('suppliers.fields.dic'), 'cz 27082440');
    await fillIn(user, t('suppliers.fields.phone'), '568 841 207');
    await user.click(dialog.getByRole('button', { name: t('suppliers.save') }));
    await waitFor(() => expect(api.sent('PUT /api/supplier/1/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/supplier/1/edit')[0]?.body).toMatchObject({
      ico: '27082440',
      dic: 'CZ27082440',
      phone: '+420568841207',
      vat_payer: true,
    });
  });

  it('adds an ad type and shows a taken name as the server refuses it', async () => {
    const { user, api } = renderPage(['owner'], {
      'POST /api/adtype/add': { status: 409, body: { error_code: 140, message: 'taken', fields: ['name'] } },
    });
    await screen.findByRole('cell', { name: 'Google' });
    await fillIn(user, t('adtypes.newName'), 'google');
    await user.click(screen.getByRole('button', { name: t('adtypes.add') }));
    await waitFor(() => expect(api.sent('POST /api/adtype/add')).toHaveLength(1));
    expect(await screen.findByText(t('errors.140'))).toBeTruthy();
    expect(field(t('adtypes.newName')).getAttribute('aria-invalid')).toBe('true');
  });

  it('is the owner’s: a dispatcher is told so and nothing is loaded', async () => {
    const { api } = renderPage(['dispatcher']);
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(api.sent('GET /api/suppliers')).toHaveLength(0);
  });
});
