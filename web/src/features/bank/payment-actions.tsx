import type { BankPayment } from '@letokruh/contracts/bank';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { ConfirmButton } from '../../ui/confirm-button';
import { ModalFooter } from '../../ui/modal-footer';
import { assignPayment, bankKey, confirmPayment, ignorePayment, undoPayment } from './api';

const waiting = new Set(['to_check', 'suggested', 'paid_twice', 'unmatched']);

/** What the office may do with one payment (domain.md §2.12); phone targets stay 44 px high. */
export function PaymentActions({ payment, phone }: { payment: BankPayment; phone: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'assign' | 'ignore' | null>(null);
  const [text, setText] = useState('');
  const size = phone ? 'md' : 'compact-sm';
  const mutation = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      setDialog(null);
      setText('');
      void queryClient.invalidateQueries({ queryKey: bankKey });
    },
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  const open = (which: 'assign' | 'ignore') => {
    setText(which === 'assign' && payment.orders.length === 1 ? String(payment.orders[0]!.intern_id) : '');
    setDialog(which);
  };
  const incoming = !payment.amount.startsWith('-');

  return (
    <>
      <Group gap="xs" wrap={phone ? 'wrap' : 'nowrap'}>
        {payment.state === 'suggested' ? (
          <Button
            size={size}
            mih={phone ? 44 : undefined}
            onClick={() => mutation.mutate(() => confirmPayment(payment.id))}
          >
            {t('bank.confirm')}
          </Button>
        ) : null}
        {waiting.has(payment.state) && incoming ? (
          <Button size={size} mih={phone ? 44 : undefined} variant="default" onClick={() => open('assign')}>
            {t('bank.assign')}
          </Button>
        ) : null}
        {waiting.has(payment.state) ? (
          <Button
            size={size}
            mih={phone ? 44 : undefined}
            variant="subtle"
            color="gray"
            onClick={() => open('ignore')}
          >
            {t('bank.ignore')}
          </Button>
        ) : null}
        {payment.state === 'paid' || payment.state === 'ignored' ? (
          <ConfirmButton
            size={size}
            mih={phone ? 44 : undefined}
            variant="default"
            question={t('bank.undoQuestion')}
            confirmLabel={t('bank.undo')}
            onConfirm={() => mutation.mutate(() => undoPayment(payment.id))}
          >
            {t('bank.undo')}
          </ConfirmButton>
        ) : null}
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'assign' ? t('bank.assignTitle') : t('bank.ignoreTitle')}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const value = text.trim();
            if (!value) return;
            mutation.mutate(() =>
              dialog === 'assign' ? assignPayment(payment.id, value) : ignorePayment(payment.id, value),
            );
          }}
        >
          <Stack>
            <TextInput
              data-autofocus
              label={dialog === 'assign' ? t('bank.orderNumber') : t('bank.reason')}
              inputMode={dialog === 'assign' ? 'numeric' : 'text'}
              value={text}
              maxLength={dialog === 'assign' ? 12 : 500}
              onChange={(e) =>
                setText(
                  dialog === 'assign' ? e.currentTarget.value.replace(/\D/g, '') : e.currentTarget.value,
                )
              }
              required
            />
            <ModalFooter
              onCancel={() => setDialog(null)}
              cancelLabel={t('bank.cancel')}
              confirmLabel={t('bank.save')}
              pending={mutation.isPending}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
