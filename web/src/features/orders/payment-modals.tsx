import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { qrImageSize } from '@letokruh/contracts/payments';
import { groupIban } from '@letokruh/contracts/rules/bank-account';
import { type MailLanguage, mailLanguageOf, mailLanguages } from '@letokruh/contracts/rules/mail-language';
import { Alert, Button, Center, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { DetailRow, DetailTable } from '../../ui/detail-row';
import { useFormat } from '../../ui/format';
import { ModalFooter } from '../../ui/modal-footer';
import { qrPaymentQuery, sendEmailQr } from './api';
import { SupplierSelect } from './supplier-select';

/** domain.md §1.9: the QR image is 350 px square. */
const qrSize = qrImageSize;

type Props = { order: Order; opened: boolean; onClose: () => void };

const knownSupplier = (order: Order) =>
  order.default_supplier ? [{ id: order.default_supplier.id, name: order.default_supplier.name }] : [];

/**
 * domain.md §1.2 QR payment: supplier select (the order's by default), the QR image and what a payer
 * types by hand. A CZK order shows the Czech QR Platba, a EUR order the EPC (SEPA) code.
 */
export function QrPaymentModal({ order, opened, onClose }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const [supplier, setSupplier] = useState<number | null>(order.default_supplier?.id ?? null);
  const qr = useQuery({ ...qrPaymentQuery(order.id, supplier), enabled: opened && supplier !== null });
  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.qr.title')} centered size="auto">
      <Stack w={qrSize + 80} maw="100%">
        <SupplierSelect value={supplier} onChange={setSupplier} known={knownSupplier(order)} />
        {supplier === null ? (
          <Alert color="orange" py="xs">
            {t('orders.documents.selectSupplier')}
          </Alert>
        ) : qr.error ? (
          <Alert color="red" role="alert" py="xs">
            {t(errorKey(qr.error))}
          </Alert>
        ) : !qr.data ? (
          <Center h={qrSize}>
            <Loader />
          </Center>
        ) : (
          <>
            <Center>
              <img
                src={qr.data.image}
                width={qrSize}
                height={qrSize}
                style={{ maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
                alt={t('orders.qr.imageAlt', { number: order.intern_id })}
              />
            </Center>
            <Text size="sm" c="dimmed" ta="center">
              {t(qr.data.format === 'epc' ? 'orders.qr.formatEpc' : 'orders.qr.formatSpayd')}
            </Text>
            <DetailTable layout="auto" verticalSpacing={2}>
              <DetailRow label={t('orders.qr.amount')} fw={700}>
                {format.money(qr.data.amount, qr.data.currency)}
              </DetailRow>
              {qr.data.currency === 'CZK' ? (
                <DetailRow label={t('orders.qr.variableSymbol')} ff="monospace">
                  {qr.data.variable_symbol}
                </DetailRow>
              ) : null}
              {/* One line, also on a phone: 29 characters of monospace in xs fit 390 px. */}
              <DetailRow
                label={t('orders.qr.iban')}
                ff="monospace"
                fz={{ base: 'xs', xs: 'sm' }}
                style={{ whiteSpace: 'nowrap' }}
              >
                {groupIban(qr.data.iban)}
              </DetailRow>
              {qr.data.bic ? (
                <DetailRow label={t('orders.qr.bic')} ff="monospace">
                  {qr.data.bic}
                </DetailRow>
              ) : null}
              <DetailRow label={t('orders.qr.message')}>{qr.data.message}</DetailRow>
            </DetailTable>
            {qr.data.for_balance ? (
              <Alert color="orange" py="xs">
                {t('orders.qr.forBalance')}
              </Alert>
            ) : null}
            {qr.data.rounded ? (
              <Alert color="yellow" py="xs">
                {t('orders.qr.rounded', {
                  amount: format.money(qr.data.amount, qr.data.currency),
                  original: format.money(qr.data.original_amount, qr.data.currency),
                })}
              </Alert>
            ) : null}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * domain.md §1.2, §1.5, §1.8 e-mail QR: supplier select, the e-mail's language (decision 0036:
 * suggested by the customer's country) and a confirmation; needs the customer's e-mail.
 */
export function EmailQrModal({ order, opened, onClose }: Props) {
  const { t } = useTranslation();
  const [supplier, setSupplier] = useState<number | null>(order.default_supplier?.id ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const email = order.customer?.email ?? '';
  const country = order.customer?.address.country.trim() ?? '';
  // Decision 0036: the customer's country suggests the language; the user may pick another.
  const suggested = mailLanguageOf(country);
  const [language, setLanguage] = useState<MailLanguage>(suggested);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const noEmail = () => {
    notifications.show({ color: 'orange', message: t('orders.qr.emailNotFound') });
    close();
  };
  const send = useMutation({
    mutationFn: (supplierId: number) => sendEmailQr(order.id, { supplier_id: supplierId, language }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('orders.qr.emailSent') });
      close();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errorCode === ErrorCode.customerEmailNotFound) return noEmail();
      setProblem(t(errorKey(error)));
    },
  });
  const confirm = () => {
    setProblem(null);
    if (supplier === null) return setProblem(t('orders.documents.selectSupplier'));
    if (!email) return noEmail();
    send.mutate(supplier);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('orders.qr.emailTitle')} centered>
      <Stack>
        {problem ? (
          <Alert color="red" role="alert" py="xs">
            {problem}
          </Alert>
        ) : null}
        <SupplierSelect value={supplier} onChange={setSupplier} known={knownSupplier(order)} />
        <Select
          label={t('orders.qr.language')}
          description={
            country
              ? t('orders.qr.languageFromCountry', {
                  country,
                  language: t(`orders.qr.languageNames.${suggested}`),
                })
              : null
          }
          required
          allowDeselect={false}
          data={mailLanguages.map((l) => ({ value: l, label: t(`orders.qr.languages.${l}`) }))}
          value={language}
          onChange={(v) => v && setLanguage(v as MailLanguage)}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm">
          {email
            ? t('orders.qr.emailQuestion', { email, number: order.intern_id })
            : t('orders.qr.emailMissingHint')}
        </Text>
        <ModalFooter
          onCancel={close}
          confirmLabel={t('orders.qr.send')}
          onConfirm={confirm}
          pending={send.isPending}
        />
      </Stack>
    </Modal>
  );
}
