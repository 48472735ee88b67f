import type { DriverStop } from '@letokruh/contracts/driver';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { QueryState } from '../../ui/query-state';
import { driverDayQuery, officeDriversQuery } from './api';
import { CashOnHand } from './cash-on-hand';
import { PendingList } from './pending-list';
import { QueueContext, useDeliveryQueue } from './queue/use-delivery-queue';
import { StopCard } from './stop-card';

/**
 * "Můj den" (issue 17 §1): a driver's deliveries of today and tomorrow on a phone, in the order
 * they are driven: who, where (navigation and a call one tap away), what, and how much to collect.
 * The office (owner, dispatcher) picks a driver and sees what that driver sees.
 */
export function DriverDayPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const office = access.hasFunction('owner', 'dispatcher');
  const [driver, setDriver] = useState<number | undefined>(undefined);
  const drivers = useQuery({ ...officeDriversQuery, enabled: office });
  const day = useQuery(driverDayQuery(driver === undefined ? {} : { driver }));
  const queue = useDeliveryQueue();
  // The buttons are the driver's own, on their own day: the office looking on only reads.
  const acting =
    access.canCall('POST /driver/order/:id/delivered') &&
    !!day.data &&
    day.data.driver.id === access.user?.id;
  const waiting = queue.actions.filter((a) => !a.refused).length;
  return (
    <QueueContext value={acting ? queue : null}>
      <Stack gap="md" maw={640} mx="auto">
        <Group justify="space-between" align="center">
          <Title order={1}>{t('driverDay.title')}</Title>
          {waiting > 0 && (
            <Badge color="orange" size="lg" data-testid="pending-badge">
              {t('driverDay.queue.badge', { count: waiting })}
            </Badge>
          )}
        </Group>
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
        <PendingList queue={queue} />
        {/* Without a signal the day read last stays on screen; the failure is said above it. */}
        {day.error && <QueryState error={day.error} />}
        {!day.data ? (
          !day.error && <QueryState error={null} />
        ) : (
          <>
            <CashOnHand cash={day.data.cash_on_hand} />
            {day.data.days.map((d) => (
              <DaySection key={d.date} date={d.date} stops={d.stops} />
            ))}
          </>
        )}
      </Stack>
    </QueueContext>
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
