import type { AuditItem } from '@letokruh/contracts/audit';
import type { FunctionName } from '@letokruh/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { field, makeProfile, renderWithApp, t } from '../../test-utils';
import { AuditPage } from './audit-page';

const rows: AuditItem[] = [
  {
    id: 12,
    at: '2026-11-24T09:15:00.000Z',
    user: { id: 4, name: 'Karel Procházka', username: 'warehouseman' },
    entity: 'stock',
    entity_id: 2,
    entity_name: 'Sklad Třebíč',
    names: { warehouseId: 'Sklad Třebíč', productId: 'Smrk štípaný 33 cm' },
    refs: { warehouse: { 2: 'Sklad Třebíč' }, product: { 7: 'Smrk štípaný 33 cm' } },
    action: 'update_stock',
    method: 'PUT',
    path: '/api/update_stock/2/7',
    details: { params: { warehouseId: 2, productId: 7 }, body: { amount: 7.25 }, status: 200 },
  },
  {
    id: 11,
    at: '2026-11-24T08:00:00.000Z',
    user: { id: 2, name: 'Jana Malá', username: 'dispatcher' },
    entity: 'order',
    entity_id: 131,
    entity_name: '2026000131',
    names: {},
    refs: { user: { 17: 'Lukáš Veselý' }, car: { 3: 'Avia' }, warehouse: { 1: 'Sklad Jihlava' } },
    action: 'intern',
    method: 'POST',
    path: '/api/order/131/intern',
    details: {
      params: { id: 131 },
      body: {
        driver_id: 17,
        driver: { id: 17 },
        car_id: 3,
        warehouse_id: 1,
        payment_type: 'cash',
        expected_delivery_date: '2026-11-28',
        expected_delivery_time: '09:30',
        minimim_delivery_price: 600,
        confirm_overlap: true,
        note: '',
        version: 4,
        bale_count: 12,
      },
      status: 200,
    },
  },
  {
    id: 9,
    at: '2026-11-23T12:00:00.000Z',
    user: { id: 2, name: 'Jana Malá', username: 'dispatcher' },
    entity: 'order',
    entity_id: 129,
    entity_name: '2026000129',
    names: {},
    refs: {
      warehouse: { 1: 'Sklad Jihlava' },
      product: { 14: 'Dub štípaný sypané 33 cm', 6: 'Borovice štípaná' },
    },
    action: 'items',
    method: 'POST',
    path: '/api/order/129/items',
    details: {
      params: { id: 129 },
      body: {
        warehouse_id: 1,
        currency: 'EUR',
        products: [
          { amount: 4.5, product: { product: { id: 14 }, amount: 87.5, discount: 1 } },
          { amount: 3, product: { product: { id: 6 }, amount: 50, discount: 0.9 } },
        ],
        minimim_delivery_price: 30,
        version: 2,
      },
      status: 200,
    },
  },
  {
    id: 10,
    at: '2026-11-23T13:40:00.000Z',
    user: { id: 9, name: 'Lukáš Veselý', username: 'driver' },
    entity: 'order',
    entity_id: 130,
    entity_name: '2026000130',
    names: {},
    refs: { order_item: { 501: 'Buk štípaný sypané 33 cm' } },
    action: 'delivery_proof',
    method: 'POST',
    path: '/api/driver/order/130/delivered',
    details: {
      key: '3f1c0d9e-2b7a-4e55-9f0e-1a2b3c4d5e6f',
      at: '2026-11-23T13:38:00.000Z',
      receiver_name: 'Eva Dvořáková',
      position: null,
      cash_received: 8060,
      changed_lines: [{ orderItemId: 501, orderedAmount: 3, deliveredAmount: 2.5, reason: 'Nevešlo se' }],
      photos: 2,
    },
  },
];

function renderAudit(functions: FunctionName[], total = rows.length) {
  return renderWithApp(<AuditPage />, {
    path: '/audit',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/audit_log': { body: { items: rows, total } },
    },
  });
}

const rowOf = async (action: string) =>
  (await screen.findByText(t(`audit.actions.${action}`))).closest('tr') as HTMLElement;

/** The labelled values of a row's data, as "label: value" lines. */
const details = (row: HTMLElement) =>
  [...within(row).getByTestId('audit-details').querySelectorAll(':scope > div')].map((d) =>
    [...d.children].map((c) => c.textContent).join(': '),
  );

describe('AuditPage', () => {
  it('lists who changed what and when, with links to the records', async () => {
    const { api } = renderAudit(['owner']);
    const stock = await rowOf('update_stock');
    expect(within(stock).getByText('Karel Procházka (warehouseman)')).toBeTruthy();
    expect(
      within(stock)
        .getByRole('link', { name: `${t('audit.entities.stock')} Sklad Třebíč` })
        .getAttribute('href'),
    ).toBe('/warehouse/2');
    const order = await rowOf('intern');
    expect(
      within(order)
        .getByRole('link', { name: `${t('audit.entities.order')} 2026000131` })
        .getAttribute('href'),
    ).toBe('/order/131');
    expect(within(stock).getByText('24.11.2026 10:15')).toBeTruthy();
    expect(api.sent('GET /api/audit_log')[0]?.url.search).toBe('?current_page=1&per_page=20');
  });

  it('shows each change as labelled, formatted values: no JSON, no code names (decision 0088)', async () => {
    renderAudit(['owner']);
    // Names, never internal ids; the amount as a Czech number.
    expect(details(await rowOf('update_stock'))).toEqual([
      'Sklad: Sklad Třebíč',
      'Produkt: Smrk štípaný 33 cm',
      'Množství: 7,25',
    ]);
    // The driver named once though the call sends him twice; the day, the money and yes/no in words;
    // the spec's misspelt minimim_delivery_price under its label; the edit version left out; a
    // field this page does not know yet in readable words.
    expect(details(await rowOf('intern'))).toEqual([
      'Řidič: Lukáš Veselý',
      'Auto: Avia',
      'Sklad: Sklad Jihlava',
      'Platba: Hotově',
      'Den doručení: 28.11.2026',
      'Čas doručení: 09:30',
      'Minimální cena dopravy: 600,00',
      'Potvrzeno přes souběh: Ano',
      'Bale count: 12',
    ]);
    const proof = await rowOf('delivery_proof');
    expect(details(proof)).toEqual([
      'Čas: 23.11.2026 14:38',
      'Převzal: Eva Dvořáková',
      'Převzatá hotovost: 8\u00a0060,00',
      'Jinak dodané položky: Položka: Buk štípaný sypané 33 cm · Objednáno: 3 · Dodáno: 2,5 · Důvod: Nevešlo se',
      'Počet fotografií: 2',
    ]);
    expect(within(proof).getByText(t('audit.actions.delivery_proof'))).toBeTruthy();
    // An order's lines: the product first, its unit price (the spec's product.amount) in the
    // order's currency, a discount only where there is one (the spec's multiplier 0.9 is 10 %).
    expect(details(await rowOf('items'))).toEqual([
      'Sklad: Sklad Jihlava',
      'Měna: EUR',
      'Položky: Produkt: Dub štípaný sypané 33 cm · Množství: 4,5 · Cena: 87,50\u00a0€Produkt: Borovice štípaná · Množství: 3 · Cena: 50,00\u00a0€ · Sleva: 10\u00a0%',
      'Minimální cena dopravy: 30,00\u00a0€',
    ]);
    const page = screen.getByRole('table').textContent ?? '';
    for (const raw of ['{', '"', 'minimim', 'delivery_proof', 'driver_id', 'true', 'cash', '2026-11-28']) {
      expect(page, raw).not.toContain(raw);
    }
  });

  it('speaks English when English is chosen', async () => {
    await i18n.changeLanguage('en');
    renderAudit(['owner']);
    const order = (await screen.findByText('Internal step')).closest('tr') as HTMLElement;
    expect(details(order)).toEqual(
      expect.arrayContaining([
        'Payment: Cash',
        'Delivery day: 28 Nov 2026',
        'Minimum delivery price: 600.00',
        'Confirmed despite a clash: Yes',
      ]),
    );
    const proof = screen.getByText('Proof of delivery').closest('tr') as HTMLElement;
    expect(within(proof).getByText('23 Nov 2026 14:40')).toBeTruthy();
  });

  it('sends the area filter and says when the log is longer than it counts', async () => {
    const { api } = renderAudit(['owner'], 10_001);
    await screen.findByText(/^Více než 10\s000 záznamů/);
    const user = userEvent.setup();
    await user.click(field(t('audit.fields.entity')));
    await user.click(await screen.findByRole('option', { name: t('audit.entities.order'), hidden: true }));
    await waitFor(() =>
      expect(api.sent('GET /api/audit_log').at(-1)?.url.searchParams.get('entity')).toBe('order'),
    );
  });

  it('is for the owner only: others see access denied and nothing is asked', async () => {
    const { api } = renderAudit(['dispatcher']);
    await screen.findByText(t('common.accessDenied'));
    expect(api.sent('GET /api/audit_log')).toHaveLength(0);
  });
});
