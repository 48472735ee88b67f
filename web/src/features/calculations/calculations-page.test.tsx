import type { CalculationAnswer } from '@letokruh/contracts/calculations';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, makeProfile, renderWithApp, t } from '../../test-utils';
import { productGroups } from '../order-steps/test-data';
import { CalculationsPage } from './calculations-page';

const address = {
  full_address: 'Jihlavská 1, Jihlava',
  town: 'Jihlava',
  zip_code: '586 01',
  country: 'CZ',
  gps_lat: 49.3961,
  gps_lon: 15.5912,
};
const quote: CalculationAnswer = {
  warehouse: { id: 1, name: 'Sklad Jihlava', address },
  currency: 'CZK',
  lines: [],
  distance: 12.5,
  duration: 18,
  estimate: true,
  delivery_price: { amount: 30, minimum_price: 600, price: 750 },
  product_prices: 3750,
  total_price: 3719.01,
  total_price_vat: 780.99,
  price_with_vat: 4500,
};

function renderPage() {
  return renderWithApp(<CalculationsPage />, {
    path: '/calculations',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
      'GET /api/calculation/warehouses': {
        body: { items: [{ id: 1, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#fff', address }] },
      },
      'GET /api/calculation/products': { body: { products_types: productGroups } },
      'POST /api/calculation': { body: quote },
      'POST /api/calculation/order': { status: 201, body: { id: 55 } },
    },
  });
}

type User = ReturnType<typeof renderPage>['user'];

async function addLine(user: User, name: RegExp, amount: string) {
  const input = field(t('calculations.product'));
  await user.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await user.click(within(list).getByRole('option', { name, hidden: true }));
  await user.clear(field(t('calculations.amount')));
  await user.type(field(t('calculations.amount')), amount);
  await user.click(screen.getByRole('button', { name: t('calculations.add') }));
}

describe('CalculationsPage (domain.md §3.3)', () => {
  it('asks the server for the quote, adds up a product added twice and turns the quote into an order', async () => {
    const { user, api } = renderPage();
    await waitFor(() => expect(field(t('calculations.warehouse')).value).toBe('Sklad Jihlava'));
    await addLine(user, /^Borovice/, '2');
    await addLine(user, /^Borovice/, '1');
    expect(field(t('calculations.amountOf', { name: 'Borovice štípaná 33 cm' })).value).toBe('3');
    await user.type(field(t('calculations.destination')), '49.6, 15.4');
    // Items step rule (domain.md §1.4): a rate changed from its default drops the default minimum to 0.
    await user.clear(field(t('calculations.rate', { currency: 'CZK' })));
    await user.type(field(t('calculations.rate', { currency: 'CZK' })), '35');
    expect(field(t('calculations.minimum', { currency: 'CZK' })).value).toBe('600');
    await user.tab();
    expect(field(t('calculations.minimum', { currency: 'CZK' })).value).toBe('0');
    const expected = {
      warehouse_id: 1,
      currency: 'CZK',
      products: [{ id: 5, amount: 3 }],
      destination: { gps_lat: 49.6, gps_lon: 15.4 },
      delivery_price_amount: 35,
      minimim_delivery_price: 0,
    };
    await waitFor(() => expect(api.sent('POST /api/calculation').at(-1)?.body).toEqual(expected));
    // The quote's answer is drawn after it was asked for: waited for, not assumed.
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toMatch(/4\s500,00/));
    await user.click(screen.getByRole('button', { name: t('calculations.createOrder') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/55/customer'));
    expect(api.sent('POST /api/calculation/order')[0]?.body).toEqual(expected);
  });

  it('clears the lines and resets the delivery defaults when the currency changes', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(field(t('calculations.warehouse')).value).toBe('Sklad Jihlava'));
    await addLine(user, /^Piliny/, '4');
    expect(screen.queryByText(t('calculations.noLines'))).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    expect(screen.getByText(t('calculations.noLines'))).toBeTruthy();
    expect(field(t('calculations.rate', { currency: 'EUR' })).value).toBe('1,25');
    expect(field(t('calculations.minimum', { currency: 'EUR' })).value).toBe('30');
  });

  it('tells a user without view_calculation so, asking the server nothing', async () => {
    const { api } = renderWithApp(<CalculationsPage />, {
      path: '/calculations',
      fetch: { 'GET /api/auth/user': { body: { user: makeProfile(['driver']) } } },
    });
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(api.sent('GET /api/calculation/warehouses')).toEqual([]);
  });
});
