import type { DeliveryProof } from '@letokruh/contracts/delivery';
import type { Order } from '@letokruh/contracts/orders';
import { mayReadProof } from '@letokruh/contracts/rules/proof-access';
import { Alert, Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiBase, pathOf } from '../../lib/api-client';
import { driverEndpoints } from '../../lib/routes';
import { accessHolder, useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { deliveryProofQuery } from './api';

const fileUrl = (orderId: number, fileId: number) =>
  apiBase + pathOf(driverEndpoints.proofFile.path, { id: orderId, fileId });

/**
 * domain.md §2.11: what the driver recorded at the door, on the order's page. A dispute is answered
 * from here: who received the goods, when and where, the signature and photos, what differed from
 * the order and why, and the cash the driver took (and whether it was handed in).
 */
export function DeliveryProofPanel({ order }: { order: Order }) {
  const access = useAccess();
  const holder = accessHolder(access.user);
  // domain.md §2.11: another driver's proof is not asked for (the server answers it 404).
  const readable =
    !!access.user && mayReadProof({ userId: access.user.id, functions: holder.functions }, order.driver?.id);
  const query = useQuery({ ...deliveryProofQuery(order.id), enabled: readable });
  if (!query.data) return null;
  return <Proof order={order} proof={query.data} />;
}

function Proof({ order, proof }: { order: Order; proof: DeliveryProof }) {
  const { t } = useTranslation();
  const f = useFormat();
  const driver = proof.driver ? `${proof.driver.first_name} ${proof.driver.last_name}`.trim() : '—';
  const changed = proof.lines.filter((l) => l.delivered_amount !== l.ordered_amount);
  const { voided } = proof;
  const title = voided
    ? t('orders.proof.voided')
    : proof.delivered_at
      ? t('orders.proof.delivered')
      : t('orders.proof.onTheWay');
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="delivery-proof-title"
      bg={voided ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} id="delivery-proof-title">
            {title}
          </Title>
          {changed.length > 0 && (
            <Badge color="orange" tt="none">
              {t('orders.proof.partial')}
            </Badge>
          )}
        </Group>
        {voided && (
          // domain.md §2.11 Undoing a delivery: kept for the record, no longer the order's proof.
          <Alert color="gray" p="xs">
            <Text size="sm">
              {t(
                voided.reason === 'cancelled' ? 'orders.proof.voidedCancelled' : 'orders.proof.voidedUndone',
                {
                  at: f.dateShort(voided.at),
                  name: voided.by ? `${voided.by.first_name} ${voided.by.last_name}`.trim() : '—',
                },
              )}
            </Text>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Fact label={t('orders.proof.driver')} value={driver} />
          {proof.on_the_way_at && (
            <Fact label={t('orders.proof.setOff')} value={f.dateShort(proof.on_the_way_at)} />
          )}
          {proof.delivered_at && (
            <>
              <Fact label={t('orders.proof.receiver')} value={proof.receiver_name} />
              <Fact label={t('orders.proof.at')} value={f.dateShort(proof.delivered_at)} />
              <Fact label={t('orders.proof.recorded')} value={f.dateShort(proof.received_at)} />
            </>
          )}
          {proof.position && (
            <Fact
              label={t('orders.proof.place')}
              value={
                <Anchor
                  href={`https://mapy.cz/zakladni?q=${proof.position.lat},${proof.position.lon}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {`${proof.position.lat.toFixed(5)}, ${proof.position.lon.toFixed(5)}`}
                  {proof.position.accuracy !== null ? ` (± ${Math.round(proof.position.accuracy)} m)` : ''}
                </Anchor>
              }
            />
          )}
          {proof.money && (
            // domain.md §2.13: what the delivered goods cost, the ordered total beside.
            <Fact
              label={t('orders.proof.due')}
              value={`${f.money(proof.money.amount_due, proof.currency === 'EUR' ? 'EUR' : 'CZK')}${
                proof.money.amount_due !== proof.money.ordered_amount_due
                  ? ` (${t('orders.proof.orderedFor', {
                      amount: f.money(
                        proof.money.ordered_amount_due,
                        proof.currency === 'EUR' ? 'EUR' : 'CZK',
                      ),
                    })})`
                  : ''
              }`}
            />
          )}
          {proof.money && proof.money.balance > 0 && (
            <Fact
              label={t('orders.proof.balance')}
              value={
                <Text span fw={700} c="orange.9" data-testid="order-balance">
                  {f.money(proof.money.balance, proof.currency === 'EUR' ? 'EUR' : 'CZK')}
                </Text>
              }
            />
          )}
          {proof.cash_received !== null && (
            <Fact
              label={t('orders.proof.cash')}
              value={`${f.money(proof.cash_received, proof.currency === 'EUR' ? 'EUR' : 'CZK')}${
                voided
                  ? ''
                  : ` · ${
                      proof.cash_handed_in_at
                        ? t('orders.proof.handedIn', { at: f.dateShort(proof.cash_handed_in_at) })
                        : t('orders.proof.withDriver')
                    }`
              }`}
            />
          )}
        </SimpleGrid>
        {proof.note && <Text size="sm">{`${t('orders.proof.note')}: ${proof.note}`}</Text>}
        {changed.length > 0 && (
          // A list, not a table: on a phone every line reads whole, its reason included.
          <Stack gap={4} component="ul" m={0} pl="md" aria-label={t('orders.proof.partial')}>
            {changed.map((l) => (
              <Text component="li" size="sm" key={l.id}>
                <b>{l.name}</b>
                {`: ${t('orders.proof.ordered')} ${f.number(l.ordered_amount)} ${l.measurement_unit}, ${t('orders.proof.deliveredAmount')} ${f.number(l.delivered_amount)} ${l.measurement_unit}; ${t('orders.proof.reason')}: ${l.reason}`}
              </Text>
            ))}
          </Stack>
        )}
        {(proof.signature || proof.photos.length > 0) && (
          <Group align="flex-start" gap="md">
            {proof.signature && (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('orders.proof.signature')}
                </Text>
                <Image
                  src={fileUrl(order.id, proof.signature.id)}
                  alt={t('orders.proof.signatureOf', { name: proof.receiver_name })}
                  w={220}
                  h={90}
                  fit="contain"
                  bg="white"
                  style={{ border: '1px solid var(--mantine-color-gray-4)' }}
                />
              </Stack>
            )}
            {proof.photos.map((photo, i) => (
              <Stack gap={4} key={photo.id}>
                <Text size="xs" c="dimmed">
                  {t('orders.proof.photo', { n: i + 1 })}
                </Text>
                <Anchor href={fileUrl(order.id, photo.id)} target="_blank" rel="noreferrer">
                  <Image
                    src={fileUrl(order.id, photo.id)}
                    alt={t('orders.proof.photo', { n: i + 1 })}
                    w={120}
                    h={90}
                    fit="cover"
                    radius="sm"
                  />
                </Anchor>
              </Stack>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">{`${label}: `}</Text>
      <Text span fw={600} size="sm">
        {value}
      </Text>
    </Text>
  );
}
