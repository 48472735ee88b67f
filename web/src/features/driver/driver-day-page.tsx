import type { DriverStop } from '@letokruh/contracts/driver';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepDriverDay } from '../../lib/driver-offline';
import { inNextTask } from '../../lib/next-task';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { QueryState } from '../../ui/query-state';
import { driverDayQuery, driverQrQuery, officeDriversQuery } from './api';
import { CashOnHand } from './cash-on-hand';
import { DayRoute } from './day-route';
import { PendingList } from './pending-list';
import { QueueContext, useDeliveryQueue } from './queue/use-delivery-queue';
import { FoldedStop, StopCard } from './stop-card';
import { thumbSized } from './thumb';

/**
 * "Můj den" (domain.md §2.11): a driver's deliveries of today and tomorrow on a phone. The next
 * open stop comes first, marked, with its buttons on the first screen; the other open stops follow
 * in the order they are driven, delivered ones folded to a line each; then the day's route, the
 * cash on hand and tomorrow. The office (owner, dispatcher) picks a driver and sees what that
 * driver sees. The driver's own day is kept on the phone for a reload without a signal
 * (decision 0078).
 */
export function DriverDayPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const client = useQueryClient();
  const office = access.hasFunction('owner', 'dispatcher');
  const [driver, setDriver] = useState<number | undefined>(undefined);
  const drivers = useQuery({ ...officeDriversQuery, enabled: office });
  const day = useQuery(driverDayQuery(driver === undefined ? {} : { driver }));
  // The stops are drawn from the day's answer in slices the browser may interrupt (decision 0102),
  // after the page's first paint: an answer does not draw them all in one long task.
  const data = useDeferredValue(day.data, undefined);
  const queue = useDeliveryQueue();
  const user = access.user;
  // The buttons are the driver's own, on their own day: the office looking on only reads.
  const acting = access.canCall('POST /driver/order/:id/delivered') && !!data && data.driver.id === user?.id;
  const waiting = queue.actions.filter((a) => !a.refused).length;

  // A fresh read of the driver's own day is kept on the phone, with the QR codes of its transfers:
  // in tasks of their own, after the day is drawn (decision 0104).
  useEffect(() => {
    if (!acting || !user || !data || data.kept_at) return;
    const { kept_at: _, ...answer } = data;
    const keeping = inNextTask(() => void keepDriverDay(user, answer).catch(() => undefined));
    const asking = inNextTask(() => {
      for (const stop of answer.days.flatMap((d) => d.stops)) {
        if (stop.payment_type === 'qr_transfer' && !stop.paid && !stop.delivered)
          void client.prefetchQuery(driverQrQuery(stop.id));
      }
    });
    return () => {
      keeping();
      asking();
    };
  }, [acting, user, data, client]);

  const waitingOrders = new Set(
    queue.actions.filter((a) => !a.refused && a.kind === 'delivered').map((a) => a.orderId),
  );
  const open = (s: DriverStop) => !s.done && !s.delivered && !waitingOrders.has(s.id);
  const next = data?.days.flatMap((d) => d.stops).find(open) ?? null;
  return (
    <QueueContext value={acting ? queue : null}>
      <Stack gap="md" maw={640} mx="auto" className={thumbSized}>
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
        {!data
          ? !day.error && <QueryState error={null} />
          : data.days.map((d, i) => (
              <DaySection key={d.date} date={d.date} stops={d.stops} next={next} open={open}>
                {i === 0 && (
                  <Suspense>
                    <DayRoute stops={d.stops} />
                    <CashOnHand cash={data.cash_on_hand} />
                  </Suspense>
                )}
              </DaySection>
            ))}
      </Stack>
    </QueueContext>
  );
}

type SectionProps = {
  date: string;
  stops: DriverStop[];
  next: DriverStop | null;
  open(stop: DriverStop): boolean;
  children?: React.ReactNode;
};

function DaySection({ date, stops, next, open, children }: SectionProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const today = pragueDay();
  const name =
    date === today ? t('driverDay.today') : date === addDays(today, 1) ? t('driverDay.tomorrow') : '';
  const heading = [name, f.dayMonth(date, 'long')].filter(Boolean).join(', ');
  // Cash still to collect this day, per currency (a few orders are in euros).
  const cash = new Map<'CZK' | 'EUR', number>();
  for (const s of stops) {
    if (s.payment_type !== 'cash' || s.done) continue;
    const currency = s.currency === 'EUR' ? 'EUR' : 'CZK';
    cash.set(currency, Math.round(((cash.get(currency) ?? 0) + s.amount_to_pay) * 100) / 100);
  }
  // The next stop first, then the open ones in driving order, then those delivered, folded.
  const ordered = [
    ...stops.filter((s) => s === next),
    ...stops.filter((s) => s !== next && open(s)),
    ...stops.filter((s) => s !== next && !open(s)),
  ];
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
      {stops.length === 0 && <Text c="dimmed">{t('driverDay.none')}</Text>}
      {/* Each stop a boundary of its own: taking over the drawn page, React hydrates and commits
          one stop at a time, not the whole day in one task (decision 0103). */}
      {ordered.map((stop) => (
        <Suspense key={stop.id}>
          {stop.delivered ? <FoldedStop stop={stop} /> : <StopCard stop={stop} next={stop === next} />}
        </Suspense>
      ))}
      {cash.size > 0 && (
        <Text size="sm">
          {t('driverDay.cashOfDay')}:{' '}
          <b>{[...cash].map(([currency, sum]) => f.money(sum, currency)).join(' + ')}</b>
        </Text>
      )}
      {children}
    </Stack>
  );
}
