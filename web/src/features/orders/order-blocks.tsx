import type { Order } from '@letokruh/contracts/orders';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRow, DetailTable } from '../../ui/detail-row';
import { telHref, useFormat } from '../../ui/format';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%">
      <Title order={3} mb="xs">
        {title}
      </Title>
      <DetailTable labelWidth={190} verticalSpacing={5}>
        {children}
      </DetailTable>
    </Paper>
  );
}

/** domain.md §1.2 detail, customer block: name, organization, phone and e-mail links, address with navigation. */
export function CustomerBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const noValue = t('common.noValue');
  const customer = order.customer;
  if (!customer) {
    return (
      <Paper withBorder p="md" h="100%">
        <Title order={3} mb="xs">
          {t('orders.detail.customer')}
        </Title>
        <Text c="dimmed">{t('orders.detail.noCustomer')}</Text>
      </Paper>
    );
  }
  const address = order.address ?? customer.address;
  return (
    <Block title={t('orders.detail.customer')}>
      <DetailRow label={t('orders.fields.name')}>
        <Text size="sm" fw={500}>
          {customer.name}
        </Text>
      </DetailRow>
      <DetailRow label={t('orders.fields.organization')}>{customer.organization_name || noValue}</DetailRow>
      <DetailRow label={t('orders.fields.organizationId')}>{customer.organization_id || noValue}</DetailRow>
      {customer.vat_id ? <DetailRow label={t('orders.fields.vatId')}>{customer.vat_id}</DetailRow> : null}
      <DetailRow label={t('orders.fields.phone')}>
        <Anchor href={telHref(customer.whole_phone)} size="sm">
          {format.phone(customer.whole_phone)}
        </Anchor>
      </DetailRow>
      <DetailRow label={t('orders.fields.email')}>
        {customer.email ? (
          <Anchor href={`mailto:${customer.email}`} size="sm">
            {customer.email}
          </Anchor>
        ) : (
          noValue
        )}
      </DetailRow>
      <DetailRow label={t('orders.fields.address')}>
        <Text size="sm">{address.full_address}</Text>
        {address.navigation_link ? (
          <Anchor href={address.navigation_link} target="_blank" rel="noopener noreferrer" size="sm">
            {t('orders.detail.navigate')}
          </Anchor>
        ) : null}
      </DetailRow>
    </Block>
  );
}

/** domain.md §1.2 detail, internal info block. */
export function InternalBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const noValue = t('common.noValue');
  const currency = order.currency ?? undefined;
  const money = (value: number) => (order.currency ? format.money(value, currency) : noValue);
  const collector = order.collected_revenue_by?.name;
  return (
    <Block title={t('orders.detail.internal')}>
      <DetailRow label={t('orders.fields.internId')}>
        <Text size="sm" ff="monospace">
          {order.intern_id}
        </Text>
      </DetailRow>
      <DetailRow label={t('orders.fields.created')}>{format.dateShort(order.created)}</DetailRow>
      <DetailRow label={t('orders.fields.expectedDelivery')}>
        {order.expected_delivery_date
          ? `${format.day(order.expected_delivery_date)} ${order.expected_delivery_time ?? ''}`.trim()
          : noValue}
      </DetailRow>
      <DetailRow label={t('orders.fields.distance')}>
        {t('orders.detail.distanceValue', { km: format.number(order.distance), minutes: order.duration })}
      </DetailRow>
      <DetailRow label={t('orders.fields.timeSpent')}>
        {t('orders.detail.minutes', { minutes: order.expected_delivery_duration })}
      </DetailRow>
      <DetailRow label={t('orders.fields.productPrice')}>{money(order.product_prices)}</DetailRow>
      <DetailRow label={t('orders.fields.deliveryPrice')}>{money(order.delivery_price.price)}</DetailRow>
      <DetailRow label={t('orders.fields.priceWithoutVat')}>{money(order.total_price)}</DetailRow>
      <DetailRow label={t('orders.fields.priceWithVat')}>
        <Text size="sm" fw={700}>
          {money(order.price_with_vat)}
        </Text>
      </DetailRow>
      <DetailRow label={t('orders.fields.payment')}>
        {t(`orders.paymentTypes.${order.payment_type}`)}
      </DetailRow>
      <DetailRow label={t('orders.fields.paid')}>
        {order.collected_revenue_at
          ? [t('common.yes'), format.dateShort(order.collected_revenue_at), collector]
              .filter(Boolean)
              .join(', ')
          : t('common.no')}
      </DetailRow>
      <DetailRow label={t('orders.fields.warehouse')}>{order.warehouse?.name ?? noValue}</DetailRow>
      <DetailRow label={t('orders.fields.driver')}>
        {order.driver?.name ?? t('orders.personalCollection')}
      </DetailRow>
      <DetailRow label={t('orders.fields.car')}>{order.car?.name ?? noValue}</DetailRow>
      <DetailRow label={t('orders.fields.supplier')}>{order.default_supplier?.name ?? noValue}</DetailRow>
      <DetailRow label={t('orders.fields.adtype')}>{order.ad_type?.name ?? noValue}</DetailRow>
      <DetailRow label={t('orders.fields.note')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {order.note || noValue}
        </Text>
      </DetailRow>
    </Block>
  );
}
