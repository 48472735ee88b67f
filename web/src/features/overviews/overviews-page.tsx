import '@mantine/charts/styles.css';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExportsBlock } from './exports-block';
import { ProductsBlock } from './products-block';
import { RevenueBlock } from './revenue-block';
import { WarehousesBlock } from './warehouses-block';

/** /overviews (part 2 §2 Overviews, view_stats): the report blocks, each with its own range and warehouse. */
export function OverviewsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('overviews.title')}</Title>
      <WarehousesBlock />
      <ProductsBlock />
      <RevenueBlock />
      <ExportsBlock />
    </Stack>
  );
}
