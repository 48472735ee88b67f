import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { OrderItemsPage } from './order-items-page';
import { distances, makeItemsOrder, makeProduct, pickerStock, productGroups } from './test-data';

type User = ReturnType<typeof renderWithApp>['user'];

function renderStep(fetch: MockRoutes = {}, order = makeItemsOrder(5)) {
  return renderWithApp(<OrderItemsPage />, {
    path: '/order/5/items',
    route: '/order/:id/items',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
      'GET /api/order/5': { body: { item: order } },
      'GET /api/warehouse_distance/5': { body: { warehouses_distance: distances } },
      'GET /api/available_products': { body: { products_types: productGroups } },
      'POST /api/order/5/items': { body: { item: order } },
      'GET /api/warehouse/1/product_stock': { body: pickerStock },
      'GET /api/warehouse/2/product_stock': { body: { items: [], total: 0 } },
      ...fetch,
    },
  });
}

/** Text as a user reads it: Intl puts no-break spaces into "4 301,50 Kč". */
const shown = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ');

async function add(user: User, product: string, amount: string) {
  await user.click(await screen.findByRole('radio', { name: product }));
  const count = field(t('orderSteps.items.count'));
  await user.clear(count);
  await user.type(count, `${amount}{Enter}`);
}

const line = (name: string) => screen.getByRole('group', { name });
const amountOf = (name: string) =>
  (within(line(name)).getByLabelText(t('orderSteps.items.amount')) as HTMLInputElement).value;

describe('OrderItemsPage', () => {
  it('finds a product as one types, without accents, and adds it by keyboard: name, Enter, amount, Enter', async () => {
    const { user } = renderStep();
    const search = await screen.findByRole('textbox', { name: t('orderSteps.items.search') });
    await screen.findByRole('radio', { name: 'Piliny' });
    await user.click(search);
    await user.keyboard('smrk');
    expect(screen.queryByRole('radio', { name: 'Borovice štípaná 33 cm' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Smrk štípaný 25 cm' })).toBeTruthy();
    await user.keyboard('{Enter}');
    const count = field(t('orderSteps.items.count'));
    await waitFor(() => expect(document.activeElement).toBe(count));
    await user.keyboard('3{Enter}');
    expect(amountOf('Smrk štípaný 25 cm')).toBe('3');
    // Back in the search, emptied, for the next line.
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe('');
  });

  it("shows each product's free and projected stock in the chosen warehouse, a shortage in words", async () => {
    renderStep();
    const pine = await screen.findByRole('radio', { name: 'Borovice štípaná 33 cm' });
    await waitFor(() =>
      expect(within(pine).getByTestId('picker-stock').textContent).toContain('volné 8 PRMS'),
    );
    expect(within(pine).getByTestId('picker-stock').textContent).toContain('30.11.2026: 6 PRMS');
    const spruce = screen.getByRole('radio', { name: 'Smrk štípaný 25 cm' });
    expect(within(spruce).getByTestId('picker-stock').textContent).toContain('nic volné, chybí 9 PRMS');
  });

  it('keeps the lines typed and not saved when the step is left, and restores them on coming back', async () => {
    const first = renderStep();
    await add(first.user, 'Piliny', '4');
    first.unmount();
    const { user } = renderStep();
    await waitFor(() => expect(amountOf('Piliny')).toBe('4'));
    expect(screen.getByTestId('items-restored')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t('orderSteps.items.discardRestored') }));
    expect(screen.queryByRole('group', { name: 'Piliny' })).toBeNull();
  });

  it('adds lines (Enter adds), and adding a product already on the order raises its amount', async () => {
    const { user } = renderStep();
    await add(user, 'Borovice štípaná 33 cm', '2');
    expect(amountOf('Borovice štípaná 33 cm')).toBe('2');
    await add(user, 'Borovice štípaná 33 cm', '1,5');
    expect(amountOf('Borovice štípaná 33 cm')).toBe('3,5');
    expect(screen.getAllByRole('group', { name: 'Borovice štípaná 33 cm' })).toHaveLength(1);
  });

  it('a count below 1 or an emptied count adds nothing, neither by Enter nor by the button (domain.md §1.5)', async () => {
    const { user } = renderStep();
    await add(user, 'Borovice štípaná 33 cm', '0,5');
    const count = field(t('orderSteps.items.count'));
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: t('orderSteps.items.add') })).toHaveProperty('disabled', true);
    await user.clear(count);
    await user.type(count, '{Enter}');
    expect(screen.queryByRole('group', { name: 'Borovice štípaná 33 cm' })).toBeNull();
    await user.type(count, '2{Enter}');
    expect(amountOf('Borovice štípaná 33 cm')).toBe('2');
    // The item box keeps its amount at 1 or more: 0,5 is marked and the last valid amount comes back.
    const amount = within(line('Borovice štípaná 33 cm')).getByLabelText(t('orderSteps.items.amount'));
    await user.clear(amount);
    await user.type(amount, '0,5');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(shown('total-products')).toBe('2 500,00 Kč');
    await user.tab();
    expect(amountOf('Borovice štípaná 33 cm')).toBe('2');
  });

  it('shows the totals of the price rule, computed by hand: 2 × 1250 (21 %), 3 × 350.50 (12 %), 12.5 km at 30', async () => {
    const { user } = renderStep();
    await add(user, 'Borovice štípaná 33 cm', '2');
    await add(user, 'Piliny', '3');
    // Goods 2500 + 1051.50; transport 30 × 12.5 × 2 = 750 (above the minimum 600).
    expect(shown('total-products')).toBe('3 551,50 Kč');
    expect(shown('total-delivery')).toBe('750,00 Kč');
    // Without VAT: 2066.12 + 938.84 + 619.83 = 3624.79; VAT 4301.50 − 3624.79 = 676.71.
    expect(shown('total-net')).toBe('3 624,79 Kč');
    expect(shown('total-vat')).toBe('676,71 Kč');
    expect(shown('total-with-vat')).toBe('4 301,50 Kč');
  });

  it('a new currency clears the items after a confirmation and brings its transport defaults', async () => {
    const { user } = renderStep();
    await add(user, 'Borovice štípaná 33 cm', '2');
    await user.click(screen.getByLabelText('EUR'));
    await user.click(
      await screen.findByRole('button', { name: t('orderSteps.items.currencyConfirm', { currency: 'EUR' }) }),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Borovice štípaná 33 cm' })).toBeNull());
    expect(screen.getByText(t('orderSteps.items.noLines'))).toBeTruthy();
    expect(field(t('orderSteps.items.rate', { currency: 'EUR' })).value).toBe('1,25');
    expect(field(t('orderSteps.items.minimum', { currency: 'EUR' })).value).toBe('30');
    // 1.25 × 12.5 × 2 = 31.25 is above the minimum 30.
    expect(shown('total-delivery')).toBe('31,25 €');
  });

  it('a rate changed from its default drops the default minimum to 0 (domain.md §1.4)', async () => {
    const { user } = renderStep({}, makeItemsOrder(5, { distance: 5 }));
    await screen.findByRole('radio', { name: 'Sklad Jihlava' });
    const rate = field(t('orderSteps.items.rate', { currency: 'CZK' }));
    // 30 × 5 × 2 = 300 is raised to the minimum 600.
    expect(shown('total-delivery')).toBe('600,00 Kč');
    await user.clear(rate);
    await user.type(rate, '35');
    await user.tab();
    expect(field(t('orderSteps.items.minimum', { currency: 'CZK' })).value).toBe('0');
    expect(shown('total-delivery')).toBe('350,00 Kč');
  });

  it('keeps a minimum that is not the default when the rate changes', async () => {
    const { user } = renderStep(
      {},
      makeItemsOrder(5, { distance: 5, delivery_price: { amount: 30, minimum_price: 450, price: 450 } }),
    );
    await screen.findByRole('radio', { name: 'Sklad Jihlava' });
    const rate = field(t('orderSteps.items.rate', { currency: 'CZK' }));
    await user.clear(rate);
    await user.type(rate, '40');
    await user.tab();
    expect(field(t('orderSteps.items.minimum', { currency: 'CZK' })).value).toBe('450');
  });

  it('another warehouse brings its distance and duration and reloads its products; an emptied price comes back on leaving it', async () => {
    const { user, api } = renderStep();
    await user.click(await screen.findByRole('radio', { name: 'Sklad Havlíčkův Brod' }));
    expect(field(t('orderSteps.items.distance')).value).toBe('31,37');
    expect(field(t('orderSteps.items.duration')).value).toBe('38');
    await waitFor(() =>
      expect(
        api.sent('GET /api/available_products').map((r) => r.url.searchParams.get('warehouse_id')),
      ).toContain('2'),
    );
    await add(user, 'Smrk štípaný 25 cm', '1');
    const price = within(line('Smrk štípaný 25 cm')).getByLabelText(
      t('orderSteps.items.unitPrice', { currency: 'CZK' }),
    ) as HTMLInputElement;
    await user.clear(price);
    await user.tab();
    expect(price.value).toBe('1 290');
  });

  it('saves the whole order with the version and the spec field names, then goes to the intern step', async () => {
    const { user, api } = renderStep();
    await add(user, 'Borovice štípaná 33 cm', '2');
    const price = within(line('Borovice štípaná 33 cm')).getByLabelText(
      t('orderSteps.items.unitPrice', { currency: 'CZK' }),
    );
    await user.clear(price);
    await user.type(price, '1200');
    await user.click(screen.getByRole('button', { name: t('orderSteps.continue') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5/intern'));
    expect(api.sent('POST /api/order/5/items')[0]?.body).toEqual({
      warehouse_id: 1,
      currency: 'CZK',
      products: [{ amount: 2, product: { product: { id: 5 }, amount: 1200, discount: 1 } }],
      distance: 12.5,
      duration: 16,
      delivery_price_amount: 30,
      minimim_delivery_price: 600,
      version: 4,
    });
    const query = api.sent('GET /api/available_products')[0]?.url.searchParams;
    expect([query?.get('warehouse_id'), query?.get('currency')]).toEqual(['1', 'CZK']);
  });

  it('offers no continue button until the warehouse and the currency are chosen', async () => {
    renderStep({}, makeItemsOrder(5, { warehouse: null, currency: null }));
    await screen.findByRole('radio', { name: 'Sklad Jihlava' });
    expect(screen.queryByRole('button', { name: t('orderSteps.continue') })).toBeNull();
  });

  it('a stale save (409 / 140) keeps the page and offers a reload', async () => {
    const { user } = renderStep({
      'POST /api/order/5/items': { status: 409, body: { error_code: 140, message: 'stale' } },
    });
    await add(user, 'Piliny', '1');
    await user.click(screen.getByRole('button', { name: t('orderSteps.continue') }));
    expect(await screen.findByText(t('orderSteps.staleText'))).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('products short (409 / 144) are named; saving anyway needs a reason and sends it', async () => {
    let calls = 0;
    const { user, api } = renderStep({
      'POST /api/order/5/items': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 409,
              body: {
                error_code: 144,
                message: 'Not enough stock',
                short: [
                  {
                    product_id: 5,
                    name: 'Borovice štípaná 33 cm',
                    measurement_unit: 'PRMS',
                    available: -1.5,
                    asked: 2,
                  },
                ],
              },
            }
          : { body: { item: makeItemsOrder(5) } };
      },
    });
    await add(user, 'Borovice štípaná 33 cm', '2');
    await user.click(screen.getByRole('button', { name: t('orderSteps.continue') }));
    const warning = await screen.findByTestId('short-stock');
    expect(within(warning).getByText(t('orderSteps.items.shortTitle'))).toBeTruthy();
    expect(
      within(warning).getByRole('listitem').textContent?.replace(/\s/g, ' ').replace('\u2212', '-'),
    ).toBe('Borovice štípaná 33 cm: volné -1,5 PRMS, žádáno 2 PRMS');
    expect(screen.queryByRole('button', { name: t('orderSteps.continue') })).toBeNull();
    // Not a stale copy: no reload is offered.
    expect(screen.queryByText(t('orderSteps.staleText'))).toBeNull();
    // Without a reason nothing is sent.
    await user.click(within(warning).getByRole('button', { name: t('orderSteps.items.shortSave') }));
    expect(await screen.findByText(t('orderSteps.items.shortReasonMissing'))).toBeTruthy();
    expect(api.sent('POST /api/order/5/items')).toHaveLength(1);
    await user.type(field(t('orderSteps.items.shortReason')), 'Dodávka borovice přijde zítra');
    await user.click(within(warning).getByRole('button', { name: t('orderSteps.items.shortSave') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/5/intern'));
    expect(api.sent('POST /api/order/5/items')[1]?.body).toMatchObject({
      products: [{ amount: 2, product: { product: { id: 5 } } }],
      confirm_short_stock: true,
      short_stock_reason: 'Dodávka borovice přijde zítra',
    });
  });

  it('another warehouse re-prices the lines after a confirmation of old → new totals, naming lines it does not price', async () => {
    // Havlíčkův Brod sells pine dearer and has no sawdust.
    const brod = [{ name: 'Měkké', products: [makeProduct(5, 'Borovice štípaná 33 cm', 1400)] }];
    const { user, api } = renderStep({
      'GET /api/available_products': (request) => ({
        body: { products_types: request.url.searchParams.get('warehouse_id') === '2' ? brod : productGroups },
      }),
    });
    await add(user, 'Borovice štípaná 33 cm', '2');
    await add(user, 'Piliny', '1');
    await user.click(screen.getByRole('radio', { name: 'Sklad Havlíčkův Brod' }));
    const dialog = await screen.findByRole('dialog', { name: t('orderSteps.items.moveTitle') });
    const text = dialog.textContent?.replace(/\s/g, ' ');
    // 2 × 1250 + 350,50 = 2850,50 → 2 × 1400 = 2800.
    expect(text).toContain('Zboží: 2 850,50 Kč → 2 800,00 Kč');
    expect(text).toContain('Sklad Havlíčkův Brod nemá v ceníku:');
    expect(within(dialog).getByRole('listitem').textContent).toBe('Piliny');
    expect(text).toContain('Tato položka bude z objednávky odebrána.');
    // Going back keeps the warehouse, the lines and their prices.
    await user.click(within(dialog).getByRole('button', { name: t('orderSteps.items.moveBack') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field(t('orderSteps.items.distance')).value).toBe('12,5');
    expect(screen.getByRole('group', { name: 'Piliny' })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Sklad Havlíčkův Brod' }));
    const again = await screen.findByRole('dialog', { name: t('orderSteps.items.moveTitle') });
    await user.click(within(again).getByRole('button', { name: t('orderSteps.items.moveConfirm') }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Piliny' })).toBeNull());
    expect(field(t('orderSteps.items.distance')).value).toBe('31,37');
    await user.click(screen.getByRole('button', { name: t('orderSteps.continue') }));
    await waitFor(() => expect(api.sent('POST /api/order/5/items')).toHaveLength(1));
    expect(api.sent('POST /api/order/5/items')[0]?.body).toMatchObject({
      warehouse_id: 2,
      products: [{ amount: 2, product: { product: { id: 5 }, amount: 1400 } }],
    });
  });
});
