import { type Order, orderFileTypes } from '@letokruh/contracts/orders';
import { Alert, Anchor, Badge, Grid, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { orderFilesEndpoints } from '../../lib/routes';
import { useAccess } from '../../lib/session';
import { FilesPanel } from '../../ui/files-panel';
import { QueryState } from '../../ui/query-state';
import { orderQuery, ordersKey } from './api';
import { DeliveryProofPanel } from './delivery-proof';
import { OrderActions } from './order-actions';
import { CustomerBlock, InternalBlock } from './order-blocks';
import { OrderLines } from './order-lines';
import { VatRecap } from './vat-recap';

function Flag({ label, on }: { label: string; on: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="lg" variant={on ? 'filled' : 'outline'} color={on ? 'green' : 'gray'} tt="none">
      {`${label}: ${on ? t('common.yes') : t('common.no')}`}
    </Badge>
  );
}

/** domain.md §1.2 Order detail: header flags, customer and internal blocks, items, files and actions. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const allowed = access.can('view_order');
  const query = useQuery({ ...orderQuery(id), enabled: allowed && valid });
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  useEffect(() => {
    if (!allowed || !missing) return;
    notifications.show({ color: 'orange', message: t('orders.notFound') });
    void navigate('/orders', { replace: true });
  }, [allowed, missing, navigate, t]);

  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  const order = query.data;
  if (query.error || !order) return <QueryState error={query.error} />;

  // Every action answers the whole order: the page shows it at once, lists reload when next seen.
  const changed = (item: Order) => {
    queryClient.setQueryData(orderQuery(id).queryKey, item);
    void queryClient.invalidateQueries({ queryKey: [...ordersKey, 'list'] });
  };

  return (
    <Stack>
      <Anchor component={Link} to="/orders" size="sm">
        {t('orders.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={2}>{t('orders.detail.heading', { number: order.intern_id })}</Title>
          {order.hidden ? (
            <Badge size="lg" color="gray" variant="filled" tt="none">
              {t('orders.stages.hidden')}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          <Flag label={t('orders.flags.done')} on={order.done} />
          <Flag label={t('orders.flags.ready')} on={order.prepared || order.done} />
          <Flag label={t('orders.flags.paid')} on={order.collected_revenue_at !== null} />
        </Group>
      </Group>
      <OrderActions order={order} onChanged={changed} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CustomerBlock order={order} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <InternalBlock order={order} />
        </Grid.Col>
      </Grid>
      <OrderLines order={order} onChanged={changed} />
      <VatRecap order={order} />
      <DeliveryProofPanel order={order} />
      <FilesPanel
        endpoints={orderFilesEndpoints}
        id={order.id}
        files={order.files}
        fileTypes={orderFileTypes}
        canChange={access.canCall('POST /order/:id/files/add')}
        onChanged={() => void query.refetch()}
      />
    </Stack>
  );
}
