import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import type { ConversionOptionItem, OptionLine } from './api';

/** Coefficients carry four decimals, more than the shared number format's two. */
export const coefficientDigits = 4;

/** One way to convert: what leaves the stock, what enters it, and the stock after. */
export function OptionCard({ option, number }: { option: ConversionOptionItem; number: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const line = (l: OptionLine, sign: -1 | 1) => (
    <Text size="sm" key={l.product.id}>
      <Text span fw={500}>
        {l.product.name}
      </Text>
      {`: ${format.number(l.amount)} ${l.product.measurement_unit} `}
      <Text span c="dimmed" size="xs">
        {t('conversions.stockAfter', {
          before: format.number(l.stock),
          after: format.number(Math.round((l.stock + sign * l.amount) * 100) / 100),
          unit: l.product.measurement_unit,
        })}
      </Text>
    </Text>
  );
  return (
    <Stack gap={4} style={{ flex: 1 }}>
      <Group justify="space-between">
        <Text fw={600}>{t('conversions.optionNumber', { number })}</Text>
        <Text size="sm">
          {t('conversions.coefficientValue', {
            value: format.decimal(option.coefficient, coefficientDigits),
          })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <div>
          <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
            {t('conversions.inputs')}
          </Text>
          {option.inputs.map((l) => line(l, -1))}
        </div>
        <div>
          <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
            {t('conversions.outputs')}
          </Text>
          {option.outputs.map((l) => line(l, 1))}
        </div>
      </SimpleGrid>
    </Stack>
  );
}
