import type { Order } from '@letokruh/contracts/orders';
import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { ItemLines } from './item-lines';
import { addProduct, changeCurrency, removeLine, updateLine } from './items-draft';
import { sameDraft } from './kept-items';
import { ProductPicker } from './product-picker';
import { ShortStockPanel } from './short-stock-panel';
import { StaleAlert, StepShell } from './step-shell';
import { TotalsPanel } from './totals-panel';
import { useItemsStep } from './use-items-step';
import { CurrencyChangeDialog, WarehouseCurrencyPanel } from './warehouse-currency-panel';
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
  const step = useItemsStep(order);
  const { draft, setDraft, saved$, restored, distances, products, stock, save, short } = step;
  const { askCurrency, setAskCurrency, stale, ready, badFields } = step;

  if (order.customer === null)
    return (
      <Alert color="orange" role="alert">
        {t('orderSteps.items.customerFirst')}
      </Alert>
    );

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
            <WarehouseCurrencyPanel
              distances={distances}
              moveError={step.moveError}
              warehouseId={draft.warehouseId}
              currency={draft.currency}
              onWarehouse={step.pickWarehouse}
              onCurrency={step.pickCurrency}
            />

            {ready && draft.currency ? (
              <Paper withBorder p="md">
                {products.isPending ? <Loader size="sm" /> : null}
                {products.error ? <Alert color="red">{t(errorKey(products.error))}</Alert> : null}
                {products.data ? (
                  <ProductPicker
                    groups={products.data}
                    currency={draft.currency}
                    stock={stock.data ? step.stockById : undefined}
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
                  unavailable={step.unavailable}
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
                  warehouse={step.warehouseName}
                  saving={save.isPending}
                  onSave={(reason) => save.mutate(reason)}
                  onBack={() => {
                    step.setShort(null);
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
        move={step.askMove}
        current={draft}
        onCancel={() => step.setAskMove(null)}
        onConfirm={(move) => {
          step.setAskMove(null);
          setDraft(move.draft);
        }}
      />
      <CurrencyChangeDialog
        currency={askCurrency}
        onCancel={() => setAskCurrency(null)}
        onConfirm={(currency) => setDraft((d) => changeCurrency(d, currency))}
      />
    </Stack>
  );
}
