import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { CustomerEditPage } from './customer-edit-page';
import { makeCustomer, makeDetail, prefixes } from './test-data';

function renderEdit(fetch: MockRoutes = {}) {
  return renderWithApp(<CustomerEditPage />, {
    path: '/customer/5/edit',
    route: '/customer/:id/edit',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['technical_specialist']) } },
      'GET /api/phone_prefixes': { body: prefixes },
      'GET /api/customer/5': { body: makeDetail(5) },
      'PUT /api/customer/5/edit': { body: { item: makeCustomer(5, { first_name: 'Eliška' }) } },
      ...fetch,
    },
  });
}

const heading = () =>
  screen.findByRole('heading', { name: t('customers.editHeading', { name: 'Alžběta Zelenková' }) });

describe('CustomerEditPage', () => {
  it('starts from the stored customer and saves with the snake_case edit payload and the version', async () => {
    const { user, api } = renderEdit();
    await heading();
    expect(field(t('customers.fields.address')).value).toBe('Lipová 12, 588 13 Polná');
    expect(field(t('customers.fields.lat')).value).toBe('49.4875');
    const firstName = field(t('customers.fields.firstName'));
    await user.clear(firstName);
    await user.type(firstName, 'Eliška');
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customer/5'));
    expect(api.sent('PUT /api/customer/5/edit')[0]?.body).toEqual({
      first_name: 'Eliška',
      last_name: 'Zelenková',
      organization_id: '',
      organization_name: '',
      vat_id: '',
      pre_phone: '+420',
      phone: '603123456',
      email: 'alzbeta.zelenkova@seznam.cz',
      final_address: 'Lipová 12, 588 13 Polná',
      town: 'Polná',
      zip: '588 13',
      country: 'Česká republika',
      lat: 49.4875,
      lon: 15.7201,
      version: 3,
    });
  });

  it('keeps a legacy IČO that fails the check while it is unchanged, and checks a new one', async () => {
    const legacy = makeCustomer(5, { organization_id: '12345678', organization_name: 'Stará firma' });
    const { user, api } = renderEdit({
      'GET /api/customer/5': { body: makeDetail(5, { customer: { ...legacy, files: [] } }) },
    });
    await heading();
    await user.clear(field(t('customers.fields.organizationId')));
    await user.type(field(t('customers.fields.organizationId')), '12345670');
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    expect(await screen.findByText(t('companyIds.ico_checksum'))).toBeTruthy();
    expect(api.sent('PUT /api/customer/5/edit')).toEqual([]);
    await user.clear(field(t('customers.fields.organizationId')));
    await user.type(field(t('customers.fields.organizationId')), '12345678');
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    await waitFor(() => expect(api.sent('PUT /api/customer/5/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/customer/5/edit')[0]?.body).toMatchObject({ organization_id: '12345678' });
  });

  it('an emptied required field shows the missing-fields alert and sends nothing', async () => {
    const { user, api } = renderEdit();
    await heading();
    await user.clear(field(t('customers.fields.town')));
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(api.sent('PUT /api/customer/5/edit')).toEqual([]);
  });

  it('a stale edit (409) says so and reloading brings the newer record', async () => {
    const { user, api } = renderEdit({
      'PUT /api/customer/5/edit': { status: 409, body: { error_code: 140, message: 'stale' } },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    expect((await screen.findByRole('alert')).textContent).toContain(t('errors.140'));
    const newer = makeCustomer(5, { version: 4 });
    newer.address.town = 'Jihlava';
    api.on('GET /api/customer/5', { body: makeDetail(5, { customer: { ...newer, files: [] } }) });
    await user.click(screen.getByRole('button', { name: t('customers.reload') }));
    await waitFor(() => expect(field(t('customers.fields.town')).value).toBe('Jihlava'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unknown customer returns to the list', async () => {
    renderEdit({
      'GET /api/customer/5': { status: 404, body: { error_code: 130, message: 'Customer not found' } },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
  });
});
