import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<ButtonProps, 'onClick'> & {
  children: ReactNode;
  /** The question the dialog asks, e.g. "Stop using the warehouse Jihlava?". */
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
};

/** A button whose action runs only after the user confirms it in a dialog. */
export function ConfirmButton({ children, question, confirmLabel, onConfirm, ...button }: Props) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...button} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={t('common.confirmTitle')} centered>
        <Text mb="lg">{question}</Text>
        <Group justify="flex-end">
          {/* "Zpět", never "Zrušit": beside "Zrušit objednávku" two buttons would say cancel. */}
          <Button variant="default" onClick={close}>
            {t('common.back')}
          </Button>
          <Button
            color={button.color ?? 'red'}
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
