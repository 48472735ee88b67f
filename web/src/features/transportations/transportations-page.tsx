import type { TransportationSummary } from '@letokruh/contracts/transportations';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { ListPageHeader } from '../../ui/list-page-header';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { transportationsQuery } from './api';

const noFilters: Record<string, never> = {};

/** domain.md §2.2 Transportations: id, date, recipient, subscriber and the detail link, newest first. */
export function TransportationsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { can, user } = useAccess();
  const list = useListState('transportations', noFilters);
  const allowed = can('view_transportation');
  const hauls = useQuery({
    ...transportationsQuery({ current_page: list.current_page, per_page: list.per_page }),
    enabled: allowed,
  });
  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  const noValue = t('common.noValue');

  const columns: Column<TransportationSummary>[] = [
    {
      key: 'id',
      header: t('transportations.fields.id'),
      width: 90,
      cell: (h) => (
        <Anchor component={Link} to={`/transportation/${h.id}`} ff="monospace">
          {h.id}
        </Anchor>
      ),
    },
    { key: 'date', header: t('transportations.fields.date'), width: 120, cell: (h) => format.day(h.date) },
    {
      key: 'recipient',
      header: t('transportations.fields.recipient'),
      cell: (h) => h.recipient?.name ?? noValue,
    },
    { key: 'subscriber', header: t('transportations.fields.subscriber'), cell: (h) => h.subscriber.name },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 110,
      cell: (h) => (
        <Button
          component={Link}
          to={`/transportation/${h.id}`}
          size="compact-sm"
          variant="default"
          aria-label={t('transportations.detailOf', { id: h.id })}
        >
          {t('common.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <ListPageHeader
        title={t('transportations.heading')}
        add={{ call: 'POST /transportation/add', to: '/transportation/add', label: t('transportations.add') }}
      />
      <PagedTable
        columns={columns}
        rows={hauls.data?.items}
        total={hauls.data?.total ?? 0}
        rowKey={(h) => h.id}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={hauls.isFetching}
        error={
          hauls.error ? (
            <Alert color="red" mt="sm">
              {t(errorKey(hauls.error))}
            </Alert>
          ) : null
        }
      />
    </Stack>
  );
}
