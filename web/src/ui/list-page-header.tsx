import type { RouteKey } from '@letokruh/contracts/access';
import { Button, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../lib/session';

/** The list's add action: a link to the add page, or a button that starts the record at once. */
export type ListAddAction = { call: RouteKey; label: string } & (
  | { to: string }
  | { onClick: () => void; pending?: boolean }
);

type Props = {
  title: ReactNode;
  /** Shown only when the signed-in user may make its call (decision 0029). */
  add?: ListAddAction;
  /** Buttons before the add button, e.g. the order list's documents. */
  actions?: ReactNode;
  /** The list's filters, below the title (usually a `FilterBar`). */
  filters?: ReactNode;
  /** A "clear filters" link under the filters, for lists with many of them. */
  clearFilters?: { filtered: boolean; onClear: () => void };
};

/** The top of a list page: its title, the add button for those who may add, and the filters. */
export function ListPageHeader({ title, add, actions, filters, clearFilters }: Props) {
  const { t } = useTranslation();
  const { canCall } = useAccess();
  const addButton =
    add && canCall(add.call) ? (
      'to' in add ? (
        <Button component={Link} to={add.to}>
          {add.label}
        </Button>
      ) : (
        <Button loading={add.pending} onClick={add.onClick}>
          {add.label}
        </Button>
      )
    ) : null;
  return (
    <>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {actions ? (
          <Group gap="sm">
            {actions}
            {addButton}
          </Group>
        ) : (
          addButton
        )}
      </Group>
      {filters}
      {clearFilters ? (
        <Group justify="flex-end" mt={-4}>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={!clearFilters.filtered}
            onClick={clearFilters.onClear}
          >
            {t('common.clearFilters')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
