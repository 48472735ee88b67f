import type { OrderSort, SortDirection } from '@letokruh/contracts/order-sort';
import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  column: OrderSort;
  label: ReactNode;
  sort: OrderSort;
  direction: SortDirection;
  onSort: (column: OrderSort) => void;
};

/** A column header that sorts the list (decision 0027): click for its first way, again to turn it round. */
export function SortHeader({ column, label, sort, direction, onSort }: Props) {
  const { t } = useTranslation();
  const active = column === sort;
  const Arrow = !active ? IconArrowsSort : direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      onClick={() => onSort(column)}
      title={t('orders.sorting.hint')}
      fw={700}
      fz="sm"
      style={{ whiteSpace: 'nowrap' }}
    >
      <Group gap={4} wrap="nowrap">
        {label}
        <Arrow size={14} stroke={active ? 2.2 : 1.5} opacity={active ? 1 : 0.45} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** aria-sort of a sortable column's header. */
export const ariaSortOf = (
  column: OrderSort,
  sort: OrderSort,
  direction: SortDirection,
): 'ascending' | 'descending' | 'none' =>
  column !== sort ? 'none' : direction === 'asc' ? 'ascending' : 'descending';
