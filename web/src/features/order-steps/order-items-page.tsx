import { ErrorCode } from '@letokruh/contracts/errors';
import type { ShortStock } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import { type Currency, currencies } from '@letokruh/contracts/rules/money';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { ModalFooter } from '../../ui/modal-footer';
import {
  availableProductsQuery,
  ordersKey,
  pickerStockQuery,
  saveItems,
  warehouseDistanceQuery,
} from './api';
import { ItemLines } from './item-lines';
import {
  addProduct,
  changeCurrency,
  changeWarehouse,
  type ItemsDraft,
  itemsDraftOf,
  itemsPayloadOf,
  moveToWarehouse,
  removeLine,
  updateLine,
  type WarehouseMove,
} from './items-draft';
import { forgetItems, keepItems, loadKeptItems, sameDraft } from './kept-items';
import { type PickerStock, ProductPicker } from './product-picker';
import { ShortStockPanel } from './short-stock-panel';
import { isStale, StaleAlert, StepShell } from './step-shell';
import { TotalsPanel } from './totals-panel';
import { WarehouseMoveDialog } from './warehouse-move-dialog';

/** /order/{id}/items (domain.md §1.2 step 2, §1.4 items-step rules). */
export function OrderItemsPage() {
  return (
    <StepShell step="items">
      {(order, reload) => <ItemsStep key={order.version} order={order} reload={reload} />}
    </StepShell>
  );
}

function ItemsStep({ order, reload }: { order: Order; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const saved$ = useMemo(() => itemsDraftOf(order), [order]);
  // Decision 0080: the form typed and not saved comes back after leaving the step.
  const [restored] = useState(() => loadKeptItems(order.id, order.version));
  const [draft, setDraft] = useState<ItemsDraft>(() => restored ?? saved$);
  useEffect(() => {
    if (sameDraft(draft, saved$)) forgetItems(order.id);
    else keepItems(order.id, order.version, draft);
  }, [draft, saved$, order.id, order.version]);
  const [askCurrency, setAskCurrency] = useState<Currency | null>(null);
  const [askMove, setAskMove] = useState<WarehouseMove | null>(null);
  const [moveError, setMoveError] = useState<unknown>(null);
  // Decision 0064: the products short of the last save, kept while a confirmed save runs.
  const [short, setShort] = useState<ShortStock[] | null>(null);
  const distances = useQuery({ ...warehouseDistanceQuery(order.id), enabled: order.customer !== null });
  const products = useQuery({
    ...availableProductsQuery(draft.warehouseId ?? 0, draft.currency ?? 'CZK'),
    enabled: draft.warehouseId !== null && draft.currency !== null,
  });
  const readsStock = access.canCall('GET /warehouse/:id/product_stock');
  const stock = useQuery({
    ...pickerStockQuery(draft.warehouseId ?? 0, order.expected_delivery_date),
    enabled: draft.warehouseId !== null && readsStock,
  });
  const stockById = useMemo(
    () =>
      new Map<number, PickerStock>(
        (stock.data ?? []).map((s) => [
          s.product.id,
          { available: s.available, projected: s.projected, projectedDate: s.projected_date },
        ]),
      ),
    [stock.data],
  );
  const save = useMutation({
    // Decision 0064: `reason` confirms a save that takes products below their available stock.
    mutationFn: (reason?: string) => {
      const payload = itemsPayloadOf(draft, order.version);
      if (!payload) throw new Error('warehouse and currency first');
      return saveItems(
        order.id,
        reason === undefined
          ? payload
          : { ...payload, confirm_short_stock: true, short_stock_reason: reason },
      );
    },
    onMutate: (reason) => {
      if (reason === undefined) setShort(null);
    },
    onError: (error) =>
      setShort(
        error instanceof ApiError && error.errorCode === ErrorCode.stockShortNeedsConfirmation
          ? ((error.answer.short ?? []) as ShortStock[])
          : null,
      ),
    onSuccess: (saved) => {
      forgetItems(order.id);
      queryClient.setQueryData([...ordersKey, 'item', order.id], saved);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void navigate(`/order/${order.id}/intern`);
    },
  });

  if (order.customer === null)
    return (
      <Alert color="orange" role="alert">
        {t('orderSteps.items.customerFirst')}
      </Alert>
    );

  const pickCurrency = (currency: Currency) => {
    if (currency === draft.currency) return;
    // domain.md §1.4 clears the lines: asked first when there are any to lose.
    if (draft.lines.length > 0) setAskCurrency(currency);
    else setDraft((d) => changeCurrency(d, currency));
  };
  // Decision 0031: lines move to another warehouse at its prices, after a confirmation of old → new.
  const pickWarehouse = (w: WarehouseMove['warehouse']) => {
    const currency = draft.currency;
    setMoveError(null);
    if (!currency || draft.lines.length === 0 || draft.warehouseId === null) {
      setDraft((d) => changeWarehouse(d, w));
      return;
    }
    queryClient
      .fetchQuery(availableProductsQuery(w.id, currency))
      .then((groups) =>
        setAskMove(
          moveToWarehouse(
            draft,
            w,
            groups.flatMap((g) => g.products),
          ),
        ),
      )
      .catch(setMoveError);
  };
  const offered = new Set((products.data ?? []).flatMap((g) => g.products.map((p) => p.id)));
  const saved = new Set(
    order.warehouse?.id === draft.warehouseId ? order.products.map((l) => l.product.product.id) : [],
  );
  const unavailable = new Set(
    products.data
      ? draft.lines.map((l) => l.product.id).filter((id) => !offered.has(id) && !saved.has(id))
      : [],
  );
  const ready = draft.warehouseId !== null && draft.currency !== null;
  const stale = isStale(save.error);
  const warehouseName =
    distances.data?.find((w) => w.id === draft.warehouseId)?.name ?? order.warehouse?.name ?? '';
  const badFields = save.error instanceof ApiError && save.error.status === 400 ? save.error.fields : [];

  return (
    <Stack>
      {stale ? <StaleAlert onReload={() => void reload().then(() => save.reset())} /> : null}
      {restored && !sameDraft(draft, saved$) ? (
        <Alert color="blue" data-testid="items-restored">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('orderSteps.items.restored')}</Text>
            <Button size="xs" variant="default" onClick={() => setDraft(saved$)}>
              {t('orderSteps.items.discardRestored')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Paper withBorder p="md">
              <Radio.Group
                label={t('orderSteps.items.warehouse')}
                labelProps={{ fz: 'lg', fw: 600 }}
                value={draft.warehouseId === null ? null : String(draft.warehouseId)}
                onChange={(v) => {
                  const w = distances.data?.find((d) => String(d.id) === v);
                  if (w) pickWarehouse(w);
                }}
              >
                {distances.isPending ? <Loader size="sm" mt="xs" /> : null}
                {distances.error ? <Alert color="red">{t(errorKey(distances.error))}</Alert> : null}
                {moveError ? <Alert color="red">{t(errorKey(moveError))}</Alert> : null}
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt="xs">
                  {(distances.data ?? []).map((w) => (
                    <Radio.Card key={w.id} value={String(w.id)} p="sm" radius="md" aria-label={w.name}>
                      <Group wrap="nowrap" align="flex-start" gap="xs">
                        <Radio.Indicator mt={2} />
                        <Stack gap={2}>
                          <Group gap={6}>
                            <Badge color={w.color} autoContrast size="xs" circle>
                              {' '}
                            </Badge>
                            <Text fw={600} size="sm">
                              {w.name}
                            </Text>
                          </Group>
                          <Text size="xs" c="dimmed">
                            {w.address.full_address}
                          </Text>
                          <Text size="sm">
                            {t('orderSteps.items.way', {
                              distance: format.number(w.distance),
                              duration: w.duration,
                            })}
                            {w.estimate ? (
                              <Text span size="xs" c="dimmed">
                                {' '}
                                ({t('orderSteps.items.estimate')})
                              </Text>
                            ) : null}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
              <Stack gap={4} mt="md">
                <Text fz="lg" fw={600} id="currency-label">
                  {t('orderSteps.items.currency')}
                </Text>
                <SegmentedControl
                  aria-labelledby="currency-label"
                  w={200}
                  value={draft.currency ?? ''}
                  onChange={(v) => pickCurrency(v as Currency)}
                  data={currencies.map((c) => ({ value: c, label: c }))}
                />
              </Stack>
            </Paper>

            {ready && draft.currency ? (
              <Paper withBorder p="md">
                {products.isPending ? <Loader size="sm" /> : null}
                {products.error ? <Alert color="red">{t(errorKey(products.error))}</Alert> : null}
                {products.data ? (
                  <ProductPicker
                    groups={products.data}
                    currency={draft.currency}
                    stock={stock.data ? stockById : undefined}
                    onAdd={(product, amount) => setDraft((d) => addProduct(d, product, amount))}
                  />
                ) : null}
              </Paper>
            ) : (
              <Text c="dimmed">{t('orderSteps.items.pickFirst')}</Text>
            )}

            <Stack gap="xs">
              <Title order={4}>{t('orderSteps.items.lines', { count: draft.lines.length })}</Title>
              {draft.currency ? (
                <ItemLines
                  lines={draft.lines}
                  currency={draft.currency}
                  unavailable={unavailable}
                  onChange={(id, change) => setDraft((d) => updateLine(d, id, change))}
                  onRemove={(id) => setDraft((d) => removeLine(d, id))}
                />
              ) : null}
            </Stack>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }} style={{ position: 'sticky', top: 70 }}>
          <Paper withBorder p="md">
            <Stack>
              <TotalsPanel draft={draft} onChange={setDraft} />
              {short ? (
                <ShortStockPanel
                  short={short}
                  warehouse={warehouseName}
                  saving={save.isPending}
                  onSave={(reason) => save.mutate(reason)}
                  onBack={() => {
                    setShort(null);
                    save.reset();
                  }}
                />
              ) : null}
              {save.error && !stale && !short ? (
                <Alert color="red" role="alert">
                  {t(errorKey(save.error))}
                  {badFields.some((f) => f.startsWith('products'))
                    ? ` ${t('orderSteps.items.lineRefused')}`
                    : ''}
                </Alert>
              ) : null}
              {ready && !short ? (
                <Button
                  onClick={() => save.mutate(undefined)}
                  loading={save.isPending}
                  disabled={order.hidden}
                >
                  {t('orderSteps.continue')}
                </Button>
              ) : !ready ? (
                <Text size="sm" c="dimmed">
                  {t('orderSteps.items.pickFirst')}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <WarehouseMoveDialog
        move={askMove}
        current={draft}
        onCancel={() => setAskMove(null)}
        onConfirm={(move) => {
          setAskMove(null);
          setDraft(move.draft);
        }}
      />
      <Modal
        opened={askCurrency !== null}
        onClose={() => setAskCurrency(null)}
        title={t('orderSteps.items.currencyTitle')}
        centered
      >
        <Text mb="lg">{t('orderSteps.items.currencyQuestion', { currency: askCurrency ?? '' })}</Text>
        <ModalFooter
          onCancel={() => setAskCurrency(null)}
          confirmLabel={t('orderSteps.items.currencyConfirm', { currency: askCurrency ?? '' })}
          color="red"
          onConfirm={() => {
            const currency = askCurrency;
            setAskCurrency(null);
            if (currency) setDraft((d) => changeCurrency(d, currency));
          }}
        />
      </Modal>
    </Stack>
  );
}
