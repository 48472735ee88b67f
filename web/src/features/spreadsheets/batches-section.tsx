import { ErrorCode } from '@letokruh/contracts/errors';
import type { ImportBatch, ImportInUse } from '@letokruh/contracts/spreadsheets';
import { Alert, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { ConfirmButton } from '../../ui/confirm-button';
import { useFormat } from '../../ui/format';
import { batchesQuery, undoImport } from './api';

const stateColor = { uploaded: 'gray', imported: 'green', undone: 'gray' } as const;

/** The latest imports, each with its undo (domain.md §2.14). */
export function BatchesSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const batches = useQuery(batchesQuery);
  const [message, setMessage] = useState<string | null>(null);
  const undo = useMutation({
    mutationFn: (batch: ImportBatch) => undoImport(batch.id),
    onMutate: () => setMessage(null),
    onSuccess: (batch) => {
      setMessage(t('spreadsheets:undone', { file: batch.file_name }));
      void queryClient.invalidateQueries();
    },
  });
  const inUse =
    undo.error instanceof ApiError && undo.error.errorCode === ErrorCode.importInUse
      ? ((undo.error.answer.in_use as ImportInUse[] | undefined) ?? [])
      : null;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>{t('spreadsheets:history')}</Title>
        {message ? (
          <Alert color="green" role="status">
            {message}
          </Alert>
        ) : null}
        {inUse ? (
          <Alert color="red" role="alert" title={t('spreadsheets:inUse')}>
            <List size="sm">
              {inUse.map((r) => (
                <List.Item key={`${r.id}-${r.reason}`}>
                  {r.name} ({t(`spreadsheets:inUseReasons.${r.reason}`)})
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : undo.error ? (
          <Alert color="red" role="alert">
            {t(errorKey(undo.error))}
          </Alert>
        ) : null}
        {batches.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('spreadsheets:noHistory')}
          </Text>
        ) : null}
        {(batches.data ?? []).map((b) => (
          <Group key={b.id} justify="space-between" wrap="wrap" gap="xs" data-testid="import-batch">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {b.file_name}
                </Text>
                <Badge color={stateColor[b.state]} variant="light">
                  {t(`spreadsheets:states.${b.state}`)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t(`spreadsheets:kinds.${b.kind}`)} · {format.dateShort(b.imported_at ?? b.created)}
                {b.user ? ` · ${b.user.name}` : ''}
              </Text>
              <Text size="sm">
                {t('spreadsheets:batchCounts', {
                  imported: b.imported,
                  invalid: b.skipped_invalid,
                  duplicates: b.skipped_duplicates,
                })}
              </Text>
            </Stack>
            {b.state === 'imported' ? (
              <ConfirmButton
                variant="light"
                color="red"
                mih={44}
                loading={undo.isPending && undo.variables?.id === b.id}
                question={t('spreadsheets:undoQuestion', { file: b.file_name, count: b.imported })}
                confirmLabel={t('spreadsheets:undo')}
                onConfirm={() => undo.mutate(b)}
              >
                {t('spreadsheets:undo')}
              </ConfirmButton>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
