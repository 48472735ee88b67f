import { Badge, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useFormat } from '../../ui/format';
import type { QueuedAction } from './queue/queue-store';
import { refusal } from './queue/refusal';
import type { DeliveryQueue } from './queue/use-delivery-queue';

/** The outbox as the driver sees it: what waits to be sent, and what the server refused. */
export function PendingList({ queue }: { queue: DeliveryQueue }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (queue.actions.length === 0) return null;
  const waiting = queue.actions.some((a) => !a.refused);
  const what = (a: QueuedAction) =>
    a.kind === 'delivered' ? t('driverDay.queue.delivered') : t('driverDay.queue.onTheWay');
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="section"
      aria-label={waiting ? t('driverDay.queue.title') : t('driverDay.queue.titleRefused')}
    >
      <Group justify="space-between">
        <Title order={2} size="h4">
          {waiting ? t('driverDay.queue.title') : t('driverDay.queue.titleRefused')}
        </Title>
        {waiting && (
          <Button variant="light" onClick={queue.retry}>
            {t('driverDay.queue.retry')}
          </Button>
        )}
      </Group>
      <Stack gap={6} mt={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {queue.actions.map((a) => (
          <Group
            component="li"
            key={a.key}
            justify="space-between"
            wrap="nowrap"
            data-testid="pending-action"
          >
            <div>
              <Text size="sm" fw={600}>
                {t('driverDay.queue.order', { order: a.internId })} · {what(a)} · {format.time(a.at)}
              </Text>
              {a.refused ? (
                <Text size="sm" c="red.8">
                  {t('driverDay.queue.refused', { reason: t(errorKey(refusal(a))) })}
                </Text>
              ) : (
                <Badge color="orange" variant="light" size="sm">
                  {t('driverDay.queue.waiting')}
                </Badge>
              )}
            </div>
            {a.refused && (
              <CloseButton
                aria-label={t('driverDay.queue.dismiss')}
                onClick={() => void queue.dismiss(a.key)}
              />
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
