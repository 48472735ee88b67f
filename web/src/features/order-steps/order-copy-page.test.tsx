import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockAnswer, makeProfile, renderWithApp, t } from '../../test-utils';
import { OrderCopyPage } from './order-copy-page';

const renderCopy = (answer: MockAnswer<'GET /api/order/5/copy'>) =>
  renderWithApp(<OrderCopyPage />, {
    path: '/order/5/copy',
    route: '/order/:id/copy',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
      'GET /api/order/5/copy': answer,
    },
  });

describe('OrderCopyPage', () => {
  it('copies once (strict mode runs effects twice) and replaces the address with the copy’s items step', async () => {
    const { api, router } = renderCopy({ body: { order_id: 31 } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/31/items'));
    expect(api.sent('GET /api/order/5/copy')).toHaveLength(1);
    // Replaced, not pushed: going back does not copy again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the error of a copy that failed', async () => {
    renderCopy({ status: 404, body: { error_code: 130, message: 'Order not found' } });
    expect(await screen.findByText(t('errors.130'))).toBeTruthy();
  });
});
