import type { Currency } from '@letokruh/contracts/rules/money';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { AddressFinder } from '../../ui/address-finder';
import { useFormat } from '../../ui/format';
import { KeptNumberInput } from '../../ui/kept-number-input';
import { useDecimalProps } from '../../ui/number-props';
import { QuoteLines } from './quote-lines';
import { QuoteSummary } from './quote-summary';
import { useCalculation } from './use-calculation';

/**
 * /calculations (domain.md §3.3 Calculations page, view_calculation): warehouse, currency, products with
 * amounts and a destination give the items step's prices, delivery and totals, from the server's
 * POST /calculation (the rules of contracts/rules/order-price.ts); "create order" carries the quote
 * into a new order and goes on to its customer step.
 */
export function CalculationsPage() {
  const { t } = useTranslation();
  const { can, user } = useAccess();
  if (!user) return null;
  // Without view_calculation every call of the page would answer 403: say so once and ask nothing.
  if (!can('view_calculation')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return <Calculator />;
}

function Calculator() {
  const { t } = useTranslation();
  const format = useFormat();
  const decimal = useDecimalProps();
  const c = useCalculation();
  const { draft, warehouse } = c;
  const currency = draft.currency;
  const quoted = c.quote.data;

  return (
    <Stack gap="lg">
      <Title order={2}>{t('calculations.title')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Group grow align="flex-end">
                  <Select
                    label={t('calculations.warehouse')}
                    data={(c.warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                    value={warehouse === null ? null : String(warehouse)}
                    onChange={(v) => v && c.changeWarehouse(Number(v))}
                    allowDeselect={false}
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="quote-currency">
                      {t('calculations.currency')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="quote-currency"
                      value={currency}
                      onChange={(v) => c.changeCurrency(v as Currency)}
                      data={['CZK', 'EUR']}
                    />
                  </Stack>
                </Group>
                {c.findsAddresses ? (
                  <AddressFinder label={t('calculations.address')} onPick={c.pickAddress} />
                ) : null}
                <TextInput
                  label={t('calculations.destination')}
                  description={draft.placeLabel ?? t('calculations.destinationHint')}
                  placeholder="49.3961, 15.5912"
                  value={draft.place}
                  onChange={(e) => c.typePlace(e.currentTarget.value)}
                  error={c.badPlace ? t('calculations.badDestination') : undefined}
                />
                <Group grow align="flex-start">
                  <NumberInput
                    {...decimal}
                    label={t('calculations.distance')}
                    description={t('calculations.distanceHint')}
                    min={0}
                    max={10_000}
                    decimalScale={2}
                    value={draft.distance}
                    onChange={c.setDistance}
                    suffix=" km"
                  />
                  {/* As in the items step: an emptied field gets its value back on leaving, and
                      the minimum rule (domain.md §1.4) applies once the rate is typed, not per keystroke. */}
                  <KeptNumberInput
                    label={t('calculations.rate', { currency })}
                    max={1_000_000}
                    value={draft.rate}
                    onCommit={c.setRate}
                    onFocus={c.rateFocused}
                    onLeave={c.rateLeft}
                  />
                  <KeptNumberInput
                    label={t('calculations.minimum', { currency })}
                    max={1_000_000}
                    value={draft.minimum}
                    onCommit={c.setMinimum}
                  />
                </Group>
              </Stack>
            </Card>
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Title order={4}>{t('calculations.products')}</Title>
                <Group align="flex-end" wrap="wrap">
                  <Select
                    label={t('calculations.product')}
                    placeholder={t('calculations.pickProduct')}
                    searchable
                    data={(c.products.data ?? []).map((g) => ({
                      group: g.name,
                      items: g.products.map((p) => ({
                        value: String(p.id),
                        label: `${p.name} — ${format.money(p.pricesWithVat[0]?.amount ?? null, currency)}`,
                      })),
                    }))}
                    value={c.picked}
                    onChange={c.setPicked}
                    nothingFoundMessage={t('calculations.noProducts')}
                    style={{ flex: 1, minWidth: 260 }}
                  />
                  <NumberInput
                    {...decimal}
                    label={t('calculations.amount')}
                    min={1}
                    decimalScale={2}
                    value={c.amount}
                    onChange={c.setAmount}
                    w={120}
                  />
                  <Button onClick={c.add} disabled={!c.canAdd}>
                    {t('calculations.add')}
                  </Button>
                </Group>
                <QuoteLines
                  lines={draft.lines}
                  currency={currency}
                  quote={quoted}
                  onAmount={c.changeAmount}
                  onRemove={c.remove}
                />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder padding="lg" pos="sticky" top={80}>
            <Stack gap="md">
              <Title order={4}>{t('calculations.quote')}</Title>
              {c.quote.error ? (
                <Alert color="red" role="alert">
                  {t(errorKey(c.quote.error))}
                </Alert>
              ) : null}
              {quoted ? <QuoteSummary quote={quoted} /> : null}
              {c.createsOrders ? (
                <Button
                  onClick={() => c.create.mutate()}
                  loading={c.create.isPending}
                  disabled={!c.canCreate}
                >
                  {t('calculations.createOrder')}
                </Button>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
