import type { Currency } from '@letokruh/contracts/rules/money';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { standardVatOn } from '@letokruh/contracts/rules/vat';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDecimalProps } from '../../ui/number-props';
import { usePriceWarehouses } from './api';
import { VatSelect } from './vat-select';

/** One price of the add form: without a warehouse it applies to every warehouse in use. */
export type PriceLine = {
  key: string;
  warehouse: string | null;
  currency: Currency;
  price: number | '';
  vat: number;
};

let nextKey = 0;
export const newPriceLine = (currency: Currency, warehouse: string | null = null): PriceLine => ({
  key: `price-${nextKey++}`,
  warehouse,
  currency,
  price: '',
  // domain.md §2.9's default 21 % is the Czech standard rate; EUR prices start at Austria's (20 %).
  vat: standardVatOn(currency, pragueDay()),
});

type Props = {
  lines: PriceLine[];
  onChange: (lines: PriceLine[]) => void;
  invalid: string[];
  /** Lines for one warehouse need the warehouse list (view_warehouse). */
  perWarehouse: boolean;
};

/** The priceForm of POST /product/add: a price per currency, optionally another for one warehouse. */
export function PriceLinesEditor({ lines, onChange, invalid, perWarehouse }: Props) {
  const { t } = useTranslation();
  const decimal = useDecimalProps();
  // The add form's prices start today (POST /product/add): today's rates are offered.
  const today = pragueDay();
  const warehouses = usePriceWarehouses(perWarehouse && lines.some((l) => l.warehouse !== null));
  const update = (key: string, patch: Partial<PriceLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const general = lines.filter((l) => l.warehouse === null);
  const special = lines.filter((l) => l.warehouse !== null);

  const priceInput = (line: PriceLine, label: string) => (
    <NumberInput
      label={label}
      value={line.price}
      onChange={(v) => update(line.key, { price: v === '' || Number.isNaN(Number(v)) ? '' : Number(v) })}
      min={0}
      max={1_000_000}
      clampBehavior="none"
      allowNegative={false}
      decimalScale={2}
      {...decimal}
      rightSection={
        <Text size="xs" c="dimmed">
          {line.currency}
        </Text>
      }
      rightSectionWidth={48}
      error={invalid.includes(line.key)}
      w={280}
    />
  );

  return (
    <Stack gap="sm">
      {general.map((line) => (
        <Group key={line.key} align="flex-end">
          {priceInput(line, t('products.priceFor', { currency: line.currency }))}
          <VatSelect
            label={t('products.vatFor', { currency: line.currency })}
            currency={line.currency}
            day={today}
            startsToday
            value={line.vat}
            onChange={(vat) => update(line.key, { vat })}
            w={110}
          />
        </Group>
      ))}
      {special.map((line, index) => (
        <Group key={line.key} align="flex-end" wrap="nowrap">
          <Select
            label={t('products.fields.warehouse')}
            required
            data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={line.warehouse === '' ? null : line.warehouse}
            onChange={(v) => update(line.key, { warehouse: v ?? '' })}
            error={invalid.includes(line.key) && !line.warehouse}
            w={220}
          />
          <Select
            label={t('products.fields.currency')}
            allowDeselect={false}
            data={['CZK', 'EUR']}
            value={line.currency}
            onChange={(v) => v && update(line.key, { currency: v as Currency })}
            w={100}
          />
          {priceInput(line, t('products.fields.price'))}
          <VatSelect
            label={t('products.fields.vat')}
            currency={line.currency}
            day={today}
            startsToday
            value={line.vat}
            onChange={(vat) => update(line.key, { vat })}
            w={110}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={t('products.removePriceLine', { number: index + 1 })}
            onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {perWarehouse ? (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...lines, newPriceLine('CZK', '')])}
          >
            {t('products.addWarehousePrice')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
