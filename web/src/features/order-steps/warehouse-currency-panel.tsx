import type { AnswerOf } from '@letokruh/contracts/endpoint';
import type { orderStepsEndpoints as e } from '@letokruh/contracts/endpoints/order-steps';
import { type Currency, currencies } from '@letokruh/contracts/rules/money';
import {
  Alert,
  Badge,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useFormat } from '../../ui/format';
import { ModalFooter } from '../../ui/modal-footer';

/** A warehouse with its way to the customer, as the step offers it. */
type WarehouseDistance = AnswerOf<typeof e.warehouseDistance>['warehouses_distance'][number];

type Props = {
  distances: UseQueryResult<WarehouseDistance[]>;
  /** Why the prices of the warehouse picked could not be read. */
  moveError: unknown;
  warehouseId: number | null;
  currency: Currency | null;
  onWarehouse: (warehouse: WarehouseDistance) => void;
  onCurrency: (currency: Currency) => void;
};

/** The items step's first choice (domain.md §1.4): the warehouse, by its way to the customer, and the currency. */
export function WarehouseCurrencyPanel({
  distances,
  moveError,
  warehouseId,
  currency,
  onWarehouse,
  onCurrency,
}: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder p="md">
      <Radio.Group
        label={t('orderSteps.items.warehouse')}
        labelProps={{ fz: 'lg', fw: 600 }}
        value={warehouseId === null ? null : String(warehouseId)}
        onChange={(v) => {
          const w = distances.data?.find((d) => String(d.id) === v);
          if (w) onWarehouse(w);
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
          value={currency ?? ''}
          onChange={(v) => onCurrency(v as Currency)}
          data={currencies.map((c) => ({ value: c, label: c }))}
        />
      </Stack>
    </Paper>
  );
}

type QuestionProps = {
  currency: Currency | null;
  onCancel: () => void;
  onConfirm: (currency: Currency) => void;
};

/** domain.md §1.4: another currency clears the lines, so it is asked first. */
export function CurrencyChangeDialog({ currency, onCancel, onConfirm }: QuestionProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={currency !== null} onClose={onCancel} title={t('orderSteps.items.currencyTitle')} centered>
      <Text mb="lg">{t('orderSteps.items.currencyQuestion', { currency: currency ?? '' })}</Text>
      <ModalFooter
        onCancel={onCancel}
        confirmLabel={t('orderSteps.items.currencyConfirm', { currency: currency ?? '' })}
        color="red"
        onConfirm={() => {
          onCancel();
          if (currency) onConfirm(currency);
        }}
      />
    </Modal>
  );
}
