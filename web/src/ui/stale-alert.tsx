import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A save refused because someone changed the record meanwhile (409 / 140): nothing was
 * overwritten; the user reloads the record and makes the change again.
 */
export function StaleAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert">
      <Group justify="space-between">
        <Text size="sm">{t('errors.140')}</Text>
        <Button size="compact-sm" variant="white" onClick={onReload}>
          {t('common.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
