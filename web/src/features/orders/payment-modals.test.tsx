import type { Order } from '@letokruh/contracts/orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { suppliers } from '../../test-data';
import { optionsOf, pickOption } from '../../test-form';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { EmailQrModal, QrPaymentModal } from './payment-modals';
import { makeCustomer, makeOrder } from './test-data';

const inCountry = (country: string) =>
  makeOrder({ customer: makeCustomer({ address: { ...makeCustomer().address, country } }) });

function renderModal(ui: 'qr' | 'email', order: Order, fetch: MockRoutes = {}) {
  const Modal = ui === 'qr' ? QrPaymentModal : EmailQrModal;
  return renderWithApp(<Modal order={order} opened onClose={() => {}} />, {
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
      'GET /api/suppliers': { body: suppliers },
      ...fetch,
    },
  });
}

describe('QR payment modal', () => {
  it('shows a EUR order’s EPC (SEPA) code with the BIC and the reference, and no variable symbol', async () => {
    const order = makeOrder({ currency: 'EUR' });
    renderModal('qr', order, {
      [`GET /api/order/${order.id}/qr_payment`]: {
        body: {
          image: 'data:image/png;base64,iVBORw0KGgo=',
          amount: 37.05,
          original_amount: 37.05,
          rounded: false,
          currency: 'EUR',
          variable_symbol: '2026000248',
          iban: 'CZ7608000000351154780008',
          spayd:
            'BCD\n002\n1\nSCT\nGIBACZPX\nPalivové dřevo Vysočina s.r.o.\nCZ7608000000351154780008\nEUR37.05\n\n\nObjednávka 2026000248',
          format: 'epc',
          bic: 'GIBACZPX',
          message: 'Objednávka 2026000248',
        },
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(t('orders.qr.formatEpc'))).toBeTruthy();
    expect(within(dialog).getByText('CZ76 0800 0000 3511 5478 0008')).toBeTruthy();
    expect(within(dialog).getByText('GIBACZPX')).toBeTruthy();
    expect(within(dialog).getByText('Objednávka 2026000248')).toBeTruthy();
    expect(within(dialog).queryByText(t('orders.qr.variableSymbol'))).toBeNull();
  });
});

describe('e-mail QR modal', () => {
  it('suggests German for an Austrian customer, says why, and sends the language picked instead', async () => {
    const order = inCountry('Rakousko');
    const { user, api } = renderModal('email', order, {
      [`POST /api/order/${order.id}/send_email_qr`]: {
        body: { sent: true, to: 'martina.kovarova@seznam.cz', language: 'en' },
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(field(t('orders.qr.language')).value).toBe(t('orders.qr.languages.de'));
    expect(
      within(dialog).getByText(
        t('orders.qr.languageFromCountry', {
          country: 'Rakousko',
          language: t('orders.qr.languageNames.de'),
        }),
      ),
    ).toBeTruthy();
    expect(await optionsOf(user, t('orders.qr.language'))).toEqual(['Čeština', 'Němčina', 'Angličtina']);
    await pickOption(user, t('orders.qr.language'), t('orders.qr.languages.en'));
    await user.click(within(dialog).getByRole('button', { name: t('orders.qr.send') }));
    expect(await screen.findByText(t('orders.qr.emailSent'))).toBeTruthy();
    expect(api.sent(`POST /api/order/${order.id}/send_email_qr`)[0]?.body).toEqual({
      supplier_id: 1,
      language: 'en',
    });
  });

  it('suggests Czech for Slovakia and English for a country of no language of ours', async () => {
    const slovak = renderModal('email', inCountry('Slovensko'));
    await screen.findByRole('dialog');
    expect(field(t('orders.qr.language')).value).toBe(t('orders.qr.languages.cs'));
    slovak.unmount();
    renderModal('email', inCountry('Polsko'));
    await screen.findByRole('dialog');
    expect(field(t('orders.qr.language')).value).toBe(t('orders.qr.languages.en'));
  });
});
