import { rem, Table, type TableProps, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One label/value row of a detail view (customer, order, transportation, QR payment). The label
 * keeps to the top so that it stays beside the first line of a value of several lines; the rest
 * of the props style the value cell. A long unbroken value (an e-mail, a web address) wraps
 * anywhere rather than push a phone-wide page sideways.
 */
export function DetailRow({
  label,
  children,
  style,
  ...td
}: { label: string; children: ReactNode } & TableTdProps) {
  return (
    <Table.Tr>
      <Table.Th fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={[{ overflowWrap: 'anywhere' }, style]} {...td}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

type DetailTableProps = {
  /** The label column's width in px, chosen per view so that its labels fit; none: as wide as they need. */
  labelWidth?: number;
  children: ReactNode;
} & TableProps;

/** The table of a detail view's rows: labels shaded on the left, no lines between the rows. */
export function DetailTable({ labelWidth, children, ...table }: DetailTableProps) {
  return (
    <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={6} {...table}>
      {labelWidth === undefined ? null : (
        <colgroup>
          <col style={{ width: rem(labelWidth) }} />
          <col />
        </colgroup>
      )}
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}
