import type { DriverStop } from '@letokruh/contracts/driver';
import { Anchor, Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { telHref, useFormat } from '../../ui/format';
import { StopProgress } from './stop-progress';

/**
 * A delivered stop folded to one line (domain.md §2.11): the time, who, when delivered and any
 * balance left to pay; pressed, it opens to the whole card.
 */
export function FoldedStop({ stop }: { stop: DriverStop }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  if (open) return <StopCard stop={stop} onFold={() => setOpen(false)} />;
  const balance = stop.delivered?.money.balance ?? 0;
  return (
    <UnstyledButton
      onClick={() => setOpen(true)}
      data-testid="driver-stop-folded"
      data-order={stop.intern_id}
      aria-expanded={false}
      px="sm"
      py={10}
      mih={44}
      style={{ border: '1px solid var(--mantine-color-green-3)', borderRadius: 'var(--mantine-radius-md)' }}
      bg="green.0"
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" truncate>
          <b>{stop.time ?? t('driverDay.anyTime')}</b> · {stop.customer.organization || stop.customer.name} ·{' '}
          {t('driverDay.folded.delivered', { time: f.time(stop.delivered!.at) })}
        </Text>
        {balance > 0 && (
          <Text size="sm" fw={700} c="orange.9" style={{ whiteSpace: 'nowrap' }}>
            {t('driverDay.folded.balance', { amount: f.money(balance, currency) })}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

/**
 * One delivery of the day: who, where, what, how much, and (for the driver) its proof. The next
 * open stop is marked as such.
 */
export function StopCard({
  stop,
  next = false,
  onFold,
}: {
  stop: DriverStop;
  next?: boolean;
  onFold?(): void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const who = stop.customer.organization || stop.customer.name;
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  // A done stop is marked by its badge and its proof, not greyed out: faded text failed AA contrast.
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="driver-stop"
      data-next={next || undefined}
      style={next ? { borderColor: 'var(--mantine-color-wood-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        {next && (
          <Badge color="wood" size="lg" variant="filled" data-testid="next-stop">
            {t('driverDay.next')}
          </Badge>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg">
            {stop.time ?? t('driverDay.anyTime')}
          </Text>
          <Group gap="xs">
            {onFold && (
              <Button variant="subtle" onClick={onFold}>
                {t('driverDay.folded.fold')}
              </Button>
            )}
            {stop.done && <Badge color="green">{t('driverDay.done')}</Badge>}
            <Text size="sm" c="dimmed">
              {stop.intern_id}
            </Text>
          </Group>
        </Group>
        <Text fw={600}>{who}</Text>
        {stop.customer.organization && stop.customer.name && <Text size="sm">{stop.customer.name}</Text>}
        {stop.customer.phone && <Text size="sm">{f.phone(stop.customer.phone)}</Text>}
        {/* The address line as the customer's record writes it (street, zip and town). */}
        <Text size="sm">{stop.address.full_address}</Text>
        <Group gap="xs" grow>
          {stop.address.navigation_link && (
            <Button
              component="a"
              href={stop.address.navigation_link}
              target="_blank"
              rel="noreferrer"
              variant="light"
            >
              {t('driverDay.navigate')}
            </Button>
          )}
          {stop.customer.phone && (
            <Button component="a" href={telHref(stop.customer.phone)} variant="light">
              {t('driverDay.call')}
            </Button>
          )}
        </Group>
        <Stack gap={2} component="ul" m={0} pl="md">
          {stop.items.map((item) => (
            <Text component="li" size="sm" key={item.id}>
              {item.name}: {f.number(item.amount)} {item.measurement_unit}
              {/* Delivered otherwise: the ordered amount beside (domain.md §2.13). */}
              {item.ordered_amount !== item.amount &&
                ` (${t('driverDay.deliver.ordered')} ${f.number(item.ordered_amount)} ${item.measurement_unit})`}
            </Text>
          ))}
        </Stack>
        {/* Once delivered, the proof below says what was received instead of what to collect. */}
        {stop.delivered ? null : stop.payment_type === 'cash' ? (
          <Text>
            {t('driverDay.collectCash')}: <b>{f.money(stop.amount_to_pay, currency)}</b>
            {stop.cash_rounding !== 0 && (
              <Text span size="xs" c="dimmed">
                {' '}
                ({t('driverDay.rounding')} {f.money(stop.cash_rounding, currency)})
              </Text>
            )}
          </Text>
        ) : (
          <Text>
            {t('driverDay.transfer')}: <b>{f.money(stop.amount_to_pay, currency)}</b>
          </Text>
        )}
        {stop.note && (
          <Text size="sm" fs="italic">
            {stop.note}
          </Text>
        )}
        {stop.warehouse && (
          <Anchor size="xs" c="dimmed" underline="never" component="span">
            {stop.warehouse.name}
          </Anchor>
        )}
        <StopProgress stop={stop} />
      </Stack>
    </Card>
  );
}
