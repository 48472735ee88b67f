import { Alert, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { documentsEndpoints as d } from '../../lib/routes';
import { DayInput } from '../../ui/day-input';
import { ModalFooter } from '../../ui/modal-footer';
import { warehousesQuery } from './api';
import { documentNames, downloadDocument } from './download';

type Props = { opened: boolean; onClose: () => void };

/** domain.md §1.2, §1.5: the orders of a warehouse from a day (to a day) as one PDF; warehouse and from required. */
export function OrdersPdfModal({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const warehouses = useQuery({ ...warehousesQuery, enabled: opened });
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const close = () => {
    setProblem(null);
    setTried(false);
    onClose();
  };
  const download = useMutation({
    // `from`, as checked by submit: the PDF needs it (domain.md §1.5).
    mutationFn: (from: string) =>
      downloadDocument(
        d.ordersPdf,
        { query: { warehouse: warehouse ?? undefined, from, to: to ?? undefined } },
        documentNames.ordersPdf(from, to),
      ),
    onSuccess: close,
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  const toBeforeFrom = Boolean(from && to && to < from);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    if (!warehouse || !from) return setProblem(t('errors.missingFields'));
    if (toBeforeFrom) return setProblem(t('orders.documents.toBeforeFrom'));
    download.mutate(from);
  };
  const required = t('orders.documents.required');
  return (
    <Modal opened={opened} onClose={close} title={t('orders.documents.ordersPdfTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {problem ? (
            <Alert color="red" role="alert" py="xs">
              {problem}
            </Alert>
          ) : null}
          <Select
            label={t('orders.fields.warehouse')}
            required
            data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={warehouse}
            onChange={setWarehouse}
            error={tried && !warehouse ? required : null}
            comboboxProps={{ withinPortal: true }}
          />
          <Group grow align="flex-start">
            <DayInput
              label={t('orders.documents.from')}
              required
              value={from}
              onChange={setFrom}
              clearable
              error={tried && !from ? required : null}
              popoverProps={{ withinPortal: true }}
            />
            <DayInput
              label={t('orders.documents.to')}
              value={to}
              onChange={setTo}
              clearable
              minDate={from ?? undefined}
              error={toBeforeFrom ? t('orders.documents.toBeforeFrom') : null}
              popoverProps={{ withinPortal: true }}
            />
          </Group>
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
