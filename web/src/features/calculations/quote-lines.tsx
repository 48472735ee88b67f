import type { CalculationAnswer } from '@letokruh/contracts/calculations';
import type { Currency } from '@letokruh/contracts/rules/money';
import { ActionIcon, NumberInput, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { useDecimalProps } from '../../ui/number-props';
import type { QuoteLine } from './calculation-draft';

type Props = {
  lines: QuoteLine[];
  currency: Currency;
  /** The last quote: its prices of the lines, once it has them. */
  quote: CalculationAnswer | undefined;
  onAmount: (productId: number, amount: number) => void;
  onRemove: (productId: number) => void;
};

/** The quote's lines: product, amount (at least 1), unit price, and the quote's line totals. */
export function QuoteLines({ lines, currency, quote, onAmount, onRemove }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const decimal = useDecimalProps();
  return (
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
        {lines.map((line) => {
          const priced = quote?.lines.find((l) => l.product.id === line.product.id);
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
                  onChange={(v) => typeof v === 'number' && v >= 1 && onAmount(line.product.id, v)}
                  w={100}
                  ml="auto"
                />
              </Table.Td>
              <Table.Td ta="right">
                {format.money(line.product.pricesWithVat[0]?.amount ?? null, currency)}
              </Table.Td>
              <Table.Td ta="right">{format.money(priced?.total_price_vat ?? null, currency)}</Table.Td>
              <Table.Td ta="right">{format.money(priced?.total_price ?? null, currency)}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('calculations.remove', { name: line.product.name })}
                  onClick={() => onRemove(line.product.id)}
                >
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
