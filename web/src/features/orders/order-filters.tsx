import { orderStates } from '@letokruh/contracts/orders';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ownWarehousesQuery } from '../../lib/reference-queries';
import { DayInput } from '../../ui/day-input';
import { adtypesQuery, type OrderFilters } from './api';

type Props = {
  filters: OrderFilters;
  setFilter: <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) => void;
  /** domain.md §1.2, §1.6: the created dates and the ad type only with add_order. */
  canAddOrder: boolean;
};

/** The filters of the order list (domain.md §1.2), every one kept for the session by the page. */
export function OrderFiltersForm({ filters, setFilter, canAddOrder }: Props) {
  const { t } = useTranslation();
  const warehouses = useQuery(ownWarehousesQuery);
  const adtypes = useQuery({ ...adtypesQuery, enabled: canAddOrder });
  const text = (key: 'name' | 'wholePhone' | 'fullAddress', inputMode?: 'tel') => (
    <TextInput
      label={t(`orders.filters.${key}`)}
      inputMode={inputMode}
      value={filters[key]}
      onChange={(e) => setFilter(key, e.currentTarget.value)}
    />
  );
  const dayField = (
    key: 'createdFrom' | 'createdTo' | 'expectedDeliveryDateFrom' | 'expectedDeliveryDateTo',
  ) => (
    <DayInput
      label={t(`orders.filters.${key}`)}
      value={filters[key] || null}
      onChange={(day) => setFilter(key, day ?? '')}
      clearable
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" role="search" aria-label={t('common.filter')}>
      <TextInput
        label={t('orders.filters.internId')}
        inputMode="numeric"
        maxLength={10}
        value={filters.internId}
        onChange={(e) => setFilter('internId', e.currentTarget.value.replace(/\D/g, ''))}
      />
      {text('name')}
      {text('wholePhone', 'tel')}
      {text('fullAddress')}
      {dayField('expectedDeliveryDateFrom')}
      {dayField('expectedDeliveryDateTo')}
      <Select
        label={t('orders.filters.warehouse')}
        placeholder={t('orders.filters.allWarehouses')}
        data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
        value={filters.warehouse || null}
        onChange={(value) => setFilter('warehouse', value ?? '')}
        clearable
      />
      <Select
        label={t('orders.filters.state')}
        allowDeselect={false}
        data={orderStates.map((s) => ({ value: s, label: t(`orders.states.${s}`) }))}
        value={filters.state}
        onChange={(value) => value && setFilter('state', value as OrderFilters['state'])}
      />
      {canAddOrder ? (
        <>
          {dayField('createdFrom')}
          {dayField('createdTo')}
          <Select
            label={t('orders.filters.adtype')}
            placeholder={t('orders.filters.allAdtypes')}
            data={(adtypes.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={filters.adtype || null}
            onChange={(value) => setFilter('adtype', value ?? '')}
            clearable
          />
        </>
      ) : null}
    </SimpleGrid>
  );
}
