import type { DriverStop } from '@letokruh/contracts/driver';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { newActionKey, pragueTime } from './action-key';
// Not lazy: a driver opening the dialog without a signal must not wait for a chunk.
import { DeliveryDialog } from './delivery-dialog';
import { currentPosition } from './geolocation';
import { useQueue } from './queue/use-delivery-queue';

/**
 * Where a stop is: on the way (since when), delivered (when, to whom, partly), or waiting in the
 * phone's outbox; and for the driver themself the two buttons (decision 0067).
 */
export function StopProgress({ stop }: { stop: DriverStop }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const queue = useQueue();
  const [open, setOpen] = useState<string | null>(null);
  // While the position is being asked for (3 s at most): one press, one action.
  const [leaving, setLeaving] = useState(false);
  const queued = (queue?.actions ?? []).filter((a) => a.orderId === stop.id && !a.refused);
  const queuedDelivery = queued.find((a) => a.kind === 'delivered');
  const queuedWay = queued.find((a) => a.kind === 'on_the_way');
  const time = (iso: string) => pragueTime(iso, i18n.language);
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';

  if (stop.delivered) {
    const d = stop.delivered;
    return (
      <Alert color={d.voided_at ? 'gray' : 'green'} p="xs" data-testid="stop-delivered">
        <Text size="sm" fw={600}>
          {t('driverDay.delivered.summary', { time: time(d.at), receiver: d.receiver_name })}
          {d.partial && ` · ${t('driverDay.delivered.partial')}`}
        </Text>
        {/* domain.md §2.11 Undoing a delivery: the record stays; the office takes it from here. */}
        {d.voided_at && <Text size="sm">{t('driverDay.delivered.voided', { time: time(d.voided_at) })}</Text>}
        {d.cash_received !== null && (
          <Text size="sm">
            {t('driverDay.delivered.cash')}: {f.money(d.cash_received, currency)}
          </Text>
        )}
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
