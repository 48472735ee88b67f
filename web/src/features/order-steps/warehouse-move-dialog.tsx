import { Alert, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { ModalFooter } from '../../ui/modal-footer';
import { draftTotals, type ItemsDraft, type WarehouseMove } from './items-draft';

/**
 * Decision 0031: before another warehouse re-prices the lines, the old and new totals side by side and
 * the lines it has no price for, named (confirming removes them; going back keeps the warehouse).
 */
export function WarehouseMoveDialog({
  move,
  current,
  onCancel,
  onConfirm,
}: {
  move: WarehouseMove | null;
  current: ItemsDraft;
  onCancel: () => void;
  onConfirm: (move: WarehouseMove) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = current.currency ?? 'CZK';
  const before = draftTotals(current);
  const after = move ? draftTotals(move.draft) : before;
  const money = (v: number) => format.money(v, currency);
  return (
    <Modal opened={move !== null} onClose={onCancel} title={t('orderSteps.items.moveTitle')} centered>
      {move ? (
        <Stack>
          <Text>{t('orderSteps.items.moveQuestion', { warehouse: move.warehouse.name })}</Text>
          <Stack gap={4} data-testid="move-totals">
            <Text>
              {t('orderSteps.items.moveProducts', {
                before: money(before.product_prices),
                after: money(after.product_prices),
              })}
            </Text>
            <Text fw={600}>
              {t('orderSteps.items.moveTotal', {
                before: money(before.price_with_vat),
                after: money(after.price_with_vat),
              })}
            </Text>
          </Stack>
          {move.missing.length > 0 ? (
            <Alert
              color="orange"
              title={t('orderSteps.items.moveMissing', { warehouse: move.warehouse.name })}
            >
              <List size="sm">
                {move.missing.map((l) => (
                  <List.Item key={l.product.id}>{l.product.name}</List.Item>
                ))}
              </List>
              <Text size="sm" mt="xs">
                {t('orderSteps.items.moveMissingRemoved', { count: move.missing.length })}
              </Text>
            </Alert>
          ) : null}
          <ModalFooter
            onCancel={onCancel}
            cancelLabel={t('orderSteps.items.moveBack')}
            confirmLabel={t('orderSteps.items.moveConfirm')}
            onConfirm={() => onConfirm(move)}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
