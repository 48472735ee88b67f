import type { FunctionName } from '@letokruh/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { CustomerDetailPage } from './customer-detail-page';
import { makeCustomer, makeDetail, makeFile } from './test-data';

const orders = [
  {
    id: 9,
    intern_id: 2026000017,
    created: '2026-03-01T08:00:00.000Z',
    expected_delivery_date: '2026-03-12',
    hidden: false,
    done: false,
    warehouse: { id: 1, name: 'Sklad Jihlava' },
  },
  {
    id: 8,
    intern_id: 2026000011,
    created: '2026-02-01T08:00:00.000Z',
    expected_delivery_date: null,
    hidden: true,
    done: false,
    warehouse: null,
  },
];

function renderDetail(functions: FunctionName[], fetch: MockRoutes = {}) {
  return renderWithApp(<CustomerDetailPage />, {
    path: '/customer/5',
    route: '/customer/:id',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/customer/5': {
        body: makeDetail(5, {
          customer: {
            ...makeCustomer(5, { organization_name: 'Pila Polná s.r.o.', organization_id: '25301233' }),
            files: [makeFile(1)],
          },
          orders,
        }),
      },
      ...fetch,
    },
  });
}

describe('CustomerDetailPage', () => {
  it('shows the customer with phone and e-mail links, the map, orders with their three links and files', async () => {
    renderDetail(['dispatcher']);
    expect(await screen.findByRole('heading', { name: 'Alžběta Zelenková' })).toBeTruthy();
    expect(screen.getByText(t('customers.internIdBadge', { internId: 10005 }))).toBeTruthy();
    expect(screen.getByText('Pila Polná s.r.o., IČO 25301233')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+420 603 123 456' }).getAttribute('href')).toBe(
      'tel:+420603123456',
    );
    expect(screen.getByRole('link', { name: 'alzbeta.zelenkova@seznam.cz' }).getAttribute('href')).toBe(
      'mailto:alzbeta.zelenkova@seznam.cz',
    );
    expect(screen.getByRole('link', { name: t('customers.navigate') }).getAttribute('href')).toContain(
      'destination=49.4875,15.7201',
    );
    expect(await screen.findByTestId('map')).toBeTruthy();
    const order = screen.getByRole('link', { name: '2026000017' }).closest('tr') as HTMLElement;
    expect(within(order).getByText('12.3.2026')).toBeTruthy();
    const hrefs = within(order)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/order/9', '/order/9', '/order/9/items', '/order/9/copy']);
    expect(within(order).getByText('Sklad Jihlava')).toBeTruthy();
    expect(within(order).getByText(t('customers.orderStates.open'))).toBeTruthy();
    // A cancelled order offers no edit of its items.
    const cancelled = screen.getByRole('link', { name: '2026000011' }).closest('tr') as HTMLElement;
    expect(within(cancelled).getByText(t('customers.orderStates.hidden'))).toBeTruthy();
    expect(
      within(cancelled)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/order/8', '/order/8', '/order/8/copy']);
    expect(screen.getByText('Rámcová smlouva')).toBeTruthy();
    expect(screen.getByRole('link', { name: t('common.edit') }).getAttribute('href')).toBe(
      '/customer/5/edit',
    );
  });

  it('the dispatcher toggles the to-contact flag', async () => {
    const { user, api } = renderDetail(['dispatcher'], {
      'PUT /api/customer/5/change_to_contact': {
        body: { item: makeCustomer(5, { to_contact: true, version: 4 }) },
      },
    });
    const toggle = await screen.findByRole('switch', { name: t('customers.toContactSwitch') });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(api.sent('PUT /api/customer/5/change_to_contact')).toHaveLength(1);
    expect(screen.getAllByText(t('customers.toContactYes')).length).toBeGreaterThan(0);
  });

  it('nobody without the dispatcher function sees the toggle, the owner neither', async () => {
    renderDetail(['owner']);
    await screen.findByRole('heading', { name: 'Alžběta Zelenková' });
    expect(screen.queryByRole('switch')).toBeNull();
    const row = screen.getByText(t('customers.fields.toContact')).closest('tr') as HTMLElement;
    expect(within(row).getByText(t('common.no'))).toBeTruthy();
  });

  it('a driver sees the order detail link only, and files without upload or delete', async () => {
    renderDetail(['driver']);
    await screen.findByRole('heading', { name: 'Alžběta Zelenková' });
    expect(screen.queryByRole('link', { name: t('customers.orderItems') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('customers.orderCopy') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('files.upload') })).toBeNull();
    expect(
      screen.getByRole('link', { name: t('files.downloadOf', { title: 'Rámcová smlouva' }) }),
    ).toBeTruthy();
  });

  it('says so when the customer has no orders yet', async () => {
    renderDetail(['dispatcher'], { 'GET /api/customer/5': { body: makeDetail(5) } });
    expect(await screen.findByText(t('customers.noOrders'))).toBeTruthy();
  });

  it('an unknown customer returns to the list', async () => {
    renderDetail(['dispatcher'], {
      'GET /api/customer/5': { status: 404, body: { error_code: 130, message: 'Customer not found' } },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
  });
});
