import type { DriverStop } from '@letokruh/contracts/driver';
import { Alert, Badge, Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { driverEndpoints as e } from '../../lib/routes';
import { useFormat } from '../../ui/format';
import { newActionKey } from './action-key';
import { driverKey } from './api';
// Not lazy: a driver opening the dialog without a signal must not wait for a chunk.
import { DeliveryDialog } from './delivery-dialog';
import { currentPosition } from './geolocation';
import { DoorQr } from './payment-at-door';
import { useQueue } from './queue/use-delivery-queue';
import { thumbSized } from './thumb';

/**
 * Where a stop is: on the way (since when), delivered (when, to whom, partly), or waiting in the
 * phone's outbox; and for the driver themself the two buttons (decision 0067).
 */
export function StopProgress({ stop }: { stop: DriverStop }) {
  const { t } = useTranslation();
  const f = useFormat();
  const queue = useQueue();
  const [open, setOpen] = useState<string | null>(null);
  // While the position is being asked for (3 s at most): one press, one action.
  const [leaving, setLeaving] = useState(false);
  const queued = (queue?.actions ?? []).filter((a) => a.orderId === stop.id && !a.refused);
  const queuedDelivery = queued.find((a) => a.kind === 'delivered');
  const queuedWay = queued.find((a) => a.kind === 'on_the_way');
  const time = (iso: string) => f.time(iso);
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';

  if (stop.delivered) {
    const d = stop.delivered;
    return (
      <Alert color={d.voided_at ? 'gray' : 'green'} p="xs" data-testid="stop-delivered">
        <Text size="sm" fw={600}>
          {t('driverDay.delivered.summary', { time: time(d.at), receiver: d.receiver_name })}
          {d.partial && ` · ${t('driverDay.delivered.partial')}`}
        </Text>
        <Text size="sm" data-testid="delivered-due">
          {t('driverDay.money.due', { amount: f.money(d.money.amount_due, currency) })}
          {d.money.amount_due !== d.money.ordered_amount_due &&
            ` · ${t('driverDay.money.orderedFor', { amount: f.money(d.money.ordered_amount_due, currency) })}`}
        </Text>
        {/* domain.md §2.11 Undoing a delivery: the record stays; the office takes it from here. */}
        {d.voided_at && <Text size="sm">{t('driverDay.delivered.voided', { time: time(d.voided_at) })}</Text>}
        {d.cash_received !== null && (
          <Text size="sm">
            {t('driverDay.delivered.cash')}: {f.money(d.cash_received, currency)}
          </Text>
        )}
        {d.money.balance > 0 && <BalanceToPay stop={stop} balance={d.money.balance} />}
      </Alert>
    );
  }
  if (queuedDelivery) {
    return (
      <Alert color="orange" p="xs" data-testid="stop-waiting">
        <Text size="sm" fw={600}>
          {t('driverDay.delivered.summary', {
            time: time(queuedDelivery.at),
            receiver: queuedDelivery.kind === 'delivered' ? queuedDelivery.record.receiver_name : '',
          })}{' '}
          · {t('driverDay.queue.waiting')}
        </Text>
      </Alert>
    );
  }
  const wayAt = stop.on_the_way_at ?? queuedWay?.at ?? null;
  const onTheWay = async () => {
    if (!queue) return;
    // The key and the time are the press's; the position may take a moment, or never come.
    const key = newActionKey();
    const at = new Date().toISOString();
    setLeaving(true);
    try {
      const position = await currentPosition(3_000);
      await queue.add({
        kind: 'on_the_way',
        key,
        at,
        orderId: stop.id,
        internId: stop.intern_id,
        body: { key, at, position },
      });
    } catch {
      notifications.show({ color: 'red', message: t('driverDay.queue.notStored') });
    } finally {
      setLeaving(false);
    }
  };
  return (
    <>
      {wayAt && (
        <Group gap="xs">
          <Badge color="blue" variant="light">
            {t('driverDay.onTheWay.since', { time: time(wayAt) })}
          </Badge>
          {!stop.on_the_way_at && (
            <Text size="xs" c="orange.9">
              {t('driverDay.queue.waiting')}
            </Text>
          )}
        </Group>
      )}
      {queue && !stop.done && (
        <Group gap="xs" grow>
          {!wayAt && (
            <Button variant="default" loading={leaving} onClick={() => void onTheWay()}>
              {t('driverDay.onTheWay.button')}
            </Button>
          )}
          <Button color="green" onClick={() => setOpen(newActionKey())}>
            {t('driverDay.delivered.button')}
          </Button>
        </Group>
      )}
      {queue && open && (
        <DeliveryDialog stop={stop} actionKey={open} onClose={() => setOpen(null)} onQueue={queue.add} />
      )}
    </>
  );
}

/**
 * A cash order whose cash fell short (domain.md §2.13): the balance stays owed, shown on the stop,
 * and the customer can pay it by QR for the balance alone (the server's QR of a delivered cash
 * order asks for its balance).
 */
function BalanceToPay({ stop, balance }: { stop: DriverStop; balance: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  const qr = useQuery({
    queryKey: [...driverKey, 'qr', stop.id, 'balance'],
    queryFn: ({ signal }) => call(e.qrPayment, { params: { id: stop.id }, signal }),
    enabled: open,
    retry: false,
  });
  return (
    <>
      <Text size="sm" fw={700} c="orange.9" data-testid="stop-balance">
        {t('driverDay.money.balance', { amount: f.money(balance, currency) })}
      </Text>
      <Button mt={4} variant="white" color="orange" onClick={() => setOpen(true)}>
        {t('driverDay.money.balanceQr')}
      </Button>
      {/* Drawn only while open: a closed dialog mounts a portal in each stop's commit (decision 0104). */}
      {open && (
        <Modal
          className={thumbSized}
          opened
          onClose={() => setOpen(false)}
          title={t('driverDay.money.balanceQr')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <Text fz={28} fw={700}>
            {f.money(qr.data?.amount ?? balance, currency)}
          </Text>
          {qr.data ? (
            <DoorQr image={qr.data.image} number={stop.intern_id} />
          ) : (
            <Text size="sm" c="dimmed">
              {qr.error ? t('driverDay.money.qrUnavailable') : t('common.loading')}
            </Text>
          )}
          <Text fz={20} fw={600}>
            {t('driverDay.deliver.variableSymbol')}: {stop.intern_id}
          </Text>
        </Modal>
      )}
    </>
  );
}
