import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';

type Props = {
  title: string;
  description?: string;
  /** The block's own filters beside the page's range (done, collector). */
  filters?: ReactNode;
  loading?: boolean;
  error?: unknown;
  children?: ReactNode;
  testId: string;
};

/** One report block of the overviews page: a title, its filters, then its tables and charts. */
export function ReportBlock({ title, description, filters, loading, error, children, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>{title}</Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
          {loading ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
        </Group>
        {filters}
        {error ? (
          <Alert color="red" role="alert">
            {t(errorKey(error))}
          </Alert>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
