import { ErrorCode } from '@letokruh/contracts/errors';
import {
  type SpreadsheetKind,
  type SpreadsheetUploadAnswer,
  spreadsheetKinds,
} from '@letokruh/contracts/spreadsheets';
import { Alert, Button, FileButton, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { usePhone } from '../../ui/use-phone';
import { uploadSpreadsheet } from './api';
import './texts';
import { BatchesSection } from './batches-section';
import { MappingPanel } from './mapping-panel';
import { PreviewPanel } from './preview-panel';

const delimiterName: Record<string, string> = { ';': 'semicolon', ',': 'comma', '\t': 'tab' };

/** The add right each kind needs besides import_data (decision 0090), as the call it makes. */
const addCall = { customers: 'POST /customer/add', products: 'POST /product/add' } as const;

/**
 * "Import z tabulek" (domain.md §2.14): a file in, its columns chosen, every row checked in a
 * preview, the good rows imported as one batch that the list below can undo.
 */
export function SpreadsheetsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const queryClient = useQueryClient();
  const phone = usePhone();
  const kinds = spreadsheetKinds.filter((k) => access.canCall(addCall[k]));
  const [kind, setKind] = useState<SpreadsheetKind>(kinds[0] ?? 'customers');
  const [sheet, setSheet] = useState<SpreadsheetUploadAnswer | null>(null);
  const [mapping, setMapping] = useState<Record<string, number>>({});
  const [done, setDone] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadSpreadsheet(kind, file),
    onMutate: () => setDone(null),
    onSuccess: (answer) => {
      setSheet(answer);
      setMapping(answer.mapping);
    },
  });
  if (!access.user) return null;
  if (!access.canCall('POST /spreadsheet/upload') || kinds.length === 0) {
    return <Alert color="red">{t('common.accessDenied')}</Alert>;
  }

  const uploadError =
    upload.error instanceof ApiError && upload.error.errorCode === ErrorCode.spreadsheetInvalid
      ? t('spreadsheets:badFile', {
          problem: t(`spreadsheets:problems.${String(upload.error.answer.problem)}`),
        })
      : upload.error
        ? t(errorKey(upload.error))
        : null;
  const format = sheet
    ? sheet.format === 'xlsx'
      ? t('spreadsheets:formatXlsx')
      : t('spreadsheets:formatCsv', {
          encoding: sheet.encoding === 'windows-1250' ? 'Windows-1250' : sheet.encoding?.toUpperCase(),
          delimiter: t(`spreadsheets:delimiters.${delimiterName[sheet.delimiter ?? ';']}`),
        })
    : '';

  return (
    <Stack>
      <Title order={2}>{t('spreadsheets:heading')}</Title>
      <Text size="sm" c="dimmed">
        {t('spreadsheets:intro')}
      </Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text fw={600} id="spreadsheet-kind">
            {t('spreadsheets:kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="spreadsheet-kind"
            value={kind}
            onChange={(value) => {
              setKind(value as SpreadsheetKind);
              setSheet(null);
              upload.reset();
            }}
            data={kinds.map((k) => ({ value: k, label: t(`spreadsheets:kinds.${k}`) }))}
            fullWidth={phone}
            style={phone ? undefined : { alignSelf: 'flex-start' }}
          />
          <Group gap="sm" align="center">
            <FileButton
              onChange={(file) => file && upload.mutate(file)}
              accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            >
              {(props) => (
                <Button {...props} loading={upload.isPending} mih={44}>
                  {t('spreadsheets:chooseFile')}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {upload.isPending ? t('spreadsheets:reading') : t('spreadsheets:fileHint')}
            </Text>
          </Group>
          {uploadError ? (
            <Alert color="red" role="alert">
              {uploadError}
            </Alert>
          ) : null}
          {sheet ? (
            <Text size="sm" data-testid="file-read">
              {t('spreadsheets:fileRead', {
                file: sheet.item.file_name,
                count: sheet.item.row_count,
                format,
              })}
            </Text>
          ) : null}
          {done ? (
            <Alert color="green" role="status">
              {done}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      {sheet ? (
        <>
          <MappingPanel sheet={sheet} mapping={mapping} onChange={setMapping} />
          <PreviewPanel
            sheet={sheet}
            mapping={mapping}
            onImported={(batch) => {
              setSheet(null);
              setDone(
                t('spreadsheets:imported', {
                  imported: batch.imported,
                  invalid: batch.skipped_invalid,
                  duplicates: batch.skipped_duplicates,
                }),
              );
              void queryClient.invalidateQueries();
            }}
          />
        </>
      ) : null}
      <BatchesSection />
    </Stack>
  );
}
