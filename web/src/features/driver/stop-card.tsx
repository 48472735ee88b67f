import type { DriverStop } from '@letokruh/contracts/driver';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { telHref, useFormat } from '../../ui/format';
import { StopProgress } from './stop-progress';

/** One delivery of the day: who, where, what, how much, and (for the driver) its proof. */
export function StopCard({ stop }: { stop: DriverStop }) {
  const { t } = useTranslation();
  const f = useFormat();
  const who = stop.customer.organization || stop.customer.name;
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  // A done stop is marked by its badge and its proof, not greyed out: faded text failed AA contrast.
  return (
    <Card withBorder padding="sm" radius="md" data-testid="driver-stop">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg">
            {stop.time ?? t('driverDay.anyTime')}
          </Text>
          <Group gap="xs">
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
              {/* Delivered otherwise: the ordered amount beside (domain.md §2.12). */}
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
