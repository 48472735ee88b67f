import type { OrderListItem } from '@letokruh/contracts/orders';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { ConfirmButton } from '../../ui/confirm-button';
import { RemoveButton } from '../../ui/remove-button';
import { copyOrder, discardDraft, ordersKey, resumeStep, runTransition, transitionNotice } from './api';

type Props = {
  order: OrderListItem;
  /** domain.md §1.8: a failed cancel or restore is an alert with the text of its error code. */
  onFailure: (message: string) => void;
  /** On a phone's order card: the buttons wrap and are 44 px targets (decision 0082). */
  phone?: boolean;
};

/**
 * Decision 0030, the drafts filter: resume at the step where the draft stopped, or discard it for good
 * after a confirmation. A draft takes none of an order's actions.
 */
function DraftRowActions({ order, onFailure, phone }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const number = order.intern_id;
  const discard = useMutation({
    mutationFn: () => discardDraft(order.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('orders.drafts.discarded', { number }) });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
    onError: (error) => onFailure(t(errorKey(error))),
  });
  return (
    <Group gap={6} wrap={phone ? 'wrap' : 'nowrap'}>
      <Button
        component={Link}
        to={`/order/${order.id}/${resumeStep(order)}`}
        size={phone ? 'md' : 'compact-sm'}
        variant="light"
        aria-label={t('orders.drafts.resumeOf', { number })}
      >
        {t('orders.drafts.resume')}
      </Button>
      <RemoveButton
        label={t('orders.drafts.discard')}
        question={t('orders.drafts.discardQuestion', { number })}
        onRemove={() => discard.mutate()}
        pending={discard.isPending}
        size={phone ? 'md' : 'compact-sm'}
        aria-label={t('orders.drafts.discardOf', { number })}
      />
    </Group>
  );
}

/** domain.md §1.2 row actions: detail; edit, cancel or restore and copy with change_order. */
export function OrderRowActions({ order, onFailure, phone }: Props) {
  if (order.draft) return <DraftRowActions order={order} onFailure={onFailure} phone={phone} />;
  return <SavedOrderRowActions order={order} onFailure={onFailure} phone={phone} />;
}

function SavedOrderRowActions({ order, onFailure, phone }: Props) {
  const { t } = useTranslation();
  const access = useAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const can = access.canCall;
  const transition = useMutation({
    mutationFn: (name: 'cancel' | 'restore') => runTransition(order.id, name),
    onSuccess: (item, name) => {
      notifications.show({
        color: 'green',
        message: t(transitionNotice(name, item), { number: item.intern_id }),
      });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
    onError: (error) => onFailure(t(errorKey(error))),
  });
  const copy = useMutation({
    mutationFn: () => copyOrder(order.id),
    onSuccess: (newId) => void navigate(`/order/${newId}/items`),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  const number = order.intern_id;
  return (
    <Group gap={6} wrap={phone ? 'wrap' : 'nowrap'}>
      <Button
        component={Link}
        to={`/order/${order.id}`}
        size={phone ? 'md' : 'compact-sm'}
        variant="default"
        aria-label={t('orders.actions.detailOf', { number })}
      >
        {t('common.detail')}
      </Button>
      {can('POST /order/:id/items') && !order.hidden ? (
        <Button
          component={Link}
          to={`/order/${order.id}/items`}
          size={phone ? 'md' : 'compact-sm'}
          variant="subtle"
          aria-label={t('orders.actions.editOf', { number })}
        >
          {t('common.edit')}
        </Button>
      ) : null}
      {can('GET /order/:id/copy') ? (
        <Button
          size={phone ? 'md' : 'compact-sm'}
          variant="subtle"
          loading={copy.isPending}
          onClick={() => copy.mutate()}
          aria-label={t('orders.actions.copyOf', { number })}
        >
          {t('orders.actions.copy')}
        </Button>
      ) : null}
      {can('DELETE /order/:id/delete') && !order.hidden ? (
        <ConfirmButton
          size={phone ? 'md' : 'compact-sm'}
          variant="subtle"
          color="red"
          loading={transition.isPending}
          aria-label={t('orders.actions.cancelOf', { number })}
          question={t('orders.questions.cancel', { number })}
          confirmLabel={t('orders.actions.cancel')}
          onConfirm={() => transition.mutate('cancel')}
        >
          {t('orders.actions.cancelShort')}
        </ConfirmButton>
      ) : null}
      {can('PUT /order/:id/restore') && order.hidden ? (
        <Button
          size={phone ? 'md' : 'compact-sm'}
          variant="subtle"
          color="teal"
          loading={transition.isPending}
          onClick={() => transition.mutate('restore')}
          aria-label={t('orders.actions.restoreOf', { number })}
        >
          {t('orders.actions.restore')}
        </Button>
      ) : null}
    </Group>
  );
}
