import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoneFilter } from './api';

/** domain.md's `done` parameter: all orders, done ones only, or those not done yet. */
export function DoneSelect({ value, onChange }: { value: DoneFilter; onChange: (v: DoneFilter) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} component="span" id={labelId}>
        {t('overviews.done.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(v) => onChange(v as DoneFilter)}
        data={[
          { value: 'all', label: t('overviews.done.all') },
          { value: 'true', label: t('overviews.done.true') },
          { value: 'false', label: t('overviews.done.false') },
        ]}
      />
    </Stack>
  );
}
