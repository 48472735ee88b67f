import type { CalculationPayload } from '@letokruh/contracts/calculations';
import type { AvailableProduct } from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import { deliveryDefaults, minimumAfterRateChange } from '@letokruh/contracts/rules/order-price';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { configQuery, useAccess } from '../../lib/session';
import { AddressFinder } from '../../ui/address-finder';
import { parseCoordinatePair } from '../../ui/coordinates';
import { useFormat } from '../../ui/format';
import { KeptNumberInput } from '../../ui/kept-number-input';
import { useDecimalProps } from '../../ui/number-props';
import { calculationProductsQuery, calculationWarehousesQuery, orderFromQuote, quoteQuery } from './api';
import { QuoteSummary } from './quote-summary';

type Line = { product: AvailableProduct; amount: number };

/** Requests wait this long after the last change (part 2 §7 debounces list loads by 500 ms too). */
export const quoteDebounceMs = 400;

/**
 * /calculations (DESIGN §3 Calculations page, view_calculation): warehouse, currency, products with
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
  const navigate = useNavigate();
  const access = useAccess();
  const config = useQuery(configQuery);
  const warehouses = useQuery(calculationWarehousesQuery);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [currency, setCurrency] = useState<Currency>('CZK');
  const [lines, setLines] = useState<Line[]>([]);
  const [picked, setPicked] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(1);
  const [place, setPlace] = useState('');
  const [placeLabel, setPlaceLabel] = useState<string | null>(null);
  const [distance, setDistance] = useState<number | string>('');
  const [rate, setRate] = useState<number>(deliveryDefaults.CZK.rate);
  const [minimum, setMinimum] = useState<number>(deliveryDefaults.CZK.minimum);
  const rateAtFocus = useRef(rate);

  const warehouse = warehouseId ?? warehouses.data?.[0]?.id ?? null;
  const products = useQuery({
    ...calculationProductsQuery(warehouse ?? 0, currency),
    enabled: warehouse !== null,
  });
  const offered = (products.data ?? []).flatMap((g) => g.products);
  const destination = parseCoordinatePair(place);
  const payload: CalculationPayload | null =
    warehouse === null
      ? null
      : {
          warehouse_id: warehouse,
          currency,
          products: lines.map((l) => ({ id: l.product.id, amount: l.amount })),
          destination: destination ? { gps_lat: destination.lat, gps_lon: destination.lon } : null,
          ...(typeof distance === 'number' ? { distance } : {}),
          delivery_price_amount: rate,
          minimim_delivery_price: minimum,
        };
  const [debounced] = useDebouncedValue(payload, quoteDebounceMs);
  const quote = useQuery({
    ...quoteQuery(debounced ?? ({} as CalculationPayload)),
    enabled: debounced !== null,
  });
  const create = useMutation({
    mutationFn: () => orderFromQuote(payload!),
    onSuccess: ({ id }) => navigate(`/order/${id}/customer`),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });

  // Part 1 §4, as in the items step: a new currency clears the lines and resets the transport defaults.
  const changeCurrency = (next: Currency) => {
    setCurrency(next);
    setLines([]);
    setPicked(null);
    setRate(deliveryDefaults[next].rate);
    setMinimum(deliveryDefaults[next].minimum);
  };
  const changeWarehouse = (id: number) => {
    setWarehouseId(id);
    // Products are the warehouse's offer: those it does not sell leave the quote.
    setLines([]);
    setPicked(null);
  };
  const add = () => {
    const product = offered.find((p) => String(p.id) === picked);
    if (!product || typeof amount !== 'number' || amount < 1) return;
    setLines((current) =>
      current.some((l) => l.product.id === product.id)
        ? current.map((l) => (l.product.id === product.id ? { ...l, amount: l.amount + amount } : l))
        : [...current, { product, amount }],
    );
    setPicked(null);
    setAmount(1);
  };
  const quoted = quote.data;
  const badPlace = place.trim() !== '' && !destination;

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
                    data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                    value={warehouse === null ? null : String(warehouse)}
                    onChange={(v) => v && changeWarehouse(Number(v))}
                    allowDeselect={false}
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="quote-currency">
                      {t('calculations.currency')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="quote-currency"
                      value={currency}
                      onChange={(v) => changeCurrency(v as Currency)}
                      data={['CZK', 'EUR']}
                    />
                  </Stack>
                </Group>
                {config.data?.address_suggestions && access.canCall('GET /address_suggestions') ? (
                  <AddressFinder
                    label={t('calculations.address')}
                    onPick={(s) => {
                      setPlace(`${s.lat}, ${s.lon}`);
                      setPlaceLabel(s.label);
                    }}
                  />
                ) : null}
                <TextInput
                  label={t('calculations.destination')}
                  description={placeLabel ?? t('calculations.destinationHint')}
                  placeholder="49.3961, 15.5912"
                  value={place}
                  onChange={(e) => {
                    setPlace(e.currentTarget.value);
                    setPlaceLabel(null);
                  }}
                  error={badPlace ? t('calculations.badDestination') : undefined}
                />
                <Group grow align="flex-start">
                  <NumberInput
                    {...decimal}
                    label={t('calculations.distance')}
                    description={t('calculations.distanceHint')}
                    min={0}
                    max={10_000}
                    decimalScale={2}
                    value={distance}
                    onChange={setDistance}
                    suffix=" km"
                  />
                  {/* As in the items step: an emptied field gets its value back on leaving, and
                      the minimum rule (part 1 §4) applies once the rate is typed, not per keystroke. */}
                  <KeptNumberInput
                    label={t('calculations.rate', { currency })}
                    max={1_000_000}
                    value={rate}
                    onCommit={setRate}
                    onFocus={() => {
                      rateAtFocus.current = rate;
                    }}
                    onLeave={() => {
                      if (rate !== rateAtFocus.current)
                        setMinimum((m) => minimumAfterRateChange(currency, rate, m));
                    }}
                  />
                  <KeptNumberInput
                    label={t('calculations.minimum', { currency })}
                    max={1_000_000}
                    value={minimum}
                    onCommit={setMinimum}
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
                    data={(products.data ?? []).map((g) => ({
                      group: g.name,
                      items: g.products.map((p) => ({
                        value: String(p.id),
                        label: `${p.name} — ${format.money(p.pricesWithVat[0]?.amount ?? null, currency)}`,
                      })),
                    }))}
                    value={picked}
                    onChange={setPicked}
                    nothingFoundMessage={t('calculations.noProducts')}
                    style={{ flex: 1, minWidth: 260 }}
                  />
                  <NumberInput
                    {...decimal}
                    label={t('calculations.amount')}
                    min={1}
                    decimalScale={2}
                    value={amount}
                    onChange={setAmount}
                    w={120}
                  />
                  <Button onClick={add} disabled={!picked || typeof amount !== 'number' || amount < 1}>
                    {t('calculations.add')}
                  </Button>
                </Group>
                <Table striped withTableBorder aria-label={t('calculations.lines')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('calculations.product')}</Table.Th>
                      <Table.Th ta="right">{t('calculations.amount')}</Table.Th>
                      <Table.Th ta="right">{t('calculations.unitPrice')}</Table.Th>
                      <Table.Th ta="right">{t('calculations.lineTotal')}</Table.Th>
                      <Table.Th ta="right">{t('calculations.lineNet')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Text size="sm" c="dimmed">
                            {t('calculations.noLines')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {lines.map((line, index) => {
                      const priced = quoted?.lines.find((l) => l.product.id === line.product.id);
                      return (
                        <Table.Tr key={line.product.id}>
                          <Table.Td>
                            {line.product.name}
                            <Text size="xs" c="dimmed">
                              {line.product.measurement_unit} ·{' '}
                              {t('calculations.vat', { vat: priced?.vat ?? line.product.vats[0]?.vat })}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            <NumberInput
                              {...decimal}
                              aria-label={t('calculations.amountOf', { name: line.product.name })}
                              min={1}
                              decimalScale={2}
                              value={line.amount}
                              onChange={(v) =>
                                typeof v === 'number' &&
                                v >= 1 &&
                                setLines((c) => c.map((l, i) => (i === index ? { ...l, amount: v } : l)))
                              }
                              w={100}
                              ml="auto"
                            />
                          </Table.Td>
                          <Table.Td ta="right">
                            {format.money(line.product.pricesWithVat[0]?.amount ?? null, currency)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {format.money(priced?.total_price_vat ?? null, currency)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {format.money(priced?.total_price ?? null, currency)}
                          </Table.Td>
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('calculations.remove', { name: line.product.name })}
                              onClick={() => setLines((c) => c.filter((_, i) => i !== index))}
                            >
                              ×
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder padding="lg" pos="sticky" top={80}>
            <Stack gap="md">
              <Title order={4}>{t('calculations.quote')}</Title>
              {quote.error ? (
                <Alert color="red" role="alert">
                  {t(errorKey(quote.error))}
                </Alert>
              ) : null}
              {quoted ? <QuoteSummary quote={quoted} /> : null}
              {access.canCall('POST /calculation/order') ? (
                <Button
                  onClick={() => create.mutate()}
                  loading={create.isPending}
                  disabled={!payload || lines.length === 0 || badPlace}
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
