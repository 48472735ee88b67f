import type { Order } from '@letokruh/contracts/orders';
import type { FunctionName } from '@letokruh/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { suppliers } from '../../test-data';
import { optionsOf } from '../../test-form';
import { type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { OrderDetailPage } from './order-detail-page';
import { makeCustomer, makeOrder } from './test-data';

function renderDetail(functions: FunctionName[], order: Order = makeOrder(), fetch: MockRoutes = {}) {
  return renderWithApp(<OrderDetailPage />, {
    path: `/order/${order.id}`,
    route: '/order/:id',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      [`GET /api/order/${order.id}`]: { body: { item: order } },
      [`GET /api/order/${order.id}/delivery`]: { body: { delivery: null } },
      'GET /api/suppliers': { body: suppliers },
      ...fetch,
    },
  });
}

/** domain.md §2.13: half a metre of beech came back, so less is due; the cash leaves a balance. */
const money = {
  ordered_price_with_vat: 4086.5,
  price_with_vat: 3264.2,
  amount_due: 3264,
  rounding: -0.2,
  ordered_amount_due: 4087,
  balance: 1764,
  excess: 0,
};

const heading = () =>
  screen.findByRole('heading', { name: t('orders.detail.heading', { number: 2026000248 }) });
const button = (key: string) => screen.queryByRole('button', { name: t(key) });
const flag = (key: string, on: boolean) => `${t(key)}: ${on ? t('common.yes') : t('common.no')}`;
const actionNames = () =>
  (within(screen.getByTestId('order-actions')).queryAllByRole('button') as HTMLElement[]).map(
    (b) => b.textContent,
  );

/** Money is formatted with no-break spaces: compared as plain spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('OrderDetailPage', () => {
  it('a CZK cash order with 21 % and 12 % shows the recap per rate, the rounding and the amount to pay', async () => {
    renderDetail(
      ['dispatcher'],
      makeOrder({
        product_prices: 8385.4,
        price_with_vat: 9255.4,
        total_price: 7789.57,
        total_price_vat: 1465.83,
        vat_recap: [
          { rate: 21, base: 5900.83, vat: 1239.17, total: 7140 },
          { rate: 12, base: 1888.74, vat: 226.66, total: 2115.4 },
        ],
        amount_to_pay: 9255,
        cash_rounding: -0.4,
      }),
    );
    await heading();
    const recap = screen.getByTestId('vat-recap');
    const cells = (id: string) =>
      [...within(recap).getByTestId(id).querySelectorAll('td, th')].map((c) => spaced(c.textContent));
    expect(cells('recap-21')).toEqual(['21 %', '5 900,83 Kč', '1 239,17 Kč', '7 140,00 Kč']);
    expect(cells('recap-12')).toEqual(['12 %', '1 888,74 Kč', '226,66 Kč', '2 115,40 Kč']);
    expect(cells('recap-sum')).toEqual([t('orders.recap.sum'), '7 789,57 Kč', '1 465,83 Kč', '9 255,40 Kč']);
    expect(cells('recap-rounding')).toEqual([t('orders.recap.rounding'), '-0,40 Kč']);
    expect(cells('recap-to-pay')).toEqual([t('orders.recap.toPayCash'), '9 255,00 Kč']);
  });

  it('an order paid by transfer is exact, without a rounding row', async () => {
    renderDetail(
      ['dispatcher'],
      makeOrder({
        pay_by_cash: false,
        payment_type: 'qr_transfer',
        price_with_vat: 4086.4,
        vat_recap: [{ rate: 21, base: 3377.19, vat: 709.21, total: 4086.4 }],
        amount_to_pay: 4086.4,
        cash_rounding: 0,
      }),
    );
    await heading();
    const recap = screen.getByTestId('vat-recap');
    expect(within(recap).queryByTestId('recap-rounding')).toBeNull();
    expect(spaced(within(recap).getByTestId('recap-to-pay').textContent)).toBe(
      `${t('orders.recap.toPay')}4 086,40 Kč`,
    );
  });

  it('shows the header flags, the customer with links, the internal info and the items with prices', async () => {
    renderDetail(['dispatcher']);
    await heading();
    expect(screen.getByText(flag('orders.flags.done', false))).toBeTruthy();
    expect(screen.getByText(flag('orders.flags.ready', false))).toBeTruthy();
    expect(screen.getByText(flag('orders.flags.paid', false))).toBeTruthy();
    expect(screen.getByText('Pila Kamenice s.r.o.')).toBeTruthy();
    expect(screen.getByText('25301233')).toBeTruthy();
    expect(screen.getByText('CZ25301233')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+420 726 304 738' }).getAttribute('href')).toBe(
      'tel:+420726304738',
    );
    expect(screen.getByRole('link', { name: 'martina.kovarova@seznam.cz' }).getAttribute('href')).toBe(
      'mailto:martina.kovarova@seznam.cz',
    );
    expect(screen.getByRole('link', { name: t('orders.detail.navigate') }).getAttribute('href')).toContain(
      'destination=49.365188,15.776149',
    );
    expect(screen.getByText('12.12.2026 10:15')).toBeTruthy();
    expect(screen.getByText(t('orders.detail.distanceValue', { km: '20,6', minutes: 25 }))).toBeTruthy();
    // The internal block's totals, then the VAT recap's (decision 0038).
    expect(screen.getAllByText('4 086,00 Kč').length).toBeGreaterThan(0);
    expect(screen.getAllByText('3 376,86 Kč').length).toBeGreaterThan(0);
    expect(screen.getByText('Josef Černý')).toBeTruthy();
    expect(screen.getByText('Tatra 815 (1J2 4521)')).toBeTruthy();
    expect(screen.getByText('Složit za garáž.')).toBeTruthy();
    const [smrk, piliny] = screen.getAllByTestId('order-line') as [HTMLElement, HTMLElement];
    expect(within(smrk).getByText('Smrk štípaný 33 cm')).toBeTruthy();
    expect(within(smrk).getByText('33 cm')).toBeTruthy();
    expect(within(smrk).getByText('2 PRMS')).toBeTruthy();
    expect(within(smrk).getByText('1 250,00 Kč')).toBeTruthy();
    expect(within(smrk).getByText('2 500,00 Kč')).toBeTruthy();
    expect(within(smrk).getByText(t('orders.lines.notPrepared'))).toBeTruthy();
    expect(within(piliny).getByText(t('orders.lines.prepared'))).toBeTruthy();
    expect(within(piliny).getByText(t('products.types.additional'))).toBeTruthy();
  });

  it('without change_order the item prices are hidden; a warehouseman marks an item prepared', async () => {
    const prepared = makeOrder();
    prepared.products = prepared.products.map((l) => ({ ...l, prepared: true }));
    const { user, api } = renderDetail(['warehouseman'], makeOrder(), {
      'PUT /api/order/271/505/prepared': { body: { item: { ...prepared, prepared: true } } },
    });
    await heading();
    const [smrk] = screen.getAllByTestId('order-line') as [HTMLElement];
    expect(within(smrk).queryByText('1 250,00 Kč')).toBeNull();
    expect(within(smrk).queryByText(t('orders.lines.unitPrice'))).toBeNull();
    // One prepare button: the other item is prepared already.
    expect(screen.getAllByRole('button', { name: /^Označit připravené: / })).toHaveLength(1);
    expect(actionNames()).toEqual([t('orders.actions.deliveryNote')]);
    await user.click(
      screen.getByRole('button', { name: t('orders.actions.prepareOf', { name: 'Smrk štípaný 33 cm' }) }),
    );
    await waitFor(() => expect(api.sent('PUT /api/order/271/505/prepared')).toHaveLength(1));
    expect(await screen.findByText(flag('orders.flags.ready', true))).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Označit připravené: / })).toHaveLength(0);
  });

  it('a dispatcher on an open cash order: edit, done, collect cash, QR, e-mail, delivery note, cancel', async () => {
    renderDetail(['dispatcher']);
    await heading();
    expect(actionNames()).toEqual([
      t('orders.actions.done'),
      t('orders.actions.collectRevenue'),
      t('orders.actions.qr'),
      t('orders.actions.emailQr'),
      t('orders.actions.deliveryNote'),
      t('orders.actions.cancel'),
    ]);
    expect(screen.getByRole('link', { name: t('common.edit') }).getAttribute('href')).toBe(
      '/order/271/items',
    );
  });

  it('a done and paid order offers undone and return; a cancelled one only restore and the delivery note', async () => {
    const first = renderDetail(
      ['dispatcher'],
      makeOrder({ done: true, collected_revenue_at: '2026-12-12T10:00:00.000Z' }),
    );
    await heading();
    expect(screen.getByText(flag('orders.flags.done', true))).toBeTruthy();
    expect(screen.getByText(flag('orders.flags.ready', true))).toBeTruthy();
    expect(screen.getByText(flag('orders.flags.paid', true))).toBeTruthy();
    expect(actionNames()).toEqual([
      t('orders.actions.undone'),
      t('orders.actions.returnRevenue'),
      t('orders.actions.qr'),
      t('orders.actions.emailQr'),
      t('orders.actions.deliveryNote'),
      t('orders.actions.cancel'),
    ]);
    first.unmount();

    renderDetail(['dispatcher'], makeOrder({ hidden: true }));
    await heading();
    expect(actionNames()).toEqual([t('orders.actions.deliveryNote'), t('orders.actions.restore')]);
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
  });

  it('a draft offers only to resume it at the step where it stopped', async () => {
    renderDetail(['dispatcher'], makeOrder({ draft: true, expected_delivery_date: null }));
    await heading();
    expect(actionNames()).toEqual([]);
    expect(screen.getByRole('link', { name: t('orders.drafts.resume') }).getAttribute('href')).toBe(
      '/order/271/intern',
    );
  });

  it('a QR-transfer order is marked paid; a technician (no owner or dispatcher) cannot collect or send QR', async () => {
    const transfer = makeOrder({ pay_by_cash: false, payment_type: 'qr_transfer' });
    const first = renderDetail(['dispatcher'], transfer);
    await heading();
    expect(button('orders.actions.markPaid')).toBeTruthy();
    expect(button('orders.actions.collectRevenue')).toBeNull();
    first.unmount();

    renderDetail(['technical_specialist'], transfer);
    await heading();
    expect(actionNames()).toEqual([
      t('orders.actions.done'),
      t('orders.actions.deliveryNote'),
      t('orders.actions.cancel'),
    ]);
    // Prices are shown with change_order.
    expect(screen.getAllByText(t('orders.lines.unitPrice'))).toHaveLength(2);
  });

  it('done asks, then shows the answer at once; a 409 shows its error text and changes nothing', async () => {
    const { user, api } = renderDetail(['dispatcher'], makeOrder(), {
      'PUT /api/order/271/done': { body: { item: makeOrder({ done: true }) } },
      'PUT /api/order/271/undone': { status: 409, body: { error_code: 140, message: 'conflict' } },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: t('orders.actions.done') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('orders.questions.done', { number: 2026000248 }))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('orders.actions.done') }));
    expect(await screen.findByText(flag('orders.flags.done', true))).toBeTruthy();
    expect(api.sent('PUT /api/order/271/done')).toHaveLength(1);
    expect(button('orders.actions.done')).toBeNull();

    await user.click(screen.getByRole('button', { name: t('orders.actions.undone') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('orders.actions.undone') }),
    );
    expect(await screen.findByText(t('errors.140'))).toBeTruthy();
    expect(screen.getByText(flag('orders.flags.done', true))).toBeTruthy();
  });

  it('a transfer marked paid says so, never "cash collected"; the dialog backs out with "Zpět"', async () => {
    const transfer = makeOrder({ pay_by_cash: false, payment_type: 'qr_transfer' });
    const paid = makeOrder({
      pay_by_cash: false,
      payment_type: 'qr_transfer',
      collected_revenue_at: '2026-12-12T10:00:00.000Z',
    });
    const { user } = renderDetail(['dispatcher'], transfer, {
      'PUT /api/order/271/collect_revenue': { body: { item: paid } },
      'PUT /api/order/271/return_revenue': { body: { item: transfer } },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: t('orders.actions.markPaid') }));
    const dialog = await screen.findByRole('dialog');
    // One button backs out, one acts: never two that both read "Zrušit".
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter(Boolean),
    ).toEqual([t('common.back'), t('orders.actions.markPaid')]);
    await user.click(within(dialog).getByRole('button', { name: t('orders.actions.markPaid') }));
    expect(await screen.findByText(t('orders.notices.markPaid', { number: 2026000248 }))).toBeTruthy();
    expect(screen.queryByText(t('orders.notices.collectRevenue', { number: 2026000248 }))).toBeNull();

    await user.click(screen.getByRole('button', { name: t('orders.actions.unmarkPaid') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('orders.actions.unmarkPaid') }),
    );
    expect(await screen.findByText(t('orders.notices.unmarkPaid', { number: 2026000248 }))).toBeTruthy();
  });

  it('the QR modal shows the 350 px image for the order’s supplier, the amount and the rounding warning', async () => {
    const { user, api } = renderDetail(['owner'], makeOrder(), {
      'GET /api/order/271/qr_payment': {
        body: {
          image: 'data:image/png;base64,iVBORw0KGgo=',
          amount: 4086,
          original_amount: 4085.6,
          rounded: true,
          currency: 'CZK',
          variable_symbol: '2026000248',
          iban: 'CZ9701000000002718340003',
          spayd: 'SPD*1.0*ACC:CZ9701000000002718340003*AM:4086.00*CC:CZK*X-VS:2026000248',
          format: 'spayd',
          bic: 'KOMBCZPP',
          message: '',
        },
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: t('orders.actions.qr') }));
    const dialog = await screen.findByRole('dialog');
    const image = await within(dialog).findByRole('img', {
      name: t('orders.qr.imageAlt', { number: 2026000248 }),
    });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['350', '350']);
    expect(api.sent('GET /api/order/271/qr_payment')[0]?.url.searchParams.get('supplier')).toBe('1');
    expect(within(dialog).getByText('4 086,00 Kč')).toBeTruthy();
    expect(within(dialog).getByText('2026000248')).toBeTruthy();
    expect(
      within(dialog).getByText(t('orders.qr.rounded', { amount: '4 086,00 Kč', original: '4 085,60 Kč' })),
    ).toBeTruthy();
  });

  it('e-mail QR: a customer without e-mail gets the notice and nothing is sent; otherwise it is sent', async () => {
    const noEmail = makeOrder({ customer: makeCustomer({ email: '' }) });
    const first = renderDetail(['dispatcher'], noEmail, {
      'POST /api/order/271/send_email_qr': {
        body: { sent: true, to: 'martina.kovarova@seznam.cz', language: 'cs' },
      },
    });
    await heading();
    await first.user.click(screen.getByRole('button', { name: t('orders.actions.emailQr') }));
    const dialog = await screen.findByRole('dialog');
    await first.user.click(within(dialog).getByRole('button', { name: t('orders.qr.send') }));
    expect(await screen.findByText(t('orders.qr.emailNotFound'))).toBeTruthy();
    expect(first.api.sent('POST /api/order/271/send_email_qr')).toHaveLength(0);
    first.unmount();

    const second = renderDetail(['dispatcher'], makeOrder(), {
      'POST /api/order/271/send_email_qr': {
        body: { sent: true, to: 'martina.kovarova@seznam.cz', language: 'cs' },
      },
    });
    await heading();
    await second.user.click(screen.getByRole('button', { name: t('orders.actions.emailQr') }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText(/martina\.kovarova@seznam\.cz/)).toBeTruthy();
    await second.user.click(within(again).getByRole('button', { name: t('orders.qr.send') }));
    expect(await screen.findByText(t('orders.qr.emailSent'))).toBeTruthy();
    expect(second.api.sent('POST /api/order/271/send_email_qr')[0]?.body).toEqual({
      supplier_id: 1,
      language: 'cs',
    });
  });

  it('e-mail QR: the server’s "customer e-mail not found" answer shows the same notice', async () => {
    const { user } = renderDetail(['dispatcher'], makeOrder(), {
      'POST /api/order/271/send_email_qr': { status: 409, body: { error_code: 150, message: 'no e-mail' } },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: t('orders.actions.emailQr') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('orders.qr.send') }),
    );
    expect(await screen.findByText(t('orders.qr.emailNotFound'))).toBeTruthy();
  });

  it('without a default supplier the QR modal and the delivery note ask to select one', async () => {
    const { user, api } = renderDetail(['dispatcher'], makeOrder({ default_supplier: null }));
    await heading();
    await user.click(screen.getByRole('button', { name: t('orders.actions.qr') }));
    expect(await screen.findByText(t('orders.documents.selectSupplier'))).toBeTruthy();
    expect(api.sent('GET /api/order/271/qr_payment')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: t('orders.actions.deliveryNote') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('orders.documents.download') }));
    expect(within(dialog).getByRole('alert').textContent).toBe(t('orders.documents.selectSupplier'));
  });

  it('files: listed with order paths, the types Dodací list, Faktura, Jiné to upload; read-only without change_order', async () => {
    const order = makeOrder({
      files: [
        {
          id: 9,
          name: 'faktura-17.pdf',
          title: 'Faktura 2026/17',
          file_type: 'Faktura',
          content_type: 'application/pdf',
          size: 2048,
          uploaded_by: { id: 2, first_name: 'Jan', last_name: 'Novák' },
          created: '2026-03-02T09:15:00.000Z',
        },
      ],
    });
    const first = renderDetail(['dispatcher'], order);
    await heading();
    const download = screen.getByRole('link', { name: t('files.downloadOf', { title: 'Faktura 2026/17' }) });
    expect(download.getAttribute('href')).toBe('/api/order/271/files/9/download');
    expect(within(download.closest('tr') as HTMLElement).getByText(t('files.types.invoice'))).toBeTruthy();
    expect(await optionsOf(first.user, t('files.fileType'))).toEqual([
      t('files.types.deliveryNote'),
      t('files.types.invoice'),
      t('files.types.other'),
    ]);
    expect(
      screen.getByRole('button', { name: t('files.deleteOf', { title: 'Faktura 2026/17' }) }),
    ).toBeTruthy();
    first.unmount();

    renderDetail(['warehouseman'], order);
    await heading();
    expect(
      screen.getByRole('link', { name: t('files.downloadOf', { title: 'Faktura 2026/17' }) }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('files.upload') })).toBeNull();
    expect(
      screen.queryByRole('button', { name: t('files.deleteOf', { title: 'Faktura 2026/17' }) }),
    ).toBeNull();
  });

  it('personal collection when there is no driver; an unknown order returns to the list', async () => {
    const first = renderDetail(['driver'], makeOrder({ driver: null }));
    await heading();
    expect(screen.getByText(t('orders.personalCollection'))).toBeTruthy();
    first.unmount();

    renderWithApp(<OrderDetailPage />, {
      path: '/order/999',
      route: '/order/:id',
      fetch: {
        'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
        'GET /api/order/999': { status: 404, body: { error_code: 130, message: 'not found' } },
      },
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/orders');
  });

  it("shows the driver's proof of delivery: receiver, time, place, what differed, cash, signature, photos", async () => {
    const order = makeOrder();
    const file = (id: number, type: string) => ({
      id,
      name: `${type}.png`,
      title: type,
      file_type: type,
      content_type: 'image/png',
      size: 100,
      uploaded_by: null,
      created: '2026-11-26T13:00:00Z',
    });
    renderDetail(['dispatcher'], order, {
      [`GET /api/order/${order.id}/delivery`]: {
        body: {
          delivery: {
            driver: { id: 5, first_name: 'Josef', last_name: 'Černý' },
            on_the_way_at: '2026-11-26T12:40:00Z',
            delivered_at: '2026-11-26T13:32:00Z',
            received_at: '2026-11-26T13:33:10Z',
            receiver_name: 'Žofie Řezníčková',
            position: { lat: 49.3961, lon: 15.5912, accuracy: 12 },
            lines: [
              {
                id: 1,
                name: 'Buk štípaný',
                measurement_unit: 'PRMS',
                ordered_amount: 2,
                delivered_amount: 1.5,
                reason: 'Půl metru vráceno',
              },
              {
                id: 2,
                name: 'Smrk',
                measurement_unit: 'PRMR',
                ordered_amount: 1,
                delivered_amount: 1,
                reason: '',
              },
            ],
            cash_received: 1500,
            currency: 'CZK',
            money,
            cash_handed_in_at: null,
            note: '',
            signature: file(7, 'signature'),
            photos: [file(8, 'photo'), file(9, 'photo')],
            voided: null,
          },
        },
      },
    });
    const panel = await screen.findByRole('region', { name: t('orders.proof.delivered') });
    expect(panel.textContent).toContain('Žofie Řezníčková');
    // 13:32 UTC is 14:32 in Prague in November.
    expect(panel.textContent).toContain('14:32');
    expect(panel.textContent).toContain('Josef Černý');
    expect(panel.textContent).toContain('Půl metru vráceno');
    expect(panel.textContent).not.toContain('Smrk');
    expect(panel.textContent).toContain(t('orders.proof.withDriver'));
    const signature = screen.getByRole('img', {
      name: t('orders.proof.signatureOf', { name: 'Žofie Řezníčková' }),
    });
    expect(signature.getAttribute('src')).toBe(`/api/order/${order.id}/delivery/files/7/download`);
    expect(screen.getAllByRole('img', { name: /Foto/ })).toHaveLength(2);
  });

  it('domain.md §2.11: a proof voided by the office reads as undone, with who and when, the cash not with the driver', async () => {
    const order = makeOrder();
    renderDetail(['dispatcher'], order, {
      [`GET /api/order/${order.id}/delivery`]: {
        body: {
          delivery: {
            driver: { id: 5, first_name: 'Josef', last_name: 'Černý' },
            on_the_way_at: null,
            delivered_at: '2026-11-26T13:32:00Z',
            received_at: '2026-11-26T13:33:10Z',
            receiver_name: 'Žofie Řezníčková',
            position: null,
            lines: [],
            cash_received: 1500,
            currency: 'CZK',
            money,
            cash_handed_in_at: null,
            note: '',
            signature: null,
            photos: [],
            voided: {
              at: '2026-11-27T09:05:00Z',
              by: { id: 2, first_name: 'Dana', last_name: 'Dispečerská' },
              reason: 'undone',
            },
          },
        },
      },
    });
    const panel = await screen.findByRole('region', { name: t('orders.proof.voided') });
    expect(screen.queryByRole('region', { name: t('orders.proof.delivered') })).toBeNull();
    expect(panel.textContent).toContain(
      t('orders.proof.voidedUndone', { at: '27.11.2026 10:05', name: 'Dana Dispečerská' }),
    );
    expect(panel.textContent).toContain('Žofie Řezníčková');
    expect(panel.textContent).not.toContain(t('orders.proof.withDriver'));
  });

  it('decision 0074: a driver does not ask for the proof of another driver’s order', async () => {
    const order = makeOrder();
    const { api } = renderDetail(['driver'], {
      ...order,
      driver: { id: 4242, username: 'jiny', first_name: 'Jiný', last_name: 'Řidič', name: 'Jiný Řidič' },
    });
    await heading();
    expect(api.sent(`GET /api/order/${order.id}/delivery`)).toHaveLength(0);
  });
});
