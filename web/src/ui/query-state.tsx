import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/api-client';

/**
 * What a page shows until its record is there: the call's error in the user's language, or a
 * loader. `if (query.error || !query.data) return <QueryState error={query.error} />;`
 */
export function QueryState({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error) return <Alert color="red">{t(errorKey(error))}</Alert>;
  return (
    <Center h="30vh">
      <Loader />
    </Center>
  );
}
