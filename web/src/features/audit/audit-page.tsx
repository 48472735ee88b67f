import { type AuditEntity, type AuditItem, auditEntities } from '@letokruh/contracts/audit';
import { Alert, Anchor, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { DayInput } from '../../ui/day-input';
import { countActiveFilters, FilterBar } from '../../ui/filter-bar';
import { useFormat } from '../../ui/format';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { auditQuery } from './api';
import { AuditDetails } from './audit-details';
import { readable } from './change-details';

type Filters = { entity: AuditEntity | ''; entity_id: string; from: string; to: string };
const noFilters: Filters = { entity: '', entity_id: '', from: '', to: '' };

/** Where a record of an area is shown, for the link in its row. */
const recordPath: Partial<Record<AuditEntity, (id: number) => string>> = {
  order: (id) => `/order/${id}`,
  stock: (id) => `/warehouse/${id}`,
  product: () => '/products',
  user: (id) => `/user/${id}`,
  customer: (id) => `/customer/${id}`,
  warehouse: (id) => `/warehouse/${id}/edit`,
  transportation: (id) => `/transportation/${id}`,
};

const day = /^\d{4}-\d{2}-\d{2}$/;

/** Who changed what and when, for the owner (docs/decisions/0088: the data in words). */
export function AuditPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const format = useFormat();
  const list = useListState('audit', noFilters, 20);
  const allowed = access.hasFunction('owner');
  const f = list.filters;
  const query = {
    current_page: list.current_page,
    per_page: list.per_page,
    ...(f.entity ? { entity: f.entity } : {}),
    ...(/^\d{1,9}$/.test(f.entity_id) ? { entity_id: Number(f.entity_id) } : {}),
    ...(day.test(f.from) ? { from: f.from } : {}),
    ...(day.test(f.to) ? { to: f.to } : {}),
  };
  const log = useQuery({ ...auditQuery(query), enabled: allowed });
  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const entityLabel = (e: string) => t(`audit.entities.${e}`, { defaultValue: readable(e) });
  const actionLabel = (a: string) => t(`audit.actions.${a}`, { defaultValue: readable(a) });
  const userLabel = (r: AuditItem) =>
    r.user ? `${r.user.name || r.user.username} (${r.user.username})` : t('audit.system');
  const record = (r: AuditItem) => {
    const to = r.entity_id ? recordPath[r.entity as AuditEntity]?.(r.entity_id) : undefined;
    const label = `${entityLabel(r.entity)}${r.entity_name ? ` ${r.entity_name}` : r.entity_id ? ` ${r.entity_id}` : ''}`;
    return to ? (
      <Anchor component={Link} to={to}>
        {label}
      </Anchor>
    ) : (
      label
    );
  };
  const card = (r: AuditItem) => (
    <Paper withBorder p="sm" radius="sm" component="article" aria-label={actionLabel(r.action)}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{actionLabel(r.action)}</Text>
        <Text size="sm" c="dimmed">
          {format.dateShort(r.at)}
        </Text>
      </Group>
      <Text size="sm">{record(r)}</Text>
      <Text size="sm" c="dimmed" mb={4}>
        {userLabel(r)}
      </Text>
      <AuditDetails item={r} />
    </Paper>
  );
  const columns: Column<AuditItem>[] = [
    { key: 'at', header: t('audit.fields.at'), cell: (r) => format.dateShort(r.at) },
    { key: 'user', header: t('audit.fields.user'), cell: userLabel },
    { key: 'record', header: t('audit.fields.record'), cell: record },
    { key: 'action', header: t('audit.fields.action'), cell: (r) => actionLabel(r.action) },
    { key: 'details', header: t('audit.fields.details'), cell: (r) => <AuditDetails item={r} /> },
  ];

  return (
    <Stack>
      <Title order={2}>{t('audit.heading')}</Title>
      <Text size="sm" c="dimmed">
        {t('audit.intro')}
      </Text>
      <FilterBar active={countActiveFilters(list.filters, noFilters)} onClear={list.clearFilters}>
        <Group align="flex-end">
          <Select
            label={t('audit.fields.entity')}
            placeholder={t('audit.allEntities')}
            clearable
            data={auditEntities.map((e) => ({ value: e, label: entityLabel(e) }))}
            value={f.entity || null}
            onChange={(v) => list.setFilter('entity', (v ?? '') as AuditEntity | '')}
            w={200}
          />
          <TextInput
            label={t('audit.fields.entityId')}
            value={f.entity_id}
            onChange={(e) => list.setFilter('entity_id', e.currentTarget.value.replace(/\D/g, ''))}
            w={150}
          />
          <DayInput
            label={t('audit.fields.from')}
            value={f.from || null}
            maxDate={f.to || undefined}
            onChange={(d) => list.setFilter('from', d ?? '')}
            clearable
            w={170}
          />
          <DayInput
            label={t('audit.fields.to')}
            value={f.to || null}
            minDate={f.from || undefined}
            onChange={(d) => list.setFilter('to', d ?? '')}
            clearable
            w={170}
          />
        </Group>
      </FilterBar>
      <PagedTable
        columns={columns}
        rows={log.data?.items}
        total={log.data?.total ?? 0}
        rowKey={(r) => r.id}
        card={card}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={log.isFetching}
        error={
          log.error ? (
            <Alert color="red" mt="sm">
              {t(errorKey(log.error))}
            </Alert>
          ) : null
        }
      />
    </Stack>
  );
}
