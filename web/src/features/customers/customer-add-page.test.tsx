import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t, testConfig } from '../../test-utils';
import { CustomerAddPage } from './customer-add-page';
import { makeCustomer, prefixes } from './test-data';

type User = ReturnType<typeof renderWithApp>['user'];

function renderAdd(fetch: MockRoutes = {}) {
  return renderWithApp(<CustomerAddPage />, {
    path: '/customer/add',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['technical_specialist']) } },
      'GET /api/phone_prefixes': { body: prefixes },
      'POST /api/customer/add': { status: 201, body: { item: makeCustomer(41) } },
      ...fetch,
    },
  });
}

async function fill(user: User, label: string, text: string) {
  const input = field(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function fillRequired(user: User) {
  await fill(user, t('customers.fields.firstName'), 'Alžběta');
  await fill(user, t('customers.fields.lastName'), 'Zelenková');
  await fill(user, t('customers.fields.phone'), '603 123 456');
  await fill(user, t('customers.fields.address'), 'Lipová 12, 588 13 Polná');
  await fill(user, t('customers.fields.town'), 'Polná');
  await fill(user, t('customers.fields.zip'), '588 13');
  await fill(user, t('customers.fields.lat'), '49,4875');
  await fill(user, t('customers.fields.lon'), '15,7201');
}

const duplicateAnswer = {
  error_code: 160,
  message: 'A customer like this exists',
  customers: [
    {
      id: 7,
      intern_id: 10007,
      name: 'Alžběta Zelenková',
      organization_name: '',
      town: 'Polná',
      whole_phone: '+420603123456',
      email: 'alzbeta@seznam.cz',
      matched_by: ['phone'],
    },
  ],
};

const submit = (user: User) => user.click(screen.getByRole('button', { name: t('customers.create') }));

describe('CustomerAddPage', () => {
  it('sends nothing and shows the red missing-fields alert while a required field is empty', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    await fill(user, t('customers.fields.firstName'), 'Alžběta');
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Vyplňte prosím všechna povinná pole');
    expect(field(t('customers.fields.lastName')).getAttribute('aria-invalid')).toBe('true');
    expect(field(t('customers.fields.firstName')).getAttribute('aria-invalid')).not.toBe('true');
    expect(api.sent('POST /api/customer/add')).toEqual([]);
  });

  it('creates with the camelCase create payload, prefix +420 by default, then goes to the list', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    expect(field(t('customers.fields.email')).type).toBe('email');
    expect(field(t('customers.fields.phonePrefix')).value).toBe('+420');
    await fillRequired(user);
    await fill(user, t('customers.fields.email'), 'alzbeta.zelenkova@seznam.cz');
    await fill(user, t('customers.fields.organizationId'), '25301233');
    await submit(user);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
    expect(api.sent('POST /api/customer/add')[0]?.body).toEqual({
      firstName: 'Alžběta',
      lastName: 'Zelenková',
      organizationId: '25301233',
      organizationName: '',
      vatId: '',
      phonePrefix: '+420',
      phone: '603123456',
      email: 'alzbeta.zelenkova@seznam.cz',
      address: 'Lipová 12, 588 13 Polná',
      town: 'Polná',
      zip: '588 13',
      country: 'Česká republika',
      lat: 49.4875,
      lon: 15.7201,
    });
  });

  it('choosing Slovakia asks in a dialog whether to switch the prefix to +421, and switches', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    await fillRequired(user);
    await fill(user, t('customers.fields.country'), 'Slovensko');
    await user.tab();
    const dialog = await screen.findByRole('dialog', { name: t('customers.prefixTitle') });
    expect(dialog.textContent).toContain(
      t('customers.prefixQuestion', { country: 'Slovensko', prefix: '+421' }),
    );
    await user.click(
      within(dialog).getByRole('button', { name: t('customers.prefixSwitch', { prefix: '+421' }) }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field(t('customers.fields.phonePrefix')).value).toBe('+421');
    await submit(user);
    await waitFor(() => expect(api.sent('POST /api/customer/add')).toHaveLength(1));
    expect(api.sent('POST /api/customer/add')[0]?.body).toMatchObject({
      country: 'Slovensko',
      phonePrefix: '+421',
    });
  });

  it('keeping the prefix leaves +420 and does not ask again for the same country', async () => {
    const { user } = renderAdd();
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    await fill(user, t('customers.fields.country'), 'Rakousko');
    await user.tab();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('+43');
    await user.click(
      within(dialog).getByRole('button', { name: t('customers.prefixKeep', { prefix: '+420' }) }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field(t('customers.fields.phonePrefix')).value).toBe('+420');
    await user.click(field(t('customers.fields.country')));
    await user.tab();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a pair of coordinates pasted from a map fills latitude and longitude', async () => {
    const { user } = renderAdd();
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    expect(screen.getByText(t('customers.coordinatesByHand'))).toBeTruthy();
    await user.click(field(t('customers.fields.lat')));
    await user.paste('49.4875, 15.7201');
    expect(field(t('customers.fields.lat')).value).toBe('49.4875');
    expect(field(t('customers.fields.lon')).value).toBe('15.7201');
  });

  it('a wrong phone and e-mail are named at their fields and nothing is sent', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    await fillRequired(user);
    await fill(user, t('customers.fields.phone'), '12');
    await fill(user, t('customers.fields.email'), 'not-an-address');
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(t('customers.checkFields'));
    expect(screen.getByText(t('customers.invalid.phone'))).toBeTruthy();
    expect(screen.getByText(t('customers.invalid.email'))).toBeTruthy();
    expect(api.sent('POST /api/customer/add')).toEqual([]);
  });

  it('says what is wrong with a Czech IČO or DIČ, then sends both normalised', async () => {
    const { user, api } = renderAdd();
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    await fillRequired(user);
    await fill(user, t('customers.fields.organizationId'), '25301234');
    await fill(user, t('customers.fields.vatId'), 'CZ1234');
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(t('customers.checkFields'));
    expect(screen.getByText(t('companyIds.ico_checksum'))).toBeTruthy();
    expect(screen.getByText(t('companyIds.vat_id_format'))).toBeTruthy();
    expect(api.sent('POST /api/customer/add')).toEqual([]);
    await fill(user, t('customers.fields.organizationId'), '253 01 233');
    await fill(user, t('customers.fields.vatId'), 'cz 25301233');
    await submit(user);
    await waitFor(() => expect(api.sent('POST /api/customer/add')).toHaveLength(1));
    expect(api.sent('POST /api/customer/add')[0]?.body).toMatchObject({
      organizationId: '25301233',
      vatId: 'CZ25301233',
    });
  });

  it('with a maps service, a picked suggestion fills the address and coordinates (1000 ms after typing)', async () => {
    const { user, api } = renderAdd({
      'GET /api/config': { body: { ...testConfig, address_suggestions: true } },
      'GET /api/address_suggestions': {
        body: {
          items: [
            {
              label: 'Hlavní 5, Bratislava, Slovensko',
              address: 'Hlavní 5, 811 01 Bratislava',
              town: 'Bratislava',
              zip: '811 01',
              country: 'Slovensko',
              lat: 48.1486,
              lon: 17.1077,
            },
          ],
        },
      },
    });
    await screen.findByText(t('customers.finderHint'));
    await user.click(field(t('customers.finder')));
    await user.paste('Hlavní 5 Bratislava');
    expect(api.sent('GET /api/address_suggestions')).toEqual([]);
    const option = await screen.findByRole('option', {
      name: 'Hlavní 5, Bratislava, Slovensko',
      hidden: true,
    });
    expect(api.sent('GET /api/address_suggestions')).toHaveLength(1);
    expect(api.sent('GET /api/address_suggestions')[0]?.url.searchParams.get('query')).toBe(
      'Hlavní 5 Bratislava',
    );
    await user.click(option);
    expect(field(t('customers.fields.address')).value).toBe('Hlavní 5, 811 01 Bratislava');
    expect(field(t('customers.fields.town')).value).toBe('Bratislava');
    expect(field(t('customers.fields.lat')).value).toBe('48.1486');
    expect(field(t('customers.fields.lon')).value).toBe('17.1077');
    // The found country asks about the prefix too.
    expect(await screen.findByRole('dialog', { name: t('customers.prefixTitle') })).toBeTruthy();
  });

  it('a likely duplicate opens "Tento zákazník už asi existuje": create anyway resends with allow_duplicate', async () => {
    const { user, api } = renderAdd({
      'POST /api/customer/add': (request) =>
        (request.body as { allow_duplicate?: boolean }).allow_duplicate
          ? { status: 201, body: { item: makeCustomer(41) } }
          : { status: 409, body: duplicateAnswer },
    });
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    await fillRequired(user);
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Tento zákazník už asi existuje' });
    expect(within(dialog).getByText('Alžběta Zelenková')).toBeTruthy();
    expect(within(dialog).getByText('Polná · +420 603 123 456 · alzbeta@seznam.cz')).toBeTruthy();
    expect(within(dialog).getByText('stejný telefon')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Přesto vytvořit nového' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
    const sent = api.sent('POST /api/customer/add');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).not.toHaveProperty('allow_duplicate');
    expect(sent[1]?.body).toEqual({ ...(sent[0]?.body as object), allow_duplicate: true });
  });

  it('"Použít existujícího" opens the existing customer and creates nothing', async () => {
    const { user, api } = renderAdd({ 'POST /api/customer/add': { status: 409, body: duplicateAnswer } });
    await screen.findByRole('heading', { name: t('customers.addHeading') });
    await fillRequired(user);
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Tento zákazník už asi existuje' });
    await user.click(within(dialog).getByRole('button', { name: 'Použít existujícího' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customer/7'));
    expect(api.sent('POST /api/customer/add')).toHaveLength(1);
  });

  it('a user without add_customer is told so', async () => {
    renderAdd({ 'GET /api/auth/user': { body: { user: makeProfile(['driver']) } } });
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
  });
});
