import { Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from './use-phone';

/** How many filters differ from their empty values. */
export function countActiveFilters<F extends Record<string, unknown>>(filters: F, empty: F): number {
  return Object.keys(empty).filter((key) => filters[key] !== empty[key]).length;
}

type Props = {
  /** The number of filters set, shown on the phone's button. */
  active: number;
  onClear?: () => void;
  children: ReactNode;
};

/**
 * A list's filters (decision 0032): inline on a desk; on a phone a "Filters (n)" button opening a
 * drawer with the same controls, so that the list's first rows show on the first screen.
 */
export function FilterBar({ active, onClear, children }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [opened, { open, close }] = useDisclosure(false);
  if (!phone) return children;
  return (
    <>
      <Group gap="xs">
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
          data-testid="filter-bar-open"
        >
          {t('common.filtersCount', { count: active })}
        </Button>
      </Group>
      <Drawer opened={opened} onClose={close} title={t('common.filters')} position="right" size="100%">
        <Stack>
          {children}
          <Group justify="space-between">
            {onClear ? (
              <Button variant="subtle" disabled={active === 0} onClick={onClear}>
                {t('common.clearFilters')}
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={close}>{t('common.showResults')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
