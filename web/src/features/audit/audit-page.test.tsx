import type { AuditItem } from '@letokruh/contracts/audit';
import type { FunctionName } from '@letokruh/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    action: 'update_stock',
    method: 'PUT',
    path: '/api/update_stock/2/7',
    details: { params: { warehouseId: 2, productId: 7 }, body: { amount: 3 }, status: 200 },
  },
  {
    id: 11,
    at: '2026-11-24T08:00:00.000Z',
    user: { id: 2, name: 'Jana Malá', username: 'dispatcher' },
    entity: 'order',
    entity_id: 131,
    entity_name: '2026000131',
    names: {},
    action: 'done',
    method: 'PUT',
    path: '/api/order/131/done',
    details: { params: { id: 131 }, body: null, status: 200 },
  },
];

function renderAudit(functions: FunctionName[], total = 2) {
  return renderWithApp(<AuditPage />, {
    path: '/audit',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/audit_log': { body: { items: rows, total } },
    },
  });
}

describe('AuditPage', () => {
  it('lists who changed what and when, with links to the records', async () => {
    const { api } = renderAudit(['owner']);
    const stock = (await screen.findByText(t('audit.actions.update_stock'))).closest('tr') as HTMLElement;
    expect(within(stock).getByText('Karel Procházka (warehouseman)')).toBeTruthy();
    expect(
      within(stock)
        .getByRole('link', { name: `${t('audit.entities.stock')} Sklad Třebíč` })
        .getAttribute('href'),
    ).toBe('/warehouse/2');
    // Names, never internal ids (decision 0024).
    expect(stock.textContent).toContain('"productId": "Smrk štípaný 33 cm"');
    expect(stock.textContent).not.toContain('"productId": 7');
    const order = screen.getByText(t('audit.actions.done')).closest('tr') as HTMLElement;
    expect(
      within(order)
        .getByRole('link', { name: `${t('audit.entities.order')} 2026000131` })
        .getAttribute('href'),
    ).toBe('/order/131');
    expect(within(stock).getByText('24. 11. 2026 10:15')).toBeTruthy();
    expect(stock.textContent).toContain('"amount": 3');
    expect(api.sent('GET /api/audit_log')[0]?.url.search).toBe('?current_page=1&per_page=20');
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
