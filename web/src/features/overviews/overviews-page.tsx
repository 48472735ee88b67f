import '@mantine/charts/styles.css';
import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/session';
import { ExportsBlock } from './exports-block';
import { ProductsBlock } from './products-block';
import { RangeBar, usePageRange } from './range';
import { RevenueBlock } from './revenue-block';
import { WarehousesBlock } from './warehouses-block';

/**
 * /overviews (domain.md §2.2 Overviews, view_stats): the report blocks under one range of days and
 * one warehouse for the whole page, this month by default (decision 0088).
 */
export function OverviewsPage() {
  const { t } = useTranslation();
  const { can, user } = useAccess();
  const page = usePageRange();
  if (!user) return null;
  // Without view_stats the blocks would only collect 403s: say so once and ask nothing.
  if (!can('view_stats')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('overviews.title')}</Title>
      <RangeBar {...page} />
      <WarehousesBlock range={page.range} />
      <ProductsBlock range={page.range} />
      <RevenueBlock range={page.range} />
      <ExportsBlock range={page.range} />
    </Stack>
  );
}
