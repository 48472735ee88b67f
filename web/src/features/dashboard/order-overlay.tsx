import type { CalendarOrder } from '@letokruh/contracts/order-calendar';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { telHref, useFormat } from '../../ui/format';

type Props = {
  order: CalendarOrder | null;
  opened: boolean;
  canEdit: boolean;
  onClose: () => void;
};

/**
 * The order overlay of the dashboard (part 1 §2): the essentials of the clicked order, a Detail link
 * and (with change_order) an Edit link to the items step. Clicking outside or the X closes it; the
 * page does not scroll meanwhile (Mantine's modal locks it).
 */
export function OrderOverlay({ order, opened, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows: [string, React.ReactNode][] = order
    ? [
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
        // Issue 15: cash in CZK is collected rounded to whole crowns.
        ...(order.pay_by_cash && order.currency === 'CZK'
          ? [[t('orders.recap.toPayCash'), format.money(order.amount_to_pay, 'CZK')] as [string, string]]
          : []),
        [t('dashboard.overlay.note'), order.note || t('common.noValue')],
      ]
    : [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        order ? t('dashboard.overlay.title', { number: order.intern_id }) : t('dashboard.overlay.loading')
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {order ? (
        <Stack>
          <Group gap="xs">
            {order.done ? <Badge color="green">{t('dashboard.flags.done')}</Badge> : null}
            {order.prepared && !order.done ? (
              <Badge color="teal">{t('dashboard.flags.prepared')}</Badge>
            ) : null}
            {order.collected_revenue_at ? <Badge color="yellow">{t('dashboard.flags.paid')}</Badge> : null}
            {order.hidden ? <Badge color="gray">{t('dashboard.flags.hidden')}</Badge> : null}
          </Group>
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
          <Group justify="flex-end">
            {canEdit && !order.hidden ? (
              <Button component={Link} to={`/order/${order.id}/items`} variant="default">
                {t('common.edit')}
              </Button>
            ) : null}
            <Button component={Link} to={`/order/${order.id}`}>
              {t('common.detail')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
