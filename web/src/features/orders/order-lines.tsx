import type { Order, OrderLine } from '@letokruh/contracts/orders';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { markLinePrepared } from './api';
import { productTypeKey } from './labels';

type Props = { order: Order; onChanged: (order: Order) => void };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** domain.md §1.2 detail, item cards; prices only with change_order; "prepared" while the order is open. */
export function OrderLines({ order, onChanged }: Props) {
  const { t } = useTranslation();
  const access = useAccess();
  const prepare = useMutation({
    mutationFn: (line: OrderLine) => markLinePrepared(order.id, line.id),
    onSuccess: (item) => {
      onChanged(item);
      notifications.show({ color: 'green', message: t('orders.notices.linePrepared') });
    },
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  // domain.md §1.4: an item may be marked prepared while the order is not done (nor cancelled).
  const canPrepare = access.canCall('PUT /order/:id/:itemId/prepared') && !order.done && !order.hidden;
  return (
    <Stack gap="sm">
      <Title order={3}>{t('orders.detail.items')}</Title>
      {order.products.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('orders.detail.noItems')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {order.products.map((line) => (
            <LineCard
              key={line.id}
              line={line}
              showPrices={access.can('change_order')}
              prepareButton={
                canPrepare && !line.prepared ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="green"
                    loading={prepare.isPending && prepare.variables?.id === line.id}
                    disabled={prepare.isPending}
                    onClick={() => prepare.mutate(line)}
                    aria-label={t('orders.actions.prepareOf', { name: line.product.product.name })}
                  >
                    {t('orders.actions.prepare')}
                  </Button>
                ) : null
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function LineCard({
  line,
  showPrices,
  prepareButton,
}: {
  line: OrderLine;
  showPrices: boolean;
  prepareButton: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { product } = line.product;
  const typeKey = productTypeKey(product.type);
  return (
    <Paper withBorder p="sm" data-testid="order-line">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{product.name}</Text>
          <Badge variant="light" color={line.prepared ? 'green' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
            {t(line.prepared ? 'orders.lines.prepared' : 'orders.lines.notPrepared')}
          </Badge>
        </Group>
        <Fact label={t('orders.lines.type')}>{typeKey ? t(typeKey) : product.type}</Fact>
        <Fact label={t('orders.lines.length')}>
          {product.length
            ? t('orders.lines.lengthCm', { length: format.number(product.length) })
            : t('common.noValue')}
        </Fact>
        <Fact label={t('orders.lines.amount')}>
          <b>{`${format.number(line.amount)} ${product.measurement_unit}`}</b>
        </Fact>
        {showPrices ? (
          <>
            <Fact label={t('orders.lines.unitPrice')}>
              {format.money(line.product.amount, line.product.currency)}
            </Fact>
            <Fact label={t('orders.lines.vat')}>
              {t('orders.recap.rateValue', { rate: line.product.vat })}
            </Fact>
            {line.product.discount !== 1 ? (
              <Fact label={t('orders.lines.discount')}>
                {format.percent((1 - line.product.discount) * 100)}
              </Fact>
            ) : null}
            <Fact label={t('orders.lines.total')}>
              <b>{format.money(line.total_price_vat, line.product.currency)}</b>
            </Fact>
          </>
        ) : null}
        {prepareButton ? <Group justify="flex-end">{prepareButton}</Group> : null}
      </Stack>
    </Paper>
  );
}
