import { type DeliveryNoteLanguage, deliveryNoteLanguages } from '@letokruh/contracts/documents';
import { Alert, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { documentsEndpoints as d } from '../../lib/routes';
import { ModalFooter } from '../../ui/modal-footer';
import { documentNames, downloadDocument } from './download';
import { type SupplierOption, SupplierSelect } from './supplier-select';

/** The language of a delivery note: cs (Czech) or de (German), domain.md §1.2, §1.9. */
export function LanguageSelect({
  value,
  onChange,
}: {
  value: DeliveryNoteLanguage;
  onChange: (language: DeliveryNoteLanguage) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('orders.documents.language')}
      required
      allowDeselect={false}
      data={deliveryNoteLanguages.map((l) => ({ value: l, label: t(`orders.documents.languages.${l}`) }))}
      value={value}
      onChange={(v) => v && onChange(v as DeliveryNoteLanguage)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The selection is kept across pages and filters until its notes are downloaded. */
  onDownloaded: () => void;
  orderIds: number[];
};

/** domain.md §1.2, §1.5: one PDF of the selected orders' delivery notes; at least one order selected. */
export function DeliveryNotesModal({ opened, onClose, onDownloaded, orderIds }: Props) {
  const { t } = useTranslation();
  const [supplier, setSupplier] = useState<number | null>(null);
  const [language, setLanguage] = useState<DeliveryNoteLanguage>('cs');
  const [problem, setProblem] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: () =>
      downloadDocument(
        d.multipleDeliveryNotes,
        { query: { orders: orderIds, language, supplier: supplier ?? undefined } },
        documentNames.deliveryNotes(language),
      ),
    onSuccess: () => {
      onDownloaded();
      close();
    },
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  const close = () => {
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (orderIds.length === 0) return setProblem(t('orders.documents.noneSelected'));
    if (supplier === null) return setProblem(t('orders.documents.selectSupplier'));
    download.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('orders.documents.deliveryNotesTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('orders.documents.selectedCount', { count: orderIds.length })}</Text>
          {problem ? (
            <Alert color="red" role="alert" py="xs">
              {problem}
            </Alert>
          ) : null}
          <SupplierSelect value={supplier} onChange={setSupplier} />
          <LanguageSelect value={language} onChange={setLanguage} />
          <ModalFooter
            onCancel={close}
            confirmLabel={t('orders.documents.download')}
            pending={download.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

type OneProps = {
  opened: boolean;
  onClose: () => void;
  order: { id: number; intern_id: number; default_supplier: SupplierOption | null };
};

/** domain.md §1.2 detail: the order's delivery note, for a supplier (the order's by default) and a language. */
export function DeliveryNoteModal({ opened, onClose, order }: OneProps) {
  const { t } = useTranslation();
  const [supplier, setSupplier] = useState<number | null>(order.default_supplier?.id ?? null);
  const [language, setLanguage] = useState<DeliveryNoteLanguage>('cs');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const download = useMutation({
    mutationFn: () =>
      downloadDocument(
        d.deliveryNote,
        { params: { id: order.id }, query: { supplier: supplier ?? undefined, language } },
        documentNames.deliveryNote(order.intern_id),
      ),
    onSuccess: () => close(),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (supplier === null) return setProblem(t('orders.documents.selectSupplier'));
    download.mutate();
  };
  const known = order.default_supplier
    ? [{ id: order.default_supplier.id, name: order.default_supplier.name }]
    : [];
  return (
    <Modal opened={opened} onClose={close} title={t('orders.documents.deliveryNoteTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {problem ? (
            <Alert color="red" role="alert" py="xs">
              {problem}
            </Alert>
          ) : null}
          <SupplierSelect value={supplier} onChange={setSupplier} known={known} />
          <LanguageSelect value={language} onChange={setLanguage} />
          <ModalFooter
            onCancel={close}
            confirmLabel={t('orders.documents.download')}
            pending={download.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
