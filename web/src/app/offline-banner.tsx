import { Alert, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const onNetworkChange = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Whether the browser has a network (the `online` and `offline` events). Online while React takes
 * over the login page drawn at build time (decision 0095), then the browser's own answer.
 */
const useOnline = (): boolean =>
  useSyncExternalStore(
    onNetworkChange,
    () => navigator.onLine,
    () => true,
  );

/**
 * Said on every page while the phone has no signal (decision 0078): what is recorded waits in the
 * phone, and, for a driver whose day is kept, when that day was last refreshed.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const [time, setTime] = useState<string | null>(null);
  const lang = i18n.language === 'en' ? 'en' : 'cs';
  useEffect(() => {
    if (online) return;
    let alive = true;
    // Loaded only offline: the login page carries neither the IndexedDB code nor the format module
    // (its budget); the time is written by the format module all the same (decision 0088).
    void Promise.all([import('../lib/driver-offline'), import('../ui/format')])
      .then(async ([offline, format]) => {
        const savedAt = (await offline.keptDriverDay())?.savedAt;
        if (alive) setTime(savedAt ? format.formatFor(lang).dayMonthTime(savedAt) : null);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [online, lang]);
  if (online) return null;
  return (
    <Alert color="orange" p="xs" mb="sm" role="status" data-testid="offline-banner">
      <Text size="sm" fw={600}>
        {t('offline.banner')}
      </Text>
      {time && <Text size="sm">{t('offline.lastRefresh', { time })}</Text>}
    </Alert>
  );
}
