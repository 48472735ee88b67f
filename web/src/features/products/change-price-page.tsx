import { defaultVat, type ProductDetail, priceChangeSchema } from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import {
  Alert,
  Center,
  Input,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { DayInput } from '../../ui/day-input';
import { FormCard, FormPage } from '../../ui/form-page';
import { useFormat } from '../../ui/format';
import { useDecimalProps } from '../../ui/number-props';
import { useChangePrice, usePriceWarehouses, useProduct } from './api';
import { PriceHistoryTable } from './price-history-table';
import { productTypeKey } from './product-labels';
import { VatSelect, vatChoices } from './vat-select';

/** domain.md §2.2 /product/change-price/{id}: a new price from a day on, and the price history. */
export function ChangePricePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { canCall } = useAccess();
  const id = Number(useParams().id);
  const product = useProduct(id);
  const p = product.data;
  return (
    <FormPage
      back={{ to: '/products', label: t('products.backToList') }}
      title={p ? t('products.changePriceHeading', { name: p.name }) : t('titles.productChangePrice')}
      maw={1000}
    >
      {p ? (
        <Text c="dimmed">
          {[
            p.shorten_name,
            t(productTypeKey[p.type]),
            t('products.lengthCm', { length: format.number(p.length) }),
            p.measurement_unit,
          ].join(' · ')}
        </Text>
      ) : null}
      {product.isPending ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : product.isError ? (
        <Alert color="red">{t(errorKey(product.error))}</Alert>
      ) : (
        <>
          {canCall('PUT /product/:id/change_price') ? <ChangePriceForm product={product.data} /> : null}
          <Title order={3} mt="md">
            {t('products.historyHeading')}
          </Title>
          <PriceHistoryTable product={product.data} />
        </>
      )}
    </FormPage>
  );
}

function ChangePriceForm({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const decimal = useDecimalProps();
  const warehouses = usePriceWarehouses();
  const change = useChangePrice();
  const today = pragueDay();
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [currency, setCurrency] = useState<Currency>('CZK');
  const [price, setPrice] = useState<number | ''>('');
  const [vat, setVat] = useState<number>(defaultVat);
  const [fromDate, setFromDate] = useState<string | null>(today);
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState<string[]>([]);

  const current = product.prices.find((p) => String(p.warehouse.id) === warehouse && p.currency === currency);
  // The VAT in force is the likely one for the new price too.
  const choose = (nextWarehouse: string | null, nextCurrency: Currency) => {
    setWarehouse(nextWarehouse);
    setCurrency(nextCurrency);
    const inForce = product.prices.find(
      (p) => String(p.warehouse.id) === nextWarehouse && p.currency === nextCurrency,
    );
    if (inForce) setVat(inForce.vat);
  };

  const submit = () => {
    setProblem(null);
    const empty = [
      ...(warehouse ? [] : ['warehouse']),
      ...(price === '' ? ['price'] : []),
      ...(fromDate ? [] : ['from_date']),
    ];
    setMissing(empty);
    if (empty.length > 0) return setProblem(t('errors.missingFields'));
    if (fromDate! < today) {
      setMissing(['from_date']);
      return setProblem(t('products.pastDate'));
    }
    const parsed = priceChangeSchema.safeParse({
      product_id: product.id,
      warehouse: Number(warehouse),
      currency,
      price,
      vat: vatChoices(currency, fromDate!, vat).value,
      from_date: fromDate,
    });
    if (!parsed.success) {
      setMissing(parsed.error.issues.map((i) => String(i.path[0])));
      return setProblem(t('products.outOfBounds'));
    }
    change.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: t('products.priceSaved', {
            price: format.money(parsed.data.price, currency),
            date: format.day(parsed.data.from_date),
          }),
        });
        setPrice('');
      },
      onError: (e) => setProblem(t(errorKey(e))),
    });
  };

  return (
    <FormCard
      onSubmit={submit}
      problem={problem}
      submitLabel={t('products.savePrice')}
      pending={change.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Select
          label={t('products.fields.warehouse')}
          required
          data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          value={warehouse}
          onChange={(v) => choose(v, currency)}
          error={missing.includes('warehouse')}
          placeholder={warehouses.isPending ? t('common.loading') : undefined}
        />
        <Input.Wrapper label={t('products.fields.currency')}>
          <SegmentedControl
            display="flex"
            aria-label={t('products.fields.currency')}
            data={['CZK', 'EUR']}
            value={currency}
            onChange={(v) => choose(warehouse, v as Currency)}
          />
        </Input.Wrapper>
        <DayInput
          label={t('products.fields.fromDate')}
          required
          value={fromDate}
          onChange={setFromDate}
          minDate={today}
          error={missing.includes('from_date')}
        />
        <NumberInput
          label={t('products.fields.priceWithVat')}
          required
          value={price}
          onChange={(v) => setPrice(v === '' || Number.isNaN(Number(v)) ? '' : Number(v))}
          min={0}
          max={1_000_000}
          clampBehavior="none"
          allowNegative={false}
          decimalScale={2}
          {...decimal}
          rightSection={
            <Text size="xs" c="dimmed">
              {currency}
            </Text>
          }
          rightSectionWidth={48}
          error={missing.includes('price')}
        />
        <VatSelect
          label={t('products.fields.vat')}
          currency={currency}
          day={fromDate ?? today}
          value={vat}
          onChange={setVat}
        />
      </SimpleGrid>
      <Text size="sm" data-testid="current-price">
        {t('products.currentPrice')}:{' '}
        {current
          ? `${format.money(current.amount, currency)} (${t('products.vatShort', { vat: current.vat })}, ${t('products.since', { date: format.day(current.from_date) })})`
          : warehouse
            ? t('products.noCurrentPrice')
            : t('common.noValue')}
      </Text>
    </FormCard>
  );
}
