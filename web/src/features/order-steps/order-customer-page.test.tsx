import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { OrderCustomerPage } from './order-customer-page';
import { makeCustomer, makeOrder } from './test-data';

const prefixes = { items: [{ code: '+420' as const, country: 'Česká republika' }] };

function renderStep(fetch: MockRoutes = {}, order = makeOrder(5)) {
  return renderWithApp(<OrderCustomerPage />, {
    path: '/order/5/customer',
    route: '/order/:id/customer',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
      'GET /api/phone_prefixes': { body: prefixes },
      'GET /api/order/5': { body: { item: order } },
      'POST /api/order/5/customer': { body: { item: makeOrder(5, { customer: makeCustomer(8) }) } },
      ...fetch,
    },
  });
}

const continueButton = () =>
  screen.getByRole('button', { name: t('orderSteps.continue') }) as HTMLButtonElement;
const findPanel = async () => screen.findByRole('region', { name: t('orderSteps.customer.findHeading') });
/** A field of the find-customer panel (the add-customer form beside it has fields of the same names). */
const searchField = (label: string) =>
  within(screen.getByRole('region', { name: t('orderSteps.customer.findHeading') })).getByRole('textbox', {
    name: label,
  });

/** The add-customer form filled with a valid new customer. */
async function fillForm(user: ReturnType<typeof renderStep>['user']) {
  const form = document.querySelector('form') as HTMLFormElement;
  const fill = async (label: string, text: string) => {
    await user.click(
      within(form).getByLabelText(label, {
        selector: 'input',
        normalizer: (s) => s.replace(/\s*\*\s*$/, '').trim(),
      }),
    );
    await user.paste(text);
  };
  await fill(t('customers.fields.firstName'), 'Alžběta');
  await fill(t('customers.fields.lastName'), 'Zelenková');
  await fill(t('customers.fields.phone'), '603 123 456');
  await fill(t('customers.fields.address'), 'Lipová 12, 588 13 Polná');
  await fill(t('customers.fields.town'), 'Polná');
  await fill(t('customers.fields.zip'), '588 13');
  await fill(t('customers.fields.lat'), '49,4875');
  await fill(t('customers.fields.lon'), '15,7201');
}

describe('OrderCustomerPage', () => {
  it('chooses a single match by itself, then posts { id_found } with the version and goes to the items step', async () => {
    const { user, api } = renderStep({
      'GET /api/api/get-customers/phone': { body: { data: [makeCustomer(8)] } },
    });
    await findPanel();
    expect(continueButton().disabled).toBe(true);
    await user.type(searchField(t('orderSteps.customer.phone')), '603');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(screen.getByText('+420 603 123 456')).toBeTruthy();
    const search = api.sent('GET /api/api/get-customers/phone').at(-1);
    expect(search?.url.searchParams.get('phone')).toBe('603');
    await user.click(continueButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5/items'));
    expect(api.sent('POST /api/order/5/customer')[0]?.body).toEqual({ id_found: 8, version: 4 });
  });

  it('clearing the whole search lets go of the customer it found', async () => {
    const { user } = renderStep({
      'GET /api/api/get-customers/phone': { body: { data: [makeCustomer(8)] } },
    });
    await findPanel();
    await user.type(searchField(t('orderSteps.customer.phone')), '603');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.clear(searchField(t('orderSteps.customer.phone')));
    await waitFor(() => expect(continueButton().disabled).toBe(true));
    expect(screen.queryByText('+420 603 123 456')).toBeNull();
  });

  it('lists several matches to pick from; clearing a field empties the results', async () => {
    const { user } = renderStep({
      'GET /api/api/get-customers/phone': {
        body: {
          data: [makeCustomer(8), makeCustomer(9, { name: 'Bohumil Zelenka', whole_phone: '+420603999111' })],
        },
      },
    });
    await findPanel();
    await user.type(searchField(t('orderSteps.customer.lastName')), 'Zelen');
    const candidate = await screen.findByRole('radio', { name: 'Bohumil Zelenka' });
    expect(screen.getByRole('radio', { name: 'Alžběta Zelenková' })).toBeTruthy();
    // Two candidates: nobody is chosen until the user picks one.
    expect(continueButton().disabled).toBe(true);
    await user.click(candidate);
    expect(continueButton().disabled).toBe(false);

    await user.clear(searchField(t('orderSteps.customer.lastName')));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Bohumil Zelenka' })).toBeNull());
    expect(screen.queryByRole('radio', { name: 'Alžběta Zelenková' })).toBeNull();
  });

  it('shows the customer of an order being edited as chosen, and continues without a save', async () => {
    const { user, api } = renderStep({}, makeOrder(5, { customer: makeCustomer(8) }));
    await findPanel();
    expect(continueButton().disabled).toBe(false);
    await user.click(continueButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5/items'));
    expect(api.sent('POST /api/order/5/customer')).toEqual([]);
  });

  it('creates a new customer through the add-customer form posted to the same path', async () => {
    const { user, api } = renderStep();
    await findPanel();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: t('orderSteps.customer.createAndContinue') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5/items'));
    expect(api.sent('POST /api/order/5/customer')[0]?.body).toMatchObject({
      firstName: 'Alžběta',
      phone: '603123456',
      lat: 49.4875,
      version: 4,
    });
  });

  it('a likely duplicate offers the existing customer: "Použít existujícího" picks it for the order', async () => {
    const { user, api } = renderStep({
      'POST /api/order/5/customer': (request) =>
        'id_found' in (request.body as object)
          ? { body: { item: makeOrder(5, { customer: makeCustomer(7) }) } }
          : {
              status: 409,
              body: {
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
                    email: '',
                    matched_by: ['name_town'],
                  },
                ],
              },
            },
    });
    await findPanel();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: t('orderSteps.customer.createAndContinue') }));
    const dialog = await screen.findByRole('dialog', { name: 'Tento zákazník už asi existuje' });
    expect(within(dialog).getByText('stejné jméno a město')).toBeTruthy();
    expect(screen.queryByText(t('orderSteps.staleText'))).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Použít existujícího' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5/items'));
    expect(api.sent('POST /api/order/5/customer').map((r) => r.body)).toEqual([
      expect.objectContaining({ firstName: 'Alžběta', version: 4 }),
      { id_found: 7, version: 4 },
    ]);
  });

  it('"Přesto vytvořit nového" sends the form again with allow_duplicate', async () => {
    const { user, api } = renderStep({
      'POST /api/order/5/customer': (request) =>
        (request.body as { allow_duplicate?: boolean }).allow_duplicate
          ? { body: { item: makeOrder(5, { customer: makeCustomer(9) }) } }
          : { status: 409, body: { error_code: 160, message: 'exists', customers: [] } },
    });
    await findPanel();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: t('orderSteps.customer.createAndContinue') }));
    const dialog = await screen.findByRole('dialog', { name: 'Tento zákazník už asi existuje' });
    await user.click(within(dialog).getByRole('button', { name: 'Přesto vytvořit nového' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5/items'));
    expect(api.sent('POST /api/order/5/customer')[1]?.body).toMatchObject({
      firstName: 'Alžběta',
      allow_duplicate: true,
      version: 4,
    });
  });

  it('a stale save (409) says so and offers to reload; nothing is taken as saved', async () => {
    const { user } = renderStep({
      'GET /api/api/get-customers/phone': { body: { data: [makeCustomer(8)] } },
      'POST /api/order/5/customer': { status: 409, body: { error_code: 140, message: 'stale' } },
    });
    await findPanel();
    await user.type(searchField(t('orderSteps.customer.phone')), '603');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    expect(await screen.findByText(t('orderSteps.staleText'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('orderSteps.reload') })).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
