import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { ProductStock } from '@letokruh/contracts/stock';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { useProductStock, useWarehouse } from './api';
import { StockChangesTable } from './stock-changes-table';
import { AvailableAmount, ProjectionDayInput, StockAmount } from './stock-figures';

/** domain.md §2.2 /warehouse/{id}: the stock table, add a product, change stock, and the history. */
export function WarehouseStockPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { canCall } = useAccess();
  const id = Number(useParams().id);
  const warehouse = useWarehouse(id);
  const list = useListState(`warehouse-stock-${id}`, { name: '' });
  const [name] = useDebouncedValue(list.filters.name, 500);
  // Decision 0064: the projection's day; today (in Prague) unless picked.
  const today = pragueDay();
  const [day, setDay] = useState(today);
  const stock = useProductStock(id, {
    current_page: list.current_page,
    per_page: list.per_page,
    name: name.trim() || undefined,
    date: day === today ? undefined : day,
  });
  const mayChange = canCall('PUT /update_stock/:warehouseId/:productId');

  const columns: Column<ProductStock>[] = [
    {
      key: 'product',
      header: t('stock.fields.product'),
      cell: (s) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{s.product.name}</Text>
          {s.product.hidden ? (
            <Badge color="gray" variant="light" size="sm">
              {t('stock.notOffered')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'short', header: t('stock.fields.shortenName'), cell: (s) => s.product.shorten_name, width: 120 },
    {
      key: 'amount',
      header: t('stock.fields.onHand'),
      cell: (s) => <StockAmount value={s.amount} unit={s.product.measurement_unit} />,
      width: 130,
    },
    {
      key: 'reserved',
      header: t('stock.fields.reserved'),
      cell: (s) => <StockAmount value={s.reserved} unit={s.product.measurement_unit} />,
      width: 130,
    },
    {
      key: 'available',
      header: t('stock.fields.available'),
      cell: (s) => <AvailableAmount value={s.available} unit={s.product.measurement_unit} />,
      width: 130,
    },
    {
      key: 'projected',
      header: t('stock.fields.projected', { day: format.day(day) }),
      cell: (s) => <AvailableAmount value={s.projected} unit={s.product.measurement_unit} />,
      width: 150,
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            header: t('common.actions'),
            width: 160,
            cell: (s: ProductStock) => (
              <Button
                component={Link}
                to={`/update-stock/${id}/${s.product.id}`}
                size="compact-sm"
                variant="light"
                aria-label={t('stock.changeOf', { name: s.product.name })}
              >
                {t('stock.change')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack>
      <Anchor component={Link} to="/warehouses" size="sm">
        {t('warehouses.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={2}>{warehouse.data?.name ?? t('titles.warehouseDetail')}</Title>
            {warehouse.data?.hidden ? (
              <Badge color="gray" variant="light">
                {t('warehouses.notInUse')}
              </Badge>
            ) : null}
          </Group>
          {warehouse.data ? <Text c="dimmed">{warehouse.data.address.full_address}</Text> : null}
        </div>
        {mayChange ? (
          <Group gap="sm">
            <Button component={Link} to={`/warehouse/${id}/conversion`} variant="light">
              {t('conversions.open')}
            </Button>
            <Button component={Link} to={`/warehouse/${id}/add-product`}>
              {t('stock.addProduct')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {warehouse.isError ? <Alert color="red">{t(errorKey(warehouse.error))}</Alert> : null}
      <Title order={3}>{t('stock.heading')}</Title>
      <Group align="flex-start" gap="md">
        <TextInput
          label={t('stock.fields.product')}
          value={list.filters.name}
          onChange={(e) => list.setFilter('name', e.currentTarget.value)}
          w={260}
          maw="100%"
        />
        <ProjectionDayInput value={day} onChange={setDay} today={today} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('stock.availableHint')}
      </Text>
      <PagedTable
        cardsOnPhone
        columns={columns}
        rows={stock.data?.items}
        total={stock.data?.total ?? 0}
        rowKey={(s) => s.product.id}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={stock.isPending}
        error={stock.isError ? <Alert color="red">{t(errorKey(stock.error))}</Alert> : null}
      />
      {mayChange ? (
        <>
          <Title order={3} mt="lg">
            {t('stock.historyHeading')}
          </Title>
          <StockChangesTable warehouseId={id} />
        </>
      ) : null}
    </Stack>
  );
}
