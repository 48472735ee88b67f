import type { Order } from '@letokruh/contracts/orders';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { ConfirmButton } from '../../ui/confirm-button';
import { useFormat } from '../../ui/format';
import { resumeStep, runTransition, type Transition, transitionNotice } from './api';
import { DeliveryNoteModal } from './delivery-notes-modal';
import { EmailQrModal, QrPaymentModal } from './payment-modals';

type Props = { order: Order; onChanged: (order: Order) => void };

/** The action buttons of the detail, following the transitions of domain.md §1.4 and the roles of §1.6. */
export function OrderActions({ order, onChanged }: Props) {
  const { t } = useTranslation();
  const access = useAccess();
  const format = useFormat();
  const [modal, setModal] = useState<'qr' | 'email' | 'note' | null>(null);
  const transition = useMutation({
    mutationFn: (name: Transition) => runTransition(order.id, name),
    onSuccess: (item, name) => {
      onChanged(item);
      notifications.show({
        color: 'green',
        message: t(transitionNotice(name, item), { number: item.intern_id }),
      });
    },
    // A 409 (a state that forbids it, or someone else's change) shows its error text.
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  const can = access.canCall;
  const cashier = can('PUT /order/:id/collect_revenue');
  const collected = order.collected_revenue_at !== null;
  const number = order.intern_id;
  // Decision 0038: what is handed over — a CZK cash order rounded to whole crowns, a transfer exact.
  const total = format.money(order.amount_to_pay, order.currency ?? undefined);
  const busy = transition.isPending;
  const confirmed = (name: Transition, color: string, variant = 'light') => (
    <ConfirmButton
      key={name}
      color={color}
      variant={variant}
      loading={busy && transition.variables === name}
      disabled={busy}
      question={t(`orders.questions.${name}`, { number, total })}
      confirmLabel={t(`orders.actions.${name}`)}
      onConfirm={() => transition.mutate(name)}
    >
      {t(`orders.actions.${name}`)}
    </ConfirmButton>
  );

  // Decision 0030: a draft takes no transition and has no delivery note; it is finished or discarded.
  if (order.draft)
    return (
      <Group gap="xs" data-testid="order-actions">
        {access.can('add_order') || can('POST /order/:id/items') ? (
          <Button component={Link} to={`/order/${order.id}/${resumeStep(order)}`}>
            {t('orders.drafts.resume')}
          </Button>
        ) : null}
      </Group>
    );

  return (
    <>
      <Group gap="xs" data-testid="order-actions">
        {can('POST /order/:id/items') && !order.hidden ? (
          <Button component={Link} to={`/order/${order.id}/items`} variant="default">
            {t('common.edit')}
          </Button>
        ) : null}
        {can('PUT /order/:id/done') && !order.hidden && !order.done
          ? confirmed('done', 'green', 'filled')
          : null}
        {can('PUT /order/:id/undone') && order.done ? confirmed('undone', 'orange') : null}
        {cashier && order.pay_by_cash && !collected && !order.hidden
          ? confirmed('collectRevenue', 'teal')
          : null}
        {cashier && !order.pay_by_cash && !collected && !order.hidden ? (
          <ConfirmButton
            color="teal"
            variant="light"
            loading={busy && transition.variables === 'collectRevenue'}
            disabled={busy}
            question={t('orders.questions.markPaid', { number, total })}
            confirmLabel={t('orders.actions.markPaid')}
            onConfirm={() => transition.mutate('collectRevenue')}
          >
            {t('orders.actions.markPaid')}
          </ConfirmButton>
        ) : null}
        {can('PUT /order/:id/return_revenue') && collected ? (
          <ConfirmButton
            color="orange"
            variant="subtle"
            loading={busy && transition.variables === 'returnRevenue'}
            disabled={busy}
            question={t(
              order.pay_by_cash ? 'orders.questions.returnRevenue' : 'orders.questions.unmarkPaid',
              {
                number,
                total,
              },
            )}
            confirmLabel={t(order.pay_by_cash ? 'orders.actions.returnRevenue' : 'orders.actions.unmarkPaid')}
            onConfirm={() => transition.mutate('returnRevenue')}
          >
            {t(order.pay_by_cash ? 'orders.actions.returnRevenue' : 'orders.actions.unmarkPaid')}
          </ConfirmButton>
        ) : null}
        {can('GET /order/:id/qr_payment') && !order.hidden ? (
          <Button variant="light" onClick={() => setModal('qr')}>
            {t('orders.actions.qr')}
          </Button>
        ) : null}
        {can('POST /order/:id/send_email_qr') && !order.hidden ? (
          <Button variant="light" onClick={() => setModal('email')}>
            {t('orders.actions.emailQr')}
          </Button>
        ) : null}
        <Button variant="light" onClick={() => setModal('note')}>
          {t('orders.actions.deliveryNote')}
        </Button>
        {can('DELETE /order/:id/delete') && !order.hidden ? confirmed('cancel', 'red', 'subtle') : null}
        {can('PUT /order/:id/restore') && order.hidden ? (
          <Button
            color="teal"
            loading={busy && transition.variables === 'restore'}
            onClick={() => transition.mutate('restore')}
          >
            {t('orders.actions.restore')}
          </Button>
        ) : null}
      </Group>
      {can('GET /order/:id/qr_payment') ? (
        <QrPaymentModal order={order} opened={modal === 'qr'} onClose={() => setModal(null)} />
      ) : null}
      {can('POST /order/:id/send_email_qr') ? (
        <EmailQrModal order={order} opened={modal === 'email'} onClose={() => setModal(null)} />
      ) : null}
      <DeliveryNoteModal order={order} opened={modal === 'note'} onClose={() => setModal(null)} />
    </>
  );
}
