import type { DriverStop } from '@letokruh/contracts/driver';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/session';
import { telHref, useFormat } from '../../ui/format';
import { QueryState } from '../../ui/query-state';
import { driverDayQuery, officeDriversQuery } from './api';

/**
 * "Můj den" (issue 17 §1): a driver's deliveries of today and tomorrow on a phone, in the order
 * they are driven: who, where (navigation and a call one tap away), what, and how much to collect.
 * The office (owner, dispatcher) picks a driver and sees what that driver sees.
 */
export function DriverDayPage() {
  const { t } = useTranslation();
  const office = useAccess().hasFunction('owner', 'dispatcher');
  const [driver, setDriver] = useState<number | undefined>(undefined);
  const drivers = useQuery({ ...officeDriversQuery, enabled: office });
  const day = useQuery(driverDayQuery(driver === undefined ? {} : { driver }));
  return (
    <Stack gap="md" maw={640} mx="auto">
      <Title order={1}>{t('driverDay.title')}</Title>
      {office && (
        <Select
          label={t('driverDay.driver')}
          placeholder={t('driverDay.mine')}
          data={(drivers.data ?? []).map((d) => ({
            value: String(d.id),
            label: `${d.first_name} ${d.last_name}`.trim(),
          }))}
          value={driver === undefined ? null : String(driver)}
          onChange={(v) => setDriver(v ? Number(v) : undefined)}
          clearable
          searchable
        />
      )}
      {day.error || !day.data ? (
        <QueryState error={day.error} />
      ) : (
        day.data.days.map((d) => <DaySection key={d.date} date={d.date} stops={d.stops} />)
      )}
    </Stack>
  );
}

/** "pátek 27. 11." / "Friday 27/11": a calendar day, no clock (the day is Prague's already). */
function dayHeading(date: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'cs-CZ', {
    weekday: 'long',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function DaySection({ date, stops }: { date: string; stops: DriverStop[] }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const today = pragueDay();
  const name =
    date === today ? t('driverDay.today') : date === addDays(today, 1) ? t('driverDay.tomorrow') : '';
  const heading = [name, dayHeading(date, i18n.language)].filter(Boolean).join(', ');
  // Cash still to collect this day, per currency (a few orders are in euros).
  const cash = new Map<'CZK' | 'EUR', number>();
  for (const s of stops) {
    if (s.payment_type !== 'cash' || s.done) continue;
    const currency = s.currency === 'EUR' ? 'EUR' : 'CZK';
    cash.set(currency, Math.round(((cash.get(currency) ?? 0) + s.amount_to_pay) * 100) / 100);
  }
  return (
    <Stack gap="sm" component="section" aria-label={heading}>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t('driverDay.count', { count: stops.length })}
        </Text>
      </Group>
      {cash.size > 0 && (
        <Text size="sm">
          {t('driverDay.cashOfDay')}:{' '}
          <b>{[...cash].map(([currency, sum]) => f.money(sum, currency)).join(' + ')}</b>
        </Text>
      )}
      {stops.length === 0 && <Text c="dimmed">{t('driverDay.none')}</Text>}
      {stops.map((stop) => (
        <StopCard key={stop.id} stop={stop} />
      ))}
    </Stack>
  );
}

function StopCard({ stop }: { stop: DriverStop }) {
  const { t } = useTranslation();
  const f = useFormat();
  const who = stop.customer.organization || stop.customer.name;
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  return (
    <Card withBorder padding="sm" radius="md" data-testid="driver-stop" opacity={stop.done ? 0.65 : 1}>
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
            </Text>
          ))}
        </Stack>
        {stop.payment_type === 'cash' ? (
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
      </Stack>
    </Card>
  );
}
