import { Alert, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../ui/format';

/** Whether the browser has a network (the `online` and `offline` events). */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * Said on every page while the phone has no signal (decision 0078): what is recorded waits in the
 * phone, and, for a driver whose day is kept, when that day was last refreshed.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const format = useFormat();
  const online = useOnline();
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    if (online) return;
    let alive = true;
    // Loaded only offline: the login page carries no IndexedDB code (its budget).
    void import('../lib/driver-offline')
      .then((m) => m.keptDriverDay())
      .then((kept) => alive && setSavedAt(kept?.savedAt ?? null))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [online]);
  if (online) return null;
  const time = savedAt && format.dayMonthTime(savedAt);
  return (
    <Alert color="orange" p="xs" mb="sm" role="status" data-testid="offline-banner">
      <Text size="sm" fw={600}>
        {t('offline.banner')}
      </Text>
      {time && <Text size="sm">{t('offline.lastRefresh', { time })}</Text>}
    </Alert>
  );
}
