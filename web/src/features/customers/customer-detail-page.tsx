import { customerFileTypes } from '@letokruh/contracts/customers';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customersEndpoints } from '../../lib/routes';
import { useAccess } from '../../lib/session';
import { DetailRow, DetailTable } from '../../ui/detail-row';
import { FilesPanel } from '../../ui/files-panel';
import { telHref, useFormat } from '../../ui/format';
import { LocationMap } from '../../ui/location-map';
import { QueryState } from '../../ui/query-state';
import type { CustomerDetail } from './api';
import { ToContactToggle } from './to-contact-toggle';
import { useCustomerOfRoute } from './use-customer';

/** domain.md §2.2 customer detail: map, fields, orders, files and the dispatcher's to-contact flag. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const access = useAccess();
  const allowed = access.can('view_customer');
  const { id, query, missing } = useCustomerOfRoute(allowed);
  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  if (query.error || !query.data) return <QueryState error={query.error} />;
  const { customer, orders } = query.data;
  const { address } = customer;
  const noValue = t('common.noValue');

  return (
    <Stack>
      <Anchor component={Link} to="/customers" size="sm">
        {t('customers.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={2}>{customer.name}</Title>
          <Badge variant="light" size="lg" tt="none" ff="monospace">
            {t('customers.internIdBadge', { internId: customer.intern_id })}
          </Badge>
          {customer.to_contact ? (
            <Badge color="orange" variant="filled" size="lg" tt="none">
              {t('customers.toContactYes')}
            </Badge>
          ) : null}
        </Group>
        {access.canCall('PUT /customer/:id/edit') ? (
          <Button component={Link} to={`/customer/${id}/edit`}>
            {t('common.edit')}
          </Button>
        ) : null}
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" h="100%">
            <DetailTable labelWidth={170}>
              <DetailRow label={t('customers.fields.name')}>{customer.name}</DetailRow>
              <DetailRow label={t('customers.fields.organization')}>
                {customer.organization_name || customer.organization_id || customer.vat_id
                  ? [
                      customer.organization_name,
                      customer.organization_id &&
                        t('customers.organizationId', { id: customer.organization_id }),
                      customer.vat_id && t('customers.vatId', { id: customer.vat_id }),
                    ]
                      .filter(Boolean)
                      .join(', ')
                  : noValue}
              </DetailRow>
              <DetailRow label={t('customers.fields.phone')}>
                <Anchor href={telHref(customer.whole_phone)} size="sm">
                  {format.phone(customer.whole_phone)}
                </Anchor>
              </DetailRow>
              <DetailRow label={t('customers.fields.email')}>
                {customer.email ? (
                  <Anchor href={`mailto:${customer.email}`} size="sm">
                    {customer.email}
                  </Anchor>
                ) : (
                  noValue
                )}
              </DetailRow>
              <DetailRow label={t('customers.fields.address')}>{address.full_address}</DetailRow>
              <DetailRow label={t('customers.fields.townZipCountry')}>
                {[address.zip_code, address.town].filter(Boolean).join(' ')}, {address.country}
              </DetailRow>
              <DetailRow label={t('customers.fields.gps')}>
                <Text size="sm" ff="monospace" span>
                  {address.gps_lat}, {address.gps_lon}
                </Text>{' '}
                <Anchor href={address.navigation_link} target="_blank" rel="noopener noreferrer" size="sm">
                  {t('customers.navigate')}
                </Anchor>
              </DetailRow>
              <DetailRow label={t('customers.fields.toContact')}>
                {access.canCall('PUT /customer/:id/change_to_contact') ? (
                  <ToContactToggle customer={customer} />
                ) : customer.to_contact ? (
                  t('common.yes')
                ) : (
                  t('common.no')
                )}
              </DetailRow>
            </DetailTable>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LocationMap
            lat={address.gps_lat}
            lon={address.gps_lon}
            label={address.full_address}
            height={320}
          />
        </Grid.Col>
      </Grid>

      <OrdersPanel orders={orders} />

      <FilesPanel
        endpoints={customersEndpoints}
        id={id}
        files={customer.files}
        fileTypes={customerFileTypes}
        canChange={access.canCall('POST /customer/:id/files/add')}
        onChanged={() => void query.refetch()}
      />
    </Stack>
  );
}

/** domain.md §2.2: the customer's orders with links to the detail, the items step and a copy. */
function OrdersPanel({ orders }: { orders: CustomerDetail['orders'] }) {
  const { t } = useTranslation();
  const access = useAccess();
  const format = useFormat();
  return (
    <Paper withBorder p="md">
      <Title order={3} mb="sm">
        {t('customers.orders')}
      </Title>
      {orders.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('customers.noOrders')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.orderFields.internId')}</Table.Th>
                <Table.Th>{t('customers.orderFields.created')}</Table.Th>
                <Table.Th>{t('customers.orderFields.expected')}</Table.Th>
                <Table.Th>{t('customers.orderFields.warehouse')}</Table.Th>
                <Table.Th>{t('customers.orderFields.state')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/order/${order.id}`} ff="monospace">
                      {order.intern_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{format.dateShort(order.created)}</Table.Td>
                  <Table.Td>{format.day(order.expected_delivery_date)}</Table.Td>
                  <Table.Td>{order.warehouse?.name ?? t('common.noValue')}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      tt="none"
                      color={order.hidden ? 'gray' : order.done ? 'green' : 'blue'}
                    >
                      {t(`customers.orderStates.${order.hidden ? 'hidden' : order.done ? 'done' : 'open'}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button component={Link} to={`/order/${order.id}`} size="compact-sm" variant="default">
                        {t('common.detail')}
                      </Button>
                      {access.canCall('POST /order/:id/items') && !order.hidden ? (
                        <Button
                          component={Link}
                          to={`/order/${order.id}/items`}
                          size="compact-sm"
                          variant="subtle"
                        >
                          {t('customers.orderItems')}
                        </Button>
                      ) : null}
                      {access.canCall('GET /order/:id/copy') ? (
                        <Button
                          component={Link}
                          to={`/order/${order.id}/copy`}
                          size="compact-sm"
                          variant="subtle"
                        >
                          {t('customers.orderCopy')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
