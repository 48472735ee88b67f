import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import type { ProductRef } from './api';
import type { Line } from './calculation';

type Props = {
  title: string;
  hint: string;
  lines: Line[];
  onChange: (lines: Line[]) => void;
  products: ProductRef[];
  /** Every chosen row of both sides: a product appears once, on one side (contracts). */
  taken: Line[];
  withAmounts: boolean;
  stockOf: (productId: number) => number | undefined;
  newLine: () => Line;
  max: number;
  side: 'input' | 'output';
};

/** The product rows of one side of a conversion, with amounts when that side is known. */
export function LinesEditor(props: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const { lines, onChange } = props;
  const update = (key: number, change: Partial<Line>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const productLabel = (p: ProductRef) => {
    const stock = props.stockOf(p.id);
    return stock === undefined
      ? p.name
      : t('conversions.productWithStock', {
          name: p.name,
          stock: format.number(stock),
          unit: p.measurement_unit,
        });
  };
  const unitOf = (id: number | null) => props.products.find((p) => p.id === id)?.measurement_unit ?? '';

  return (
    <Stack gap="xs">
      <div>
        <Text fw={600}>{props.title}</Text>
        <Text size="sm" c="dimmed">
          {props.hint}
        </Text>
      </div>
      {lines.map((line, index) => {
        const label = t(props.side === 'input' ? 'conversions.inputNumber' : 'conversions.outputNumber', {
          number: index + 1,
        });
        return (
          <Group key={line.key} align="flex-end" gap="sm" wrap="nowrap">
            <Select
              label={label}
              required
              searchable
              nothingFoundMessage={t('conversions.noProduct')}
              placeholder={t('conversions.pickProduct')}
              style={{ flex: 1 }}
              value={line.productId === null ? null : String(line.productId)}
              onChange={(v) => update(line.key, { productId: v === null ? null : Number(v) })}
              data={props.products.map((p) => ({
                value: String(p.id),
                label: productLabel(p),
                disabled: p.id !== line.productId && props.taken.some((l) => l.productId === p.id),
              }))}
            />
            {props.withAmounts ? (
              <TextInput
                label={t('conversions.amount')}
                aria-label={t('conversions.amountOf', { label })}
                required
                inputMode="decimal"
                w={160}
                value={line.amount}
                onChange={(e) => update(line.key, { amount: e.currentTarget.value })}
                rightSection={
                  <Text size="xs" c="dimmed">
                    {unitOf(line.productId)}
                  </Text>
                }
                rightSectionWidth={48}
              />
            ) : null}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={t('conversions.removeLine', { label })}
              disabled={lines.length === 1}
              onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        );
      })}
      {lines.length < props.max ? (
        <Group>
          <Button variant="light" size="compact-sm" onClick={() => onChange([...lines, props.newLine()])}>
            {t(props.side === 'input' ? 'conversions.addInput' : 'conversions.addOutput')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
