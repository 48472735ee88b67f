import { listTotalCap, pageSizes } from '@letokruh/contracts/common';
import { Card, Center, Group, Loader, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';
import { usePhone } from './use-phone';

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  width?: number | string;
  /** A sortable column says how the rows are sorted by it (WAI-ARIA aria-sort on its header). */
  ariaSort?: 'ascending' | 'descending' | 'none';
};

type Props<T> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  rowKey: (row: T) => string | number;
  currentPage: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  loading?: boolean;
  error?: ReactNode;
  /** Narrower screens scroll the table sideways rather than squeeze its columns (default 700). */
  minWidth?: number;
  /**
   * On a phone (below Mantine's `sm`, 48em) each row becomes a card of "header: value" lines
   * instead of a table that scrolls sideways (the stock tables a warehouseman reads in the yard).
   */
  cardsOnPhone?: boolean;
  /** On a phone, each row as a card of its own making instead of the table's row (decision 0082). */
  card?: (row: T) => ReactNode;
};

/** The rows as cards on a phone: one card a row, each column a line with its header. */
export function RowCards<T>({ columns, rows, rowKey }: Pick<Props<T>, 'columns' | 'rowKey'> & { rows: T[] }) {
  return (
    <Stack gap="xs" data-testid="row-cards">
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder padding="xs" radius="sm" component="article">
          {columns.map((c) => (
            <Group key={c.key} justify="space-between" gap="xs" wrap="wrap" py={2}>
              <Text size="sm" c="dimmed">
                {c.header}
              </Text>
              <Text component="div" size="sm" ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {c.cell(row)}
              </Text>
            </Group>
          ))}
        </Card>
      ))}
    </Stack>
  );
}

/** The paged table of every list (domain.md §2.9: sizes 10–1000, default 10, a window of ~9 pages). */
export function PagedTable<T>(props: Props<T>) {
  const { t } = useTranslation();
  const format = useFormat();
  // The server counts to listTotalCap + 1 and pages no deeper (decision 0020): "10 000+", and no page
  // that would start past the cap.
  const capped = props.total > listTotalCap;
  const pages = Math.max(1, Math.ceil(Math.min(props.total, listTotalCap) / props.perPage));
  const phone = usePhone();
  const card = phone ? props.card : undefined;
  return (
    <>
      {card ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {(props.rows ?? []).map((row) => (
            <li key={props.rowKey(row)}>{card(row)}</li>
          ))}
        </Stack>
      ) : props.cardsOnPhone && phone ? (
        <RowCards columns={props.columns} rows={props.rows ?? []} rowKey={props.rowKey} />
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 700}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) => (
                  <Table.Th key={c.key} w={c.width} aria-sort={c.ariaSort}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(props.rows ?? []).map((row) => (
                <Table.Tr key={props.rowKey(row)}>
                  {props.columns.map((c) => (
                    <Table.Td key={c.key}>{c.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {props.loading && !props.rows ? (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      ) : null}
      {props.error}
      {!props.loading && props.rows?.length === 0 ? (
        <Text c="dimmed" ta="center" p="md">
          {t('common.noRecords')}
        </Text>
      ) : null}
      <Group justify="space-between" mt="sm">
        {/* No count before the first answer: "0 záznamů" while loading would be a wrong fact. */}
        <Text size="sm" c="dimmed" data-testid="records-count">
          {props.rows === undefined
            ? null
            : capped
              ? t('common.recordsCapped', { total: format.number(listTotalCap) })
              : t('common.records', { count: props.total })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Pagination
            total={pages}
            value={Math.min(props.currentPage, pages)}
            onChange={props.onPage}
            siblings={phone ? 1 : 3}
            boundaries={1}
            size={phone ? 'lg' : 'sm'}
            getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
          />
          <Select
            aria-label={t('common.perPage')}
            w={90}
            size={phone ? 'md' : 'xs'}
            allowDeselect={false}
            value={String(props.perPage)}
            onChange={(v) => v && props.onPerPage(Number(v))}
            data={pageSizes.map((n) => String(n))}
          />
        </Group>
      </Group>
    </>
  );
}
