import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An address that leads nowhere: say so and offer the way back. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} mb="md">
        {t('titles.notFound')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('common.pageMissing')}
      </Text>
      <Anchor component={Link} to="/dashboard">
        {t('common.toDashboard')}
      </Anchor>
    </>
  );
}
