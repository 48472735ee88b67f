import {
  type ImportBatch,
  type ImportMatch,
  importFields,
  type PreviewRow,
  type SpreadsheetUploadAnswer,
} from '@letokruh/contracts/spreadsheets';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { type Column, PagedTable } from '../../ui/paged-table';
import { usePhone } from '../../ui/use-phone';
import { importSpreadsheet, previewQuery } from './api';

type View = 'all' | 'errors' | 'duplicates';

/** Problems of an IČO or DIČ, which the customer form's catalogue already words. */
const idProblems = new Set([
  'ico_format',
  'ico_checksum',
  'dic_format',
  'dic_checksum',
  'dic_not_ico',
  'dic_required',
  'vat_id_format',
  'vat_id_checksum',
]);

type Props = {
  sheet: SpreadsheetUploadAnswer;
  mapping: Record<string, number>;
  onImported: (batch: ImportBatch) => void;
};

/** Every row checked (domain.md §2.14): errors by cell, likely duplicates with a choice each. */
export function PreviewPanel({ sheet, mapping, onImported }: Props) {
  const { t } = useTranslation();
  const kind = sheet.item.kind;
  const [view, setView] = useState<View>('all');
  const [page, setPage] = useState({ current_page: 1, per_page: 20 });
  const [anyway, setAnyway] = useState<ReadonlySet<number>>(new Set());
  const [allDuplicates, setAllDuplicates] = useState(false);
  const preview = useQuery(previewQuery(sheet.item.id, { mapping, view, ...page }));
  const run = useMutation({
    mutationFn: () =>
      importSpreadsheet(sheet.item.id, {
        mapping,
        import_all_duplicates: allDuplicates,
        import_duplicates: [...anyway],
      }),
    onSuccess: onImported,
  });
  const answer = preview.data;
  const phone = usePhone();
  const problem = (p: string) => (idProblems.has(p) ? t(`companyIds.${p}`) : t(`spreadsheets:problems.${p}`));
  const fieldLabel = (f: string) => t(`spreadsheets:fields.${kind}.${f}`);
  const shown = importFields[kind].filter((f) => mapping[f] !== undefined);

  const choose = (row: number, value: string) => {
    const next = new Set(anyway);
    if (value === 'import') next.add(row);
    else next.delete(row);
    setAnyway(next);
  };
  const matchLine = (m: ImportMatch) => (
    <Stack gap={2} key={`${m.id}-${m.row}`}>
      <Text size="sm" fw={600}>
        {m.id !== null && kind === 'customers' ? (
          <Anchor component={Link} to={`/customer/${m.id}`} target="_blank">
            {m.name}
          </Anchor>
        ) : (
          m.name
        )}{' '}
        <Text span size="xs" c="dimmed">
          ·{' '}
          {m.row !== null
            ? t('spreadsheets:fileRow', { row: m.row })
            : kind === 'customers'
              ? t('spreadsheets:customerNumber', { internId: m.intern_id })
              : t('spreadsheets:productNumber', { id: m.id })}
        </Text>
      </Text>
      {m.detail ? <Text size="xs">{m.detail}</Text> : null}
      <Group gap={4}>
        {m.matched_by.map((rule) => (
          <Badge key={rule} size="sm" variant="light" color="orange">
            {t(`spreadsheets:matchRules.${rule}`)}
          </Badge>
        ))}
      </Group>
    </Stack>
  );

  const columns: Column<PreviewRow>[] = [
    {
      key: 'row',
      header: t('spreadsheets:row'),
      width: 120,
      cell: (r) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {r.row}
          </Text>
          {r.errors.length ? (
            <Text size="xs" c="red.8" fw={700}>
              {t('spreadsheets:hasErrors')}
            </Text>
          ) : null}
          {r.errors
            .filter((e) => mapping[e.field] === undefined)
            .map((e) => (
              <Text key={e.field} size="xs" c="red.8">
                {fieldLabel(e.field)}: {problem(e.problem)}
              </Text>
            ))}
        </Stack>
      ),
    },
    ...shown.map(
      (field): Column<PreviewRow> => ({
        key: field,
        header: fieldLabel(field),
        cell: (r) => {
          const error = r.errors.find((e) => e.field === field);
          return (
            <Stack gap={0} data-field={field}>
              <Text size="sm" c={error ? 'red.8' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
                {r.cells[field] || t('common.noValue')}
              </Text>
              {error ? (
                <Text size="xs" c="red.8" fw={600} data-testid="cell-error">
                  {problem(error.problem)}
                </Text>
              ) : null}
            </Stack>
          );
        },
      }),
    ),
    {
      key: 'duplicates',
      header: t('spreadsheets:duplicate'),
      width: 260,
      cell: (r) =>
        r.matches.length && !r.errors.length ? (
          <Stack gap="xs" data-testid="row-matches">
            {r.matches.map(matchLine)}
            <SegmentedControl
              size="sm"
              aria-label={t('spreadsheets:choiceLabel', { row: r.row })}
              value={allDuplicates || anyway.has(r.row) ? 'import' : 'skip'}
              disabled={allDuplicates}
              onChange={(value) => choose(r.row, value)}
              data={[
                { value: 'skip', label: t('spreadsheets:skip') },
                { value: 'import', label: t('spreadsheets:importAnyway') },
              ]}
            />
          </Stack>
        ) : (
          t('common.noValue')
        ),
    },
  ];

  const importCount = answer
    ? answer.valid - answer.duplicates + (allDuplicates ? answer.duplicates : anyway.size)
    : 0;
  const missing = answer?.unmapped_required ?? [];

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>{t('spreadsheets:preview')}</Title>
        {missing.length ? (
          <Alert color="orange" role="alert">
            {t('spreadsheets:unmappedRequired', { fields: missing.map(fieldLabel).join(', ') })}
          </Alert>
        ) : null}
        {answer ? (
          <Group gap="xs" data-testid="preview-summary">
            {(
              [
                ['summaryRows', answer.row_count, 'gray'],
                ['summaryValid', answer.valid, 'green'],
                ['summaryInvalid', answer.invalid, 'red'],
                ['summaryDuplicates', answer.duplicates, 'orange'],
              ] as const
            ).map(([key, count, color]) => (
              <Badge key={key} variant="light" color={color} size="lg">
                {t(`spreadsheets:${key}`, { count })}
              </Badge>
            ))}
          </Group>
        ) : null}
        <SegmentedControl
          value={view}
          orientation={phone ? 'vertical' : 'horizontal'}
          fullWidth={phone}
          aria-label={t('spreadsheets:preview')}
          onChange={(value) => {
            setView(value as View);
            setPage((p) => ({ ...p, current_page: 1 }));
          }}
          data={(['all', 'errors', 'duplicates'] as const).map((v) => ({
            value: v,
            label: t(`spreadsheets:views.${v}`),
          }))}
          style={phone ? undefined : { alignSelf: 'flex-start' }}
        />
        <PagedTable
          columns={columns}
          rows={answer?.items}
          total={answer?.total ?? 0}
          rowKey={(r) => r.row}
          currentPage={page.current_page}
          perPage={page.per_page}
          onPage={(current_page) => setPage((p) => ({ ...p, current_page }))}
          onPerPage={(per_page) => setPage({ current_page: 1, per_page })}
          loading={preview.isFetching}
          error={preview.error ? <Alert color="red">{t(errorKey(preview.error))}</Alert> : null}
          minWidth={Math.max(700, 160 * (shown.length + 1))}
          cardsOnPhone
        />
        {answer?.duplicates ? (
          <Checkbox
            label={t('spreadsheets:importAllDuplicates')}
            checked={allDuplicates}
            onChange={(event) => setAllDuplicates(event.currentTarget.checked)}
          />
        ) : null}
        {run.error ? (
          <Alert color="red" role="alert">
            {t(errorKey(run.error))}
          </Alert>
        ) : null}
        <Group>
          <Button
            color="green"
            mih={44}
            disabled={!answer || missing.length > 0 || importCount === 0 || preview.isFetching}
            loading={run.isPending}
            onClick={() => run.mutate()}
          >
            {t('spreadsheets:import', { count: importCount })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
