import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame's phone menu (domain.md §2.2), drawn around what the frame puts in it. */
export function PhoneMenu({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('app.name')} hiddenFrom="lg" size="xs">
      <Stack>{children}</Stack>
    </Drawer>
  );
}
