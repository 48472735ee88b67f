import type { OrderListItem } from '@letokruh/contracts/orders';
import { Badge, Box, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../ui/format';
import { orderStage, stageColor } from './labels';
import { OrderRowActions } from './order-row-actions';
import type { OrderSelection } from './order-selection';

type Props = {
  order: OrderListItem;
  /** Without it the list offers no selection (no right to the notes, or the drafts). */
  selection?: OrderSelection;
  onFailure: (text: string) => void;
};

// Decision 0082: on a phone each order is a card: the name, the town, the day and time, the
// state and the amount, the number a link to the detail; selection and actions stay.
export function OrderCard({ order: o, selection, onFailure }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="order-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="md" style={{ overflowWrap: 'anywhere' }}>
            {o.customer?.name ?? t('common.noValue')}
          </Text>
          <Text size="sm">{o.customer?.address.town ?? ''}</Text>
          <Text size="sm">
            {format.day(o.expected_delivery_date)}
            {o.expected_delivery_time ? ` ${o.expected_delivery_time}` : ''}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text fw={600} size="md" style={{ whiteSpace: 'nowrap' }}>
            {format.money(o.price_with_vat, o.currency ?? undefined)}
          </Text>
          <StageBadges order={o} size="sm" />
        </Stack>
      </Group>
      <Group gap="sm" mt="xs" wrap="nowrap">
        {selection ? (
          <Checkbox
            size="lg"
            aria-label={t('orders.selectOrder', { number: o.intern_id })}
            checked={selection.selected.has(o.id)}
            onChange={(e) => selection.toggle(o.id, e.currentTarget.checked)}
          />
        ) : null}
        <Button
          component={Link}
          to={`/order/${o.id}`}
          variant="subtle"
          size="md"
          px={6}
          ff="monospace"
          aria-label={t('orders.cardDetail', { number: o.intern_id })}
        >
          {o.intern_id}
        </Button>
      </Group>
      <Box mt="xs">
        <OrderRowActions order={o} onFailure={onFailure} phone />
      </Box>
    </Paper>
  );
}

/** The order's stage and, once collected, "paid": one badge each. */
export function StageBadges({ order, size }: { order: OrderListItem; size: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const stage = orderStage(order);
  return (
    <>
      <Badge size={size} variant="light" color={stageColor[stage]} tt="none">
        {t(`orders.stages.${stage}`)}
      </Badge>
      {order.collected_revenue_at ? (
        <Badge size={size} variant="light" color="teal" tt="none">
          {t('orders.paidBadge')}
        </Badge>
      ) : null}
    </>
  );
}
