import { Button, type ButtonProps, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFooter } from './modal-footer';

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
        {/* "Zpět", never "Zrušit": beside "Zrušit objednávku" two buttons would say cancel. */}
        <ModalFooter
          onCancel={close}
          cancelLabel={t('common.back')}
          confirmLabel={confirmLabel}
          color={button.color ?? 'red'}
          onConfirm={() => {
            close();
            onConfirm();
          }}
        />
      </Modal>
    </>
  );
}
