import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Pages of areas not built yet: their heading and nothing more. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} mb="md">
        {t(titleKey)}
      </Title>
      <Text c="dimmed">{t('common.notBuiltYet')}</Text>
    </>
  );
}
