import type { Clash } from '@letokruh/contracts/order-steps';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSupplier } from '../../test-data';
import { type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { OrderInternPage } from './order-intern-page';
import { makeItemsOrder } from './test-data';

const driver = { id: 5, username: 'driver', first_name: 'Josef', last_name: 'Černý', name: 'Josef Černý' };
const planned = makeItemsOrder(5, {
  driver,
  expected_delivery_date: '2026-11-23',
  expected_delivery_time: '09:30',
  expected_delivery_datetime: '2026-11-23T09:30',
});

const clashes: Clash[] = [
  {
    kind: 'driver',
    id: 141,
    intern_id: 2026000122,
    name: 'František Růžička, Rantířov',
    from: '2026-11-23T09:08',
    to: '2026-11-23T10:52',
  },
];

function renderStep(fetch: MockRoutes = {}, order = planned, functions = ['dispatcher' as const]) {
  return renderWithApp(<OrderInternPage />, {
    path: '/order/5/intern',
    route: '/order/:id/intern',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/order/5': { body: { item: order } },
      'GET /api/order/5/drivers': { body: { items: [driver] } },
      'GET /api/order/5/warehouse_cars': {
        body: { items: [{ id: 2, name: 'Tatra 815', hex_color: '#000' }] },
      },
      'GET /api/suppliers': { body: { items: [makeSupplier(1)] } },
      'GET /api/adtypes': { body: { items: [{ id: 3, name: 'Doporučení', active: true }] } },
      'GET /api/api/get-orders': { body: { days: [], warehouses: [], drivers: [], cars: [] } },
      'GET /api/api/get-vacations': { body: { data: [] } },
      'GET /api/api/get-drivers-vacations': { body: { data: [] } },
      'POST /api/order/5/intern': (request) =>
        (request.body as { confirm_overlap: boolean }).confirm_overlap
          ? { body: { item: planned } }
          : { status: 409, body: { error_code: 141, message: 'clashes', clashes } },
      ...fetch,
    },
  });
}

const saveDetail = () => screen.findByRole('button', { name: t('orderSteps.intern.saveDetail') });

describe('OrderInternPage', () => {
  it('asks about the clashes the server found and, confirmed, sends the same form with confirm_overlap', async () => {
    const { user, api } = renderStep();
    await user.click(await saveDetail());
    const dialog = await screen.findByRole('dialog', { name: t('orderSteps.clashes.title') });
    expect(within(dialog).getByText(/Dodávka v tuto dobu narazí na/)).toBeTruthy();
    expect(within(dialog).getByText(/2026000122 \(František Růžička, Rantířov\), 9:08–10:52/)).toBeTruthy();
    expect(within(dialog).getByText('Opravdu chcete objednávku uložit?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('orderSteps.clashes.saveAnyway') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5'));
    const [first, second] = api.sent('POST /api/order/5/intern').map((r) => r.body);
    expect(first).toMatchObject({
      driver_id: 5,
      expected_delivery_date: '2026-11-23',
      expected_delivery_time: '09:30',
      payment_type: 'cash',
      confirm_overlap: false,
      version: 4,
    });
    expect(second).toEqual({ ...(first as object), confirm_overlap: true });
  });

  it('going back from the clash question saves nothing and stays on the form', async () => {
    const { user, api } = renderStep();
    await user.click(await saveDetail());
    const dialog = await screen.findByRole('dialog', { name: t('orderSteps.clashes.title') });
    await user.click(within(dialog).getByRole('button', { name: t('orderSteps.clashes.back') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/order/5/intern')).toHaveLength(1);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('saves and goes to the list, or creates the next order and opens its customer step', async () => {
    const ok: MockRoutes = { 'POST /api/order/5/intern': { body: { item: planned } } };
    const list = renderStep(ok);
    await list.user.click(await screen.findByRole('button', { name: t('orderSteps.intern.saveList') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders'));
    list.unmount();

    const next = renderStep({ ...ok, 'GET /api/order/add': { body: { id: 77 } } });
    await next.user.click(await screen.findByRole('button', { name: t('orderSteps.intern.saveNext') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/77/customer'));
  });

  it('a new order without day, time or driver says to fill in the required fields and sends nothing', async () => {
    const { user, api } = renderStep({}, makeItemsOrder(5));
    await user.click(await saveDetail());
    expect((await screen.findByRole('alert')).textContent).toBe('Vyplňte prosím všechna povinná pole.');
    expect(api.sent('POST /api/order/5/intern')).toEqual([]);
  });

  it('a QR transfer without a supplier asks for one', async () => {
    const { user, api } = renderStep();
    await user.click(await screen.findByLabelText(t('orderSteps.intern.payments.qr_transfer')));
    await user.click(await saveDetail());
    expect((await screen.findByRole('alert')).textContent).toBe('Vyberte prosím dodavatele.');
    expect(api.sent('POST /api/order/5/intern')).toEqual([]);
  });

  it('lists suppliers to a technician too (they read orders), so a QR transfer can name one', async () => {
    const { api } = renderStep({}, planned, ['technical_specialist' as 'dispatcher']);
    await saveDetail();
    await waitFor(() => expect(api.sent('GET /api/suppliers').length).toBeGreaterThan(0));
    expect(screen.queryByText(t('orderSteps.intern.supplierByDispatcher'))).toBeNull();
  });

  it('asks the calendar for the day of the warehouse, other warehouses too, without this order', async () => {
    const { api } = renderStep();
    await waitFor(() => expect(api.sent('GET /api/api/get-orders').length).toBeGreaterThan(0));
    const query = api.sent('GET /api/api/get-orders').at(-1)?.url.searchParams;
    expect(query?.getAll('warehouses')).toEqual(['1']);
    expect(query?.getAll('dates')).toEqual(['2026-11-23']);
    expect(query?.get('show_cobined')).toBe('true');
    expect(query?.get('id_out')).toBe('5');
  });

  it('personal collection clears the car and says the car and transport price go; the payload has no car', async () => {
    const withCar = { ...planned, car: { id: 2, name: 'Tatra 815', hex_color: '#000' } };
    const { user, api } = renderStep(
      { 'POST /api/order/5/intern': { body: { item: planned, cleared: [] } } },
      withCar,
    );
    const driverSelect = await screen.findByLabelText(new RegExp(`^${t('orderSteps.intern.driver')}`), {
      selector: 'input',
    });
    await user.click(driverSelect);
    await user.click(
      await screen.findByRole('option', { name: t('orderSteps.intern.personalCollection'), hidden: true }),
    );
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Zákazník si zboží vyzvedne ve skladu');
    expect(notice.textContent).toMatch(/Uložením se zruší auto \(Tatra 815\) a cena dopravy 750,00\s?Kč\./);
    expect(
      screen.getByLabelText(new RegExp(`^${t('orderSteps.intern.car')}`), { selector: 'input' }),
    ).toHaveProperty('disabled', true);
    await user.click(await saveDetail());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5'));
    expect(api.sent('POST /api/order/5/intern')[0]?.body).toMatchObject({ driver_id: null, car_id: null });
  });

  it('a former personal collection given a driver gets the default transport rate back, and says so', async () => {
    const collection = {
      ...planned,
      driver: null,
      delivery_price: { amount: 0, minimum_price: 0, price: 0 },
    };
    const { user, api } = renderStep({ 'POST /api/order/5/intern': { body: { item: planned } } }, collection);
    const driverSelect = await screen.findByLabelText(new RegExp(`^${t('orderSteps.intern.driver')}`), {
      selector: 'input',
    });
    expect((driverSelect as HTMLInputElement).value).toBe(t('orderSteps.intern.personalCollection'));
    await user.click(driverSelect);
    await user.click(await screen.findByRole('option', { name: 'Josef Černý', hidden: true }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /výchozí sazbou 30,00\s?Kč za km, minimálně 600,00\s?Kč/,
    );
    await user.click(await saveDetail());
    await waitFor(() => expect(api.sent('POST /api/order/5/intern')).toHaveLength(1));
    expect(api.sent('POST /api/order/5/intern')[0]?.body).toMatchObject({
      driver_id: 5,
      delivery_price_amount: 30,
      minimim_delivery_price: 600,
    });
  });
});
