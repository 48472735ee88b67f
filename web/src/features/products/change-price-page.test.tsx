import { formatDay } from '@letokruh/contracts/rules/format';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, pickOption } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { ChangePricePage } from './change-price-page';
import { productRoutes, smrkDetail, smrkWithFuturePrice, today, tomorrow } from './test-fixtures';

function renderChange(functions: Parameters<typeof productRoutes>[0] = ['owner'], extra = {}) {
  return renderWithApp(<ChangePricePage />, {
    path: '/product/change-price/5',
    route: '/product/change-price/:id',
    fetch: productRoutes(functions, { 'GET /api/product/5': { body: { item: smrkDetail } }, ...extra }),
  });
}

const history = () => screen.getByTestId('price-history');
const historyRows = () =>
  within(history())
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    );

describe('ChangePricePage', () => {
  it('shows the price history with what is in force today', async () => {
    renderChange();
    expect(
      await screen.findByRole('heading', {
        name: t('products.changePriceHeading', { name: smrkDetail.name }),
      }),
    ).toBeTruthy();
    expect(historyRows()).toEqual([
      [
        'Sklad Jihlava',
        'CZK',
        '1 190,00 Kč',
        '21 %',
        '1.1.2025',
        t('products.untilFurther'),
        '1.1.2025 09:00',
        t('products.priceStates.inForce'),
      ],
      [
        'Sklad Jihlava',
        'EUR',
        '47,50 €',
        '20 %',
        '1.1.2025',
        t('products.untilFurther'),
        '1.1.2025 09:00',
        t('products.priceStates.inForce'),
      ],
      [
        'Sklad Třebíč',
        'CZK',
        '1 150,00 Kč',
        '21 %',
        '1.1.2025',
        t('products.untilFurther'),
        '1.1.2025 09:00',
        t('products.priceStates.inForce'),
      ],
    ]);
  });

  it('sends a price from tomorrow; today’s price stays and the future one shows above it', async () => {
    const { user, api } = renderChange();
    // The server keeps the new row: from now on the detail answers it too.
    api.on('PUT /api/product/5/change_price', () => {
      api.on('GET /api/product/5', { body: { item: smrkWithFuturePrice } });
      return { body: { item: smrkWithFuturePrice } };
    });
    await screen.findByTestId('price-history');
    expect(field(t('products.fields.fromDate')).value).toBe(formatDay(today));
    await pickOption(user, t('products.fields.warehouse'), 'Sklad Jihlava');
    expect(screen.getByTestId('current-price').textContent?.replace(/\s/g, ' ')).toContain('1 190,00 Kč');
    await fillIn(user, t('products.fields.priceWithVat'), '1290');
    await fillIn(user, t('products.fields.fromDate'), formatDay(tomorrow));
    await user.click(screen.getByRole('button', { name: t('products.savePrice') }));
    await waitFor(() => expect(api.sent('PUT /api/product/5/change_price')).toHaveLength(1));
    expect(api.sent('PUT /api/product/5/change_price')[0]?.body).toEqual({
      product_id: 5,
      warehouse: 1,
      currency: 'CZK',
      price: 1290,
      vat: 21,
      from_date: tomorrow,
    });
    await waitFor(() => expect(historyRows()).toHaveLength(4));
    const [future, current] = historyRows();
    expect(future?.slice(2, 6)).toEqual([
      '1 290,00 Kč',
      '21 %',
      formatDay(tomorrow),
      t('products.untilFurther'),
    ]);
    expect(future?.[7]).toBe(t('products.priceStates.future'));
    // Today's price holds until the day before the new one: what applies on each day.
    expect(current?.slice(2, 6)).toEqual(['1 190,00 Kč', '21 %', '1.1.2025', formatDay(today)]);
    expect(current?.[7]).toBe(t('products.priceStates.inForce'));
    expect(screen.getByTestId('current-price').textContent?.replace(/\s/g, ' ')).toContain('1 190,00 Kč');
  });

  it('a past day typed into "Platí od" stays as typed, is named as past, and nothing is sent', async () => {
    const { user, api } = renderChange();
    await screen.findByTestId('price-history');
    await pickOption(user, t('products.fields.warehouse'), 'Sklad Jihlava');
    await fillIn(user, t('products.fields.priceWithVat'), '1290');
    const yesterday = formatDay(
      new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    );
    await fillIn(user, t('products.fields.fromDate'), yesterday);
    await user.tab();
    expect(field(t('products.fields.fromDate')).value).toBe(yesterday);
    expect(screen.getByText(t('common.dayTooEarly', { day: formatDay(today) }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t('products.savePrice') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('products.pastDate'));
    expect(field(t('products.fields.fromDate')).value).toBe(yesterday);
    expect(api.sent('PUT /api/product/5/change_price')).toHaveLength(0);
  });

  it('picking a warehouse and currency takes over the VAT in force there', async () => {
    const { user } = renderChange();
    await screen.findByTestId('price-history');
    await pickOption(user, t('products.fields.warehouse'), 'Sklad Jihlava');
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    expect(field(t('products.fields.vat')).value).toBe('20 %');
  });

  it('without warehouse and price shows the missing-fields alert and sends nothing', async () => {
    const { user, api } = renderChange();
    await screen.findByTestId('price-history');
    await user.click(screen.getByRole('button', { name: t('products.savePrice') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(field(t('products.fields.warehouse')).getAttribute('aria-invalid')).toBe('true');
    expect(field(t('products.fields.priceWithVat')).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT /api/product/5/change_price')).toHaveLength(0);
  });

  it('without change_product the history shows but no form', async () => {
    renderChange(['technical_specialist']);
    await screen.findByTestId('price-history');
    expect(screen.queryByRole('button', { name: t('products.savePrice') })).toBeNull();
    expect(screen.queryByLabelText(t('products.fields.warehouse'))).toBeNull();
  });
});
