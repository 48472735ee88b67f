import type { DriverStop } from '@letokruh/contracts/driver';
import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { useDecimalProps } from '../../ui/number-props';

/** What the driver typed for one line: the amount ('' while being retyped) and why it differs. */
export type LineEntry = { amount: number | ''; reason: string };
export type LineEntries = Record<number, LineEntry>;

/** Every line as ordered: the dialog starts from "all of it delivered". */
export const wholeLines = (stop: DriverStop): LineEntries =>
  Object.fromEntries(stop.items.map((item) => [item.id, { amount: item.amount, reason: '' }]));

/** A line's problem, as a catalogue key, or null: no amount, more than ordered, no reason. */
export function lineProblem(ordered: number, entry: LineEntry): string | null {
  if (entry.amount === '') return 'driverDay.deliver.amountMissing';
  if (entry.amount > ordered) return 'driverDay.deliver.amountAbove';
  if (entry.amount !== ordered && !entry.reason.trim()) return 'driverDay.deliver.reasonMissing';
  return null;
}

type Props = {
  stop: DriverStop;
  lines: LineEntries;
  onChange(lines: LineEntries): void;
  /** Show the lines' problems (after the first save). */
  checked: boolean;
};

/** The delivered amount of each line, the ordered one to start with; a reason when it differs. */
export function DeliveryLines({ stop, lines, onChange, checked }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const decimal = useDecimalProps();
  const set = (id: number, entry: Partial<LineEntry>) =>
    onChange({ ...lines, [id]: { ...(lines[id] ?? { amount: '', reason: '' }), ...entry } });
  return (
    <Stack gap="sm" role="group" aria-label={t('driverDay.deliver.lines')}>
      <Text fw={500} size="sm">
        {t('driverDay.deliver.lines')}
      </Text>
      {stop.items.map((item) => {
        const entry = lines[item.id] ?? { amount: item.amount, reason: '' };
        const problem = checked ? lineProblem(item.amount, entry) : null;
        const differs = entry.amount !== item.amount;
        return (
          <Stack key={item.id} gap={4} data-testid="delivery-line">
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <NumberInput
                {...decimal}
                label={item.name}
                description={`${t('driverDay.deliver.ordered')} ${f.number(item.amount)} ${item.measurement_unit}`}
                value={entry.amount}
                min={0}
                max={item.amount}
                decimalScale={3}
                rightSection={<Text size="xs">{item.measurement_unit}</Text>}
                rightSectionWidth={48}
                onChange={(v) =>
                  set(item.id, { amount: typeof v === 'number' ? v : v === '' ? '' : Number(v) })
                }
                error={problem === 'driverDay.deliver.reasonMissing' ? null : problem && t(problem)}
                style={{ flex: 1 }}
              />
            </Group>
            {differs && (
              <TextInput
                label={t('driverDay.deliver.reason')}
                required
                value={entry.reason}
                onChange={(e) => set(item.id, { reason: e.currentTarget.value })}
                error={problem === 'driverDay.deliver.reasonMissing' && t(problem)}
                maxLength={300}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
