import { ErrorCode } from '@letokruh/contracts/errors';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { stockChangeLimit } from '@letokruh/contracts/stock';
import { Alert, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { FormCard, FormPage } from '../../ui/form-page';
import { useFormat } from '../../ui/format';
import { useDecimalProps } from '../../ui/number-props';
import { useStock, useUpdateStock, useWarehouse } from './api';
import { ProductStockByWarehouse } from './product-stock-by-warehouse';
import { AvailableAmount, ProjectionDayInput, StockAmount } from './stock-figures';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** domain.md §2.2, §2.5: shows the current amount and takes a change of −1 000 000 to 1 000 000. */
export function UpdateStockPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const decimal = useDecimalProps();
  const navigate = useNavigate();
  const params = useParams();
  const warehouseId = Number(params.warehouseId);
  const productId = Number(params.productId);
  const warehouse = useWarehouse(warehouseId);
  // Decision 0064: reserved, available and projected on a day (today unless picked).
  const today = pragueDay();
  const [day, setDay] = useState(today);
  const date = day === today ? undefined : day;
  const stock = useStock(warehouseId, productId, date);
  const update = useUpdateStock(warehouseId, productId);
  const [change, setChange] = useState<number | ''>('');
  const [problem, setProblem] = useState<string | null>(null);

  const unit = stock.data?.product.measurement_unit ?? '';
  const current = stock.data?.amount ?? 0;
  const after = change === '' ? null : round2(current + change);

  const submit = () => {
    setProblem(null);
    if (change === '') return setProblem(t('errors.missingFields'));
    if (change === 0) return setProblem(t('stock.zeroChange'));
    if (Math.abs(change) > stockChangeLimit) return setProblem(t('stock.outOfBounds'));
    if (after !== null && after < 0) return setProblem(t('stock.belowZero'));
    update.mutate(change, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: t('stock.saved', {
            name: saved.product.name,
            amount: `${format.number(saved.amount)} ${saved.product.measurement_unit}`,
          }),
        });
        navigate(`/warehouse/${warehouseId}`);
      },
      onError: (e) =>
        // 409 here means someone else took stock meanwhile and this change would go below zero.
        setProblem(
          e instanceof ApiError && e.errorCode === ErrorCode.conflict ? t('stock.belowZero') : t(errorKey(e)),
        ),
    });
  };

  return (
    <FormPage
      back={{ to: `/warehouse/${warehouseId}`, label: t('stock.backToStock') }}
      title={t('stock.updateHeading')}
      maw={720}
    >
      {stock.isError ? <Alert color="red">{t(errorKey(stock.error))}</Alert> : null}
      <FormCard
        onSubmit={submit}
        problem={problem}
        submitLabel={t('stock.saveChange')}
        pending={update.isPending}
        submitDisabled={!stock.data}
        cancel={{ to: `/warehouse/${warehouseId}` }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <div>
            <Text size="sm" c="dimmed">
              {t('stock.fields.warehouse')}
            </Text>
            <Text>{warehouse.data?.name ?? t('common.noValue')}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('stock.fields.product')}
            </Text>
            <Text>{stock.data?.product.name ?? t('common.noValue')}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('stock.currentAmount')}
            </Text>
            <Text fw={600} data-testid="current-amount">
              {stock.data ? `${format.number(current)} ${unit}` : t('common.noValue')}
            </Text>
          </div>
        </SimpleGrid>
        {stock.data ? (
          <SimpleGrid cols={{ base: 3 }} data-testid="stock-figures">
            <div>
              <Text size="sm" c="dimmed">
                {t('stock.fields.reserved')}
              </Text>
              <StockAmount value={stock.data.reserved} unit={unit} />
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('stock.fields.available')}
              </Text>
              <AvailableAmount value={stock.data.available} unit={unit} />
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('stock.fields.projected', { day: format.day(stock.data.projected_date) })}
              </Text>
              <AvailableAmount value={stock.data.projected} unit={unit} />
            </div>
          </SimpleGrid>
        ) : null}
        <ProjectionDayInput value={day} onChange={setDay} today={today} />
        <NumberInput
          label={t('stock.fields.change')}
          description={t('stock.changeHint')}
          required
          value={change}
          onChange={(v) => setChange(v === '' || Number.isNaN(Number(v)) ? '' : Number(v))}
          min={-stockChangeLimit}
          max={stockChangeLimit}
          decimalScale={2}
          {...decimal}
          clampBehavior="none"
          rightSection={
            <Text size="sm" c="dimmed">
              {unit}
            </Text>
          }
          rightSectionWidth={64}
          error={problem !== null && change === ''}
          w={360}
          maw="100%"
        />
        <Text size="sm" data-testid="amount-after">
          {t('stock.amountAfter')}: {after === null ? t('common.noValue') : `${format.number(after)} ${unit}`}
        </Text>
      </FormCard>
      <ProductStockByWarehouse productId={productId} currentWarehouseId={warehouseId} day={date} />
    </FormPage>
  );
}
