import { type Product, type ProductType, productTypes } from '@letokruh/contracts/products';
import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { countActiveFilters, FilterBar } from '../../ui/filter-bar';
import { useFormat } from '../../ui/format';
import { ListPageHeader } from '../../ui/list-page-header';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { RemoveButton } from '../../ui/remove-button';
import { useProducts, useRemoveProduct } from './api';
import { PricesCell } from './prices-cell';
import { productTypeKey } from './product-labels';

type Offer = 'offered' | 'removed' | 'all';
type Filters = { name: string; type: ProductType | ''; offer: Offer };
const emptyFilters: Filters = { name: '', type: '', offer: 'offered' };
const hiddenParam = { offered: 'false', removed: 'true', all: undefined } as const;

/** domain.md §2.2 Products: the list with prices, change of price and "do not offer further". */
export function ProductsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { canCall } = useAccess();
  const list = useListState('products', emptyFilters);
  const [name] = useDebouncedValue(list.filters.name, 500);
  const products = useProducts({
    current_page: list.current_page,
    per_page: list.per_page,
    name: name.trim() || undefined,
    type: list.filters.type || undefined,
    hidden: hiddenParam[list.filters.offer],
  });
  const remove = useRemoveProduct();

  const removeProduct = (product: Product) =>
    remove.mutate(product.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('products.removed', { name: product.name }) }),
      onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
    });

  const columns: Column<Product>[] = [
    {
      key: 'name',
      header: t('products.fields.name'),
      cell: (p) => (
        <Stack gap={0}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500}>
              {p.name}
            </Text>
            {p.hidden ? (
              <Badge color="gray" variant="light" size="sm">
                {t('products.notOffered')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {p.shorten_name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'type',
      header: t('products.fields.type'),
      cell: (p) => (
        <Stack gap={0}>
          <Text size="sm">{t(productTypeKey[p.type])}</Text>
          {/* Firewood's type already says its wood; other goods say it when they have one. */}
          {p.subtype && p.type === 'Doplňkový prodej' ? (
            <Text size="xs" c="dimmed">
              {t(`products.subtypes.${p.subtype}`)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'length',
      header: t('products.fields.length'),
      cell: (p) => t('products.lengthCm', { length: format.number(p.length) }),
    },
    { key: 'unit', header: t('products.fields.unit'), cell: (p) => p.measurement_unit },
    {
      key: 'czk',
      header: t('products.priceIn', { currency: 'CZK' }),
      cell: (p) => <PricesCell prices={p.prices} currency="CZK" />,
    },
    {
      key: 'eur',
      header: t('products.priceIn', { currency: 'EUR' }),
      cell: (p) => <PricesCell prices={p.prices} currency="EUR" />,
    },
  ];
  if (canCall('PUT /product/:id/change_price') || canCall('DELETE /product/:id/delete'))
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      cell: (p) => (
        <Stack gap={4} align="flex-start">
          {canCall('PUT /product/:id/change_price') ? (
            <Button component={Link} to={`/product/change-price/${p.id}`} size="compact-sm" variant="light">
              {t('products.changePrice')}
            </Button>
          ) : null}
          {canCall('DELETE /product/:id/delete') && !p.hidden ? (
            <RemoveButton
              label={t('products.remove')}
              question={t('products.removeQuestion', { name: p.name })}
              onRemove={() => removeProduct(p)}
            />
          ) : null}
        </Stack>
      ),
    });

  return (
    <Stack>
      <ListPageHeader
        title={t('products.heading')}
        add={{ call: 'POST /product/add', to: '/product/add', label: t('products.add') }}
        filters={
          <FilterBar active={countActiveFilters(list.filters, emptyFilters)} onClear={list.clearFilters}>
            <Group align="flex-end">
              <TextInput
                label={t('products.fields.name')}
                value={list.filters.name}
                onChange={(e) => list.setFilter('name', e.currentTarget.value)}
                w={240}
              />
              <Select
                label={t('products.fields.type')}
                placeholder={t('products.allTypes')}
                clearable
                data={productTypes.map((type) => ({ value: type, label: t(productTypeKey[type]) }))}
                value={list.filters.type || null}
                onChange={(v) => list.setFilter('type', (v ?? '') as ProductType | '')}
                w={200}
              />
              <Select
                label={t('products.offer')}
                allowDeselect={false}
                data={(['offered', 'removed', 'all'] as const).map((o) => ({
                  value: o,
                  label: t(`products.offers.${o}`),
                }))}
                value={list.filters.offer}
                onChange={(v) => v && list.setFilter('offer', v as Offer)}
                w={200}
              />
            </Group>
          </FilterBar>
        }
      />
      <PagedTable
        columns={columns}
        rows={products.data?.items}
        total={products.data?.total ?? 0}
        rowKey={(p) => p.id}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={products.isPending}
        error={products.isError ? <Alert color="red">{t(errorKey(products.error))}</Alert> : null}
      />
    </Stack>
  );
}
