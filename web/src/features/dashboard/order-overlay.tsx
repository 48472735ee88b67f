import type { Order } from '@letokruh/contracts/orders';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { telHref, useFormat } from '../../ui/format';
import { orderQuery } from '../order-steps/api';

type Props = {
  /** The clicked order as the calendar has it (decision 0049: the lean week); its detail is loaded here. */
  entry: CalendarEntry | null;
  opened: boolean;
  canEdit: boolean;
  onClose: () => void;
};

/**
 * The order overlay of the dashboard (domain.md §1.2): the essentials of the clicked order, a Detail link
 * and (with change_order) an Edit link to the items step. Clicking outside or the X closes it; the
 * page does not scroll meanwhile (Mantine's modal locks it). Number, time, flags and links show at
 * once from the calendar's entry; the rest comes with GET /order/{id} (decision 0049).
 */
export function OrderOverlay({ entry, opened, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useQuery({ ...orderQuery(entry?.id ?? 0), enabled: opened && entry !== null });
  const order = detail.data?.id === entry?.id ? detail.data : undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        entry ? t('dashboard.overlay.title', { number: entry.intern_id }) : t('dashboard.overlay.loading')
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {entry ? (
        <Stack>
          <Group gap="xs">
            {entry.done ? <Badge color="green">{t('dashboard.flags.done')}</Badge> : null}
            {entry.prepared && !entry.done ? (
              <Badge color="teal">{t('dashboard.flags.prepared')}</Badge>
            ) : null}
            {entry.paid ? <Badge color="yellow">{t('dashboard.flags.paid')}</Badge> : null}
            {order?.hidden ? <Badge color="gray">{t('dashboard.flags.hidden')}</Badge> : null}
          </Group>
          {order ? (
            <OrderRows order={order} />
          ) : detail.error ? (
            <Alert color="red">{t(errorKey(detail.error))}</Alert>
          ) : (
            <Group gap="xs" role="status" mih={120} align="center">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {entry.calendar_name} · {t('dashboard.overlay.details')}
              </Text>
            </Group>
          )}
          <Group justify="flex-end">
            {canEdit && !order?.hidden ? (
              <Button component={Link} to={`/order/${entry.id}/items`} variant="default">
                {t('common.edit')}
              </Button>
            ) : null}
            <Button component={Link} to={`/order/${entry.id}`}>
              {t('common.detail')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The loaded order's essentials: delivery, customer, address, people, goods, price, payment. */
function OrderRows({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows: [string, React.ReactNode][] = [
    [
      t('dashboard.overlay.delivery'),
      `${format.day(order.expected_delivery_date)} ${order.expected_delivery_time ?? ''}`,
    ],
    [
      t('dashboard.overlay.duration'),
      t('dashboard.overlay.minutes', { count: order.expected_delivery_duration }),
    ],
    [
      t('dashboard.overlay.travel'),
      t('dashboard.overlay.travelValue', { km: format.number(order.distance), count: order.duration }),
    ],
    [
      t('dashboard.overlay.customer'),
      order.customer ? (
        <span key="customer">
          {order.customer.name}
          {order.customer.organization_name ? ` (${order.customer.organization_name})` : ''}
          <br />
          <Anchor href={telHref(order.customer.whole_phone)}>
            {format.phone(order.customer.whole_phone)}
          </Anchor>
        </span>
      ) : (
        t('common.noValue')
      ),
    ],
    [t('dashboard.overlay.address'), order.address?.full_address ?? t('common.noValue')],
    [t('dashboard.overlay.warehouse'), order.warehouse?.name ?? t('common.noValue')],
    [t('dashboard.overlay.driver'), order.driver?.name ?? t('dashboard.overlay.personalCollection')],
    [t('dashboard.overlay.car'), order.car?.name ?? t('common.noValue')],
    [
      t('dashboard.overlay.items'),
      order.products.length ? (
        <Stack gap={0} key="items">
          {order.products.map((line) => (
            <Text size="sm" key={line.id}>
              {line.product.product.name} × {format.number(line.amount)}{' '}
              {line.product.product.measurement_unit}
            </Text>
          ))}
        </Stack>
      ) : (
        t('common.noValue')
      ),
    ],
    [t('dashboard.overlay.price'), format.money(order.price_with_vat, order.currency ?? undefined)],
    [t('dashboard.overlay.payment'), t(`dashboard.payment.${order.payment_type}`)],
    // Decision 0038: cash in CZK is collected rounded to whole crowns.
    ...(order.pay_by_cash && order.currency === 'CZK'
      ? [[t('orders.recap.toPayCash'), format.money(order.amount_to_pay, 'CZK')] as [string, string]]
      : []),
    [t('dashboard.overlay.note'), order.note || t('common.noValue')],
  ];
  return (
    <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={170}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
