import type { ProductPrice } from '@letokruh/contracts/products';
import { Box, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/** The prices of one currency in force today, one line per warehouse: amount with VAT and the rate. */
export function PricesCell({ prices, currency }: { prices: ProductPrice[]; currency: 'CZK' | 'EUR' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const lines = prices
    .filter((p) => p.currency === currency)
    .sort((a, b) => a.warehouse.name.localeCompare(b.warehouse.name, 'cs'));
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('common.noValue')}
      </Text>
    );
  return (
    <Box
      style={{ display: 'grid', gridTemplateColumns: 'auto auto auto', columnGap: 8, whiteSpace: 'nowrap' }}
    >
      {lines.map((p) => (
        <Fragment key={p.id}>
          <Text size="xs" c="dimmed" lh="20px">
            {p.warehouse.name}
          </Text>
          <Text size="sm" ta="right" lh="20px">
            {format.money(p.amount, currency)}
          </Text>
          <Text size="xs" c="dimmed" lh="20px">
            {t('products.vatShort', { vat: p.vat })}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}
