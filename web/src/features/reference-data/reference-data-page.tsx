import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/session';
import { AdtypesSection } from './adtypes-section';
import { phonePrefixesQuery } from './api';
import { SuppliersSection } from './suppliers-section';

/** The phone prefixes of domain.md §1.9, a fixed list shown for reference. */
function PhonePrefixesSection() {
  const { t } = useTranslation();
  const prefixes = useQuery(phonePrefixesQuery);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('referenceData.phonePrefixes')}</Title>
          <Badge variant="light" color="gray" tt="none">
            {t('referenceData.fixed')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('referenceData.phonePrefixesHint')}
        </Text>
        <Table verticalSpacing={4}>
          <Table.Tbody>
            {(prefixes.data ?? []).map((p) => (
              <Table.Tr key={p.code}>
                <Table.Td ff="monospace" w={80}>
                  {p.code}
                </Table.Td>
                <Table.Td>{p.country}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/** /reference-data (decision 0012): the owner keeps suppliers and ad types; phone prefixes are fixed. */
export function ReferenceDataPage() {
  const { t } = useTranslation();
  const { user, canCall } = useAccess();
  if (!user) return null;
  if (!canCall('POST /supplier/add')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <Stack maw={1100}>
      <Title order={2}>{t('referenceData.heading')}</Title>
      <Text c="dimmed">{t('referenceData.intro')}</Text>
      <SuppliersSection />
      <SimpleGrid cols={{ base: 1, md: 2 }} style={{ alignItems: 'start' }}>
        <AdtypesSection />
        <PhonePrefixesSection />
      </SimpleGrid>
    </Stack>
  );
}
