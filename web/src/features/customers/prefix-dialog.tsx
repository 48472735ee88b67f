import type { PhonePrefix } from '@letokruh/contracts/customers';
import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModalFooter } from '../../ui/modal-footer';

type Props = {
  country: string;
  current: string;
  /** The prefix the country suggests; the dialog is open while there is one. */
  suggested: PhonePrefix | null;
  onKeep: () => void;
  onSwitch: (prefix: PhonePrefix) => void;
};

/** domain.md §2.5: Austria, Czechia or Slovakia offers its phone prefix, which the user may keep. */
export function PrefixDialog({ country, current, suggested, onKeep, onSwitch }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={suggested !== null} onClose={onKeep} title={t('customers.prefixTitle')} centered>
      <Text mb="lg">{t('customers.prefixQuestion', { country, prefix: suggested ?? '' })}</Text>
      <ModalFooter
        onCancel={onKeep}
        cancelLabel={t('customers.prefixKeep', { prefix: current })}
        confirmLabel={t('customers.prefixSwitch', { prefix: suggested ?? '' })}
        onConfirm={() => (suggested ? onSwitch(suggested) : onKeep())}
      />
    </Modal>
  );
}
