import type { Currency } from '@letokruh/contracts/rules/money';
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { KeptNumberInput } from '../../ui/kept-number-input';
import { type DraftLine, lineTotalWithVat } from './items-draft';

type Props = {
  lines: DraftLine[];
  currency: Currency;
  /** Products of the order not on offer in the chosen warehouse (the server would refuse them). */
  unavailable: Set<number>;
  onChange: (productId: number, change: Partial<DraftLine>) => void;
  onRemove: (productId: number) => void;
};

/** The order's item boxes: amount (min 1), price with VAT (min 0), the line total and delete. */
export function ItemLines({ lines, currency, unavailable, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  if (lines.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('orderSteps.items.noLines')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Paper
          key={line.product.id}
          withBorder
          p="sm"
          radius="md"
          role="group"
          aria-label={line.product.name}
        >
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Stack gap={0} style={{ flex: '1 1 220px', minWidth: 0 }}>
              <Text fw={600}>{line.product.name}</Text>
              <Text size="xs" c="dimmed">
                {t('orderSteps.items.lineFacts', {
                  length: line.product.length,
                  unit: line.product.measurement_unit,
                  vat: line.vat,
                })}
              </Text>
              {unavailable.has(line.product.id) ? (
                <Text size="xs" c="red">
                  {t('orderSteps.items.notOffered')}
                </Text>
              ) : null}
            </Stack>
            <KeptNumberInput
              label={t('orderSteps.items.amount')}
              value={line.amount}
              min={1}
              max={1_000_000}
              w={130}
              rightSection={
                <Text size="xs" c="dimmed" pr={6}>
                  {line.product.measurement_unit}
                </Text>
              }
              rightSectionWidth={48}
              onCommit={(amount) => onChange(line.product.id, { amount })}
            />
            <KeptNumberInput
              label={t('orderSteps.items.unitPrice', { currency })}
              value={line.price}
              min={0}
              max={1_000_000}
              w={200}
              onCommit={(price) => onChange(line.product.id, { price })}
            />
            <Stack gap={0} w={130} align="flex-end">
              <Text size="xs" c="dimmed">
                {t('orderSteps.items.lineTotal')}
              </Text>
              <Text fw={600} data-testid={`line-total-${line.product.id}`}>
                {format.money(lineTotalWithVat(line), currency)}
              </Text>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('orderSteps.items.remove', { name: line.product.name })}
              onClick={() => onRemove(line.product.id)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
