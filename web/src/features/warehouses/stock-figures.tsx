import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../ui/day-input';
import { useFormat } from '../../ui/format';

/** An amount of stock with its unit, kept on one line. */
export function StockAmount({ value, unit }: { value: number; unit: string }) {
  const format = useFormat();
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {`${format.number(value)} ${unit}`}
    </Text>
  );
}

/**
 * Available stock (decision 0064): below zero the orders promise more than is on hand, shown in the
 * warning colour and said in words for a screen reader.
 */
export function AvailableAmount({ value, unit }: { value: number; unit: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const short = value < 0;
  return (
    <Text
      size="sm"
      fw={short ? 700 : 500}
      c={short ? 'red.8' : undefined}
      style={{ whiteSpace: 'nowrap' }}
      data-short={short || undefined}
      title={short ? t('stock.overPromised') : undefined}
    >
      {`${format.number(value)} ${unit}`}
      {short ? <VisuallyHidden>{` (${t('stock.overPromised')})`}</VisuallyHidden> : null}
    </Text>
  );
}

/** The day stock is projected for: today unless picked; clearing it goes back to today. */
export function ProjectionDayInput({
  value,
  onChange,
  today,
}: {
  value: string;
  onChange: (day: string) => void;
  today: string;
}) {
  const { t } = useTranslation();
  return (
    <DayInput
      label={t('stock.projectionDay')}
      description={t('stock.projectionHint')}
      value={value}
      onChange={(day) => onChange(day ?? today)}
      maw={360}
    />
  );
}
