import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import { Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { KeptNumberInput } from '../../ui/kept-number-input';
import { changeRate, draftTotals, type ItemsDraft } from './items-draft';

type Props = { draft: ItemsDraft; onChange: (next: ItemsDraft) => void };

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The side panel of the items step: totals without and with VAT (contracts `orderTotals`, as the
 * server saves them) and the transport fields (domain.md §1.2): distance, duration, rate and minimum.
 */
export function TotalsPanel({ draft, onChange }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = draft.currency ?? undefined;
  const totals = draftTotals(draft);
  const money = (v: number) => format.money(v, currency);
  const defaults = draft.currency ? deliveryDefaults[draft.currency] : null;
  const rateAtFocus = useRef(draft.rate);
  return (
    <Stack gap="sm">
      <Title order={4}>{t('orderSteps.items.totals')}</Title>
      <Row
        label={t('orderSteps.items.productPrices')}
        value={money(totals.product_prices)}
        testId="total-products"
      />
      <Row
        label={t('orderSteps.items.deliveryPrice')}
        value={money(totals.delivery_price)}
        testId="total-delivery"
      />
      <Divider />
      <Row
        label={t('orderSteps.items.totalWithoutVat')}
        value={money(totals.total_price)}
        testId="total-net"
      />
      <Row label={t('orderSteps.items.vat')} value={money(totals.total_price_vat)} testId="total-vat" />
      <Row
        label={t('orderSteps.items.totalWithVat')}
        value={money(totals.price_with_vat)}
        strong
        testId="total-with-vat"
      />
      <Divider label={t('orderSteps.items.transport')} labelPosition="left" />
      <SimpleGrid cols={2} spacing="xs">
        <KeptNumberInput
          label={t('orderSteps.items.distance')}
          value={draft.distance}
          max={10_000}
          onCommit={(distance) => onChange({ ...draft, distance })}
        />
        <KeptNumberInput
          label={t('orderSteps.items.duration')}
          value={draft.duration}
          max={24 * 60}
          decimalScale={0}
          onCommit={(duration) => onChange({ ...draft, duration })}
        />
        <KeptNumberInput
          label={t('orderSteps.items.rate', { currency: currency ?? '' })}
          value={draft.rate}
          max={1_000_000}
          disabled={!draft.currency}
          onCommit={(rate) => onChange({ ...draft, rate })}
          // domain.md §1.4 once the rate is typed, not at each keystroke ("3" on the way to "35").
          onFocus={() => {
            rateAtFocus.current = draft.rate;
          }}
          onLeave={() => {
            if (draft.rate !== rateAtFocus.current) onChange(changeRate(draft, draft.rate));
          }}
        />
        <KeptNumberInput
          label={t('orderSteps.items.minimum', { currency: currency ?? '' })}
          value={draft.minimum}
          max={1_000_000}
          disabled={!draft.currency}
          onCommit={(minimum) => onChange({ ...draft, minimum })}
        />
      </SimpleGrid>
      {defaults ? (
        <Text size="xs" c="dimmed">
          {t('orderSteps.items.deliveryHint', {
            rate: format.number(defaults.rate),
            minimum: format.number(defaults.minimum),
            currency,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
