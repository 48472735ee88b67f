import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  onCancel: () => void;
  /** `common.cancel` unless given. */
  cancelLabel?: ReactNode;
  confirmLabel: ReactNode;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  pending?: boolean;
  /** The action's colour: red for what cannot be taken back, orange for "anyway". */
  color?: MantineColor;
  gap?: MantineSpacing;
};

/** The buttons at the bottom of a dialog: cancel on the left, the action on the right. */
export function ModalFooter({ onCancel, cancelLabel, confirmLabel, onConfirm, pending, color, gap }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} color={color} loading={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
