import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { warehouseNameQuery } from './api';
import { ConversionCalculator } from './conversion-calculator';

/** /warehouse/{id}/conversion: the calculator of one warehouse; afterwards back to its stock. */
export function ConversionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  // Converting changes stock: whoever may change the warehouse's stock (domain.md §2.6).
  const allowed = access.canCall('PUT /warehouse/:id/product_conversion/submit');
  const warehouse = useQuery({ ...warehouseNameQuery(id), enabled: allowed && valid });
  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  const notFound = !valid || (warehouse.error instanceof ApiError && warehouse.error.status === 404);
  if (notFound) {
    return (
      <Stack>
        <Alert color="orange">{t('conversions.noWarehouse')}</Alert>
        <Anchor component={Link} to="/warehouses">
          {t('conversions.toWarehouses')}
        </Anchor>
      </Stack>
    );
  }
  if (warehouse.error) return <Alert color="red">{t(errorKey(warehouse.error))}</Alert>;
  return (
    <Stack maw={980}>
      <Anchor component={Link} to={`/warehouse/${id}`} size="sm">
        {t('conversions.backToStock')}
      </Anchor>
      <div>
        <Title order={2}>{t('conversions.heading')}</Title>
        {warehouse.data ? (
          <Text c="dimmed">{t('conversions.ofWarehouse', { name: warehouse.data.name })}</Text>
        ) : null}
      </div>
      <ConversionCalculator warehouseId={id} onDone={() => void navigate(`/warehouse/${id}`)} />
    </Stack>
  );
}
