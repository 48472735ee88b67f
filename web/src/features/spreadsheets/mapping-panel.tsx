import {
  importFields,
  requiredImportFields,
  type SpreadsheetUploadAnswer,
} from '@letokruh/contracts/spreadsheets';
import { Alert, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  sheet: SpreadsheetUploadAnswer;
  mapping: Record<string, number>;
  onChange: (mapping: Record<string, number>) => void;
};

/** Each target field ← a column of the file (domain.md §2.14); required ones starred. */
export function MappingPanel({ sheet, mapping, onChange }: Props) {
  const { t } = useTranslation();
  const kind = sheet.item.kind;
  const required = requiredImportFields[kind] as readonly string[];
  const columns = [
    { value: '', label: t('spreadsheets:notUsed') },
    ...sheet.headers.map((header, i) => ({
      value: String(i),
      label: header || t('spreadsheets:column', { n: i + 1 }),
    })),
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>{t('spreadsheets:mapping')}</Title>
        <Text size="sm" c="dimmed">
          {t('spreadsheets:mappingIntro')}
        </Text>
        {sheet.mapping_source === 'remembered' ? (
          <Alert color="blue" variant="light">
            {t('spreadsheets:remembered')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          {importFields[kind].map((field) => (
            <Select
              key={field}
              label={t(`spreadsheets:fields.${kind}.${field}`)}
              withAsterisk={required.includes(field)}
              data={columns}
              value={mapping[field] === undefined ? '' : String(mapping[field])}
              allowDeselect={false}
              searchable
              onChange={(value) => {
                const next = { ...mapping };
                if (value === null || value === '') delete next[field];
                else next[field] = Number(value);
                onChange(next);
              }}
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
