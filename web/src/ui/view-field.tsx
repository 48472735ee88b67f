import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { label: string } & (
  | { value: string | number | null; children?: undefined }
  | { value?: undefined; children: ReactNode }
);

/**
 * A label over its value in a read-only view (the profile, a user one may not edit); an empty
 * value reads as the dash (domain.md §2.2). Children stand in for a value that is more than text.
 */
export function ViewField({ label, value, children }: Props) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children ?? <Text>{value === null || value === '' ? t('common.noValue') : value}</Text>}
    </div>
  );
}
