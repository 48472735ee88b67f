import { dateTimeFormat } from '@letokruh/contracts/rules/intl';
import '@mantine/dates/styles.css';
import 'dayjs/locale/cs';
import 'dayjs/locale/en-gb';
import type { OrderReschedule } from '@letokruh/contracts/order-calendar';
import type { Clash } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { isoWeek, weekDates, weekParity } from '@letokruh/contracts/rules/calendar-week';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { ownWarehousesQuery } from '../../lib/reference-queries';
import { useAccess } from '../../lib/session';
import { useCalendarSettings } from '../../ui/calendar/calendar-settings';
import { ClashDialog } from '../../ui/calendar/clash-dialog';
import { useFormat } from '../../ui/format';
import { usePhone } from '../../ui/use-phone';
import { calendarFullOrdersQuery, ordersKey } from '../order-steps/api';
import { rescheduleOrder } from '../orders/api';
import { DashboardPanel } from './dashboard-panel';
import { updateDashboardState as update, useDashboardField, useDashboardUrl } from './dashboard-state';
import { DaySheet } from './day-sheet';
import { DriverDay } from './driver-day';
import { OrderOverlay } from './order-overlay';
import { useCalendarWeek } from './use-calendar-week';
import type { Moved, WeekCalendarProps } from './week-calendar';

/** "listopad 2026" or "listopad – prosinec 2026" for a week across two months. */
function monthTitle(days: string[], lang: string): string {
  const month = (day: string, withYear: boolean) =>
    dateTimeFormat(lang === 'en' ? 'en-GB' : 'cs-CZ', {
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(new Date(`${day}T12:00:00Z`));
  const first = days[0]!;
  const last = days.at(-1)!;
  if (first.slice(0, 7) === last.slice(0, 7)) return month(first, true);
  if (first.slice(0, 4) === last.slice(0, 4)) return `${month(first, false)} – ${month(last, true)}`;
  return `${month(first, true)} – ${month(last, true)}`;
}

/** The day view's heading: "středa 25. listopadu 2026" (the week stays beside it). */
const dayTitle = (day: string, lang: string): string =>
  dateTimeFormat(lang === 'en' ? 'en-GB' : 'cs-CZ', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

// Issue 16, web speed: FullCalendar (a quarter of a megabyte of script) is fetched as the page's
// module runs but no longer holds back its first paint: the header, the week's title (the LCP
// element) and the left panel draw while it loads.
const weekCalendarModule = import('./week-calendar');
const WeekCalendar = lazy(() => weekCalendarModule.then((m) => ({ default: m.WeekCalendar })));

/** Where the calendar will be, while its code or its first week loads. */
const placeholder = <Box mih={480} data-testid="week-calendar-loading" />;

type PendingMove = { order: CalendarEntry; to: Moved; revert: () => void; clashes: Clash[] | null };

/**
 * The week calendar with the open order highlighted. Only this and the overlay follow the open
 * order: opening or closing it does not render the page (nor FullCalendar) again.
 */
function DashboardCalendar({
  hold,
  ...props
}: Omit<WeekCalendarProps, 'highlightedOrderId' | 'onOrderClick'> & { hold: boolean }) {
  const orderId = useDashboardField('orderId');
  const open = useCallback((id: number) => update({ orderId: id }), []);
  if (hold) return placeholder;
  // Issue 14: the day is a column per driver (FullCalendar's resource views are not MIT).
  if (props.view === 'day')
    return (
      <DriverDay
        date={props.date}
        orders={props.orders}
        closures={props.closures}
        driverVacations={props.driverVacations}
        startHour={props.startHour}
        endHour={props.endHour}
        showIds={props.showIds}
        showTravel={props.showTravel}
        highlightedOrderId={orderId}
        onOrderClick={open}
      />
    );
  return (
    <Suspense fallback={placeholder}>
      <WeekCalendar {...props} highlightedOrderId={orderId} onOrderClick={open} />
    </Suspense>
  );
}

/** The overlay of the open order, when the calendar shows it. */
function DashboardOverlay({ orders, canEdit }: { orders: CalendarEntry[]; canEdit: boolean }) {
  const orderId = useDashboardField('orderId');
  const entry = orders.find((o) => o.id === orderId) ?? null;
  const close = useCallback(() => update({ orderId: null }), []);
  return <OrderOverlay entry={entry} opened={entry !== null} canEdit={canEdit} onClose={close} />;
}

/**
 * "Tisk dne" (issue 6): the driver's day sheet needs what the lean week leaves out (phones,
 * addresses, goods, what to collect), so the day's whole orders are loaded when it is asked for,
 * then the sheet is drawn (hidden on screen) and printed (issue 16).
 */
function usePrintDay(date: string, warehouses: number[]) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<{ date: string; orders: Order[]; printed: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!sheet || sheet.printed) return;
    setSheet({ ...sheet, printed: true });
    window.print();
  }, [sheet]);
  const start = useCallback(async () => {
    setPending(true);
    try {
      const q = calendarFullOrdersQuery({ warehouses, dates: [date], combined: false });
      const orders = await queryClient.fetchQuery({ ...q, staleTime: 0 });
      setSheet({ date, orders: orders as Order[], printed: false });
    } catch (error) {
      notifications.show({ color: 'red', message: t(errorKey(error)) });
    } finally {
      setPending(false);
    }
  }, [date, warehouses, queryClient, t]);
  return { start, pending, date: sheet?.date ?? date, orders: sheet?.date === date ? sheet.orders : null };
}

/** Part 1 §2 Dashboard: the delivery calendar with its left panel and the order overlay. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const access = useAccess();
  const queryClient = useQueryClient();
  const small = usePhone();
  // Not the open order (orderId): DashboardCalendar and DashboardOverlay read it.
  useDashboardUrl();
  const state = {
    warehouses: useDashboardField('warehouses'),
    date: useDashboardField('date'),
    view: useDashboardField('view'),
  };
  const [settings, setSettings] = useCalendarSettings();
  // Issue 16 (INP): a settings checkbox paints at once; the calendar redraws its blocks after.
  const drawn = useDeferredValue(settings);
  const canView = access.can('view_order');
  const warehouses = useQuery(ownWarehousesQuery);

  const view = small ? 'day' : state.view;
  const days = view === 'week' ? weekDates(state.date) : [state.date];
  const week = isoWeek(state.date);
  // The first visit takes all the user's own warehouses (one of them: that one, part 1 §7) until
  // the user chooses; the choice is then kept for the session (dashboard-state).
  const selected = useMemo(
    () => state.warehouses ?? warehouses.data?.map((w) => w.id) ?? [],
    [state.warehouses, warehouses.data],
  );
  const week$ = useCalendarWeek(state.date, selected, canView);
  const shown = week$.orders;
  // Issue 16 (INP): a week switch paints its header and buttons at once; FullCalendar's redraw of
  // the week (0.1–0.4 s on a slow machine) and the month picker follow in a render React may put
  // off, so the click is answered before it.
  const calendar = {
    // Deferred with the orders, so that the calendar first appears with them, not empty.
    hold: useDeferredValue(!week$.firstReady || (warehouses.data === undefined && !warehouses.error)),
    date: useDeferredValue(week$.drawnDate),
    view: useDeferredValue(view),
    orders: useDeferredValue(shown),
    closures: useDeferredValue(week$.closures),
    driverVacations: useDeferredValue(week$.driverVacations),
  };
  const pickerDate = useDeferredValue(state.date);

  const print = usePrintDay(week$.drawnDate, selected);

  const [move, setMove] = useState<PendingMove | null>(null);
  const reschedule = useMutation({
    mutationFn: (p: { order: CalendarEntry; body: OrderReschedule }) => rescheduleOrder(p.order.id, p.body),
    onSuccess: (item) => {
      setMove(null);
      notifications.show({
        color: 'green',
        message: t('dashboard.move.done', {
          number: item.intern_id,
          when: `${format.day(item.expected_delivery_date)} ${item.expected_delivery_time}`,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errorCode === 141 && move) {
        setMove({ ...move, clashes: (error.answer.clashes as Clash[] | undefined) ?? [] });
        return;
      }
      move?.revert();
      setMove(null);
      notifications.show({ color: 'red', message: t(errorKey(error)) });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
  const send = (confirm: boolean) =>
    move &&
    reschedule.mutate({
      order: move.order,
      body: {
        expected_delivery_date: move.to.date,
        expected_delivery_time: move.to.time,
        confirm_overlap: confirm,
        version: move.order.version,
      },
    });
  const dayClick = useCallback((date: string) => update({ date, view: 'day' }), []);
  const orderDrop = useCallback(
    (order: CalendarEntry, to: Moved, revert: () => void) => setMove({ order, to, revert, clashes: null }),
    [],
  );
  const cancelMove = () => {
    move?.revert();
    setMove(null);
  };

  if (!access.user) return null;
  const go = (delta: number) => update({ date: addDays(state.date, delta * (view === 'week' ? 7 : 1)) });
  const parity = t(`dashboard.week.${weekParity(week.week)}`);

  return (
    <Group align="flex-start" gap="md" wrap={small ? 'wrap' : 'nowrap'}>
      <DashboardPanel
        small={small}
        date={pickerDate}
        selected={selected}
        warehouses={warehouses.data}
        settings={settings}
        onSettings={setSettings}
      />

      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => go(-1)}
              aria-label={t('dashboard.previous')}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" onClick={() => update({ date: pragueDay() })}>
              {t('dashboard.today')}
            </Button>
            <ActionIcon variant="default" size="lg" onClick={() => go(1)} aria-label={t('dashboard.next')}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <Title order={2} size="h3" data-testid="calendar-title">
            {view === 'day' ? dayTitle(state.date, i18n.language) : monthTitle(days, i18n.language)} ·{' '}
            {t('dashboard.week.label', { week: week.week, parity })}
          </Title>
          <Group gap="xs">
            {small ? null : (
              <SegmentedControl
                value={state.view}
                onChange={(v) => update({ view: v as 'week' | 'day' })}
                data={[
                  { value: 'week', label: t('dashboard.view.week') },
                  { value: 'day', label: t('dashboard.view.day') },
                ]}
              />
            )}
            {view === 'day' ? (
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                loading={print.pending}
                onClick={print.start}
              >
                {t('dashboard.print')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {!canView ? <Alert color="yellow">{t('dashboard.noOrders')}</Alert> : null}
        {week$.error ? <Alert color="red">{t(errorKey(week$.error))}</Alert> : null}
        {selected.length === 0 && warehouses.data ? (
          <Alert color="blue">{t('dashboard.chooseWarehouse')}</Alert>
        ) : null}
        <Box pos="relative">
          <LoadingOverlay visible={week$.loading && week$.empty} />
          <Progress
            className="calendar-loading-line"
            value={100}
            animated
            size="xs"
            role="status"
            aria-label={t('dashboard.loading')}
            data-testid="calendar-loading"
            style={{ visibility: week$.loading && !week$.empty ? 'visible' : 'hidden' }}
          />
          <DashboardCalendar
            hold={calendar.hold}
            date={calendar.date}
            view={calendar.view}
            orders={calendar.orders}
            closures={calendar.closures}
            driverVacations={calendar.driverVacations}
            startHour={drawn.start}
            endHour={drawn.end}
            showIds={drawn.showIds}
            showTravel={drawn.showTravel}
            canReschedule={access.canCall('PUT /order/:id/reschedule')}
            onDayClick={dayClick}
            onOrderDrop={orderDrop}
          />
        </Box>
      </Stack>

      <DashboardOverlay orders={shown} canEdit={access.canCall('POST /order/:id/items')} />
      <Modal
        opened={move !== null && move.clashes === null}
        onClose={cancelMove}
        title={t('dashboard.move.title')}
        centered
      >
        {move ? (
          <Stack>
            <Text>
              {t('dashboard.move.question', {
                number: move.order.intern_id,
                name: move.order.calendar_name,
                from: `${format.day(move.order.expected_delivery_date)} ${move.order.expected_delivery_time}`,
                to: `${format.day(move.to.date)} ${move.to.time}`,
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={cancelMove}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => send(false)} loading={reschedule.isPending}>
                {t('dashboard.move.confirm')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      <ClashDialog
        clashes={move?.clashes ?? null}
        day={move?.to.date ?? null}
        pending={reschedule.isPending}
        onConfirm={() => send(true)}
        onCancel={cancelMove}
      />
      {/* Only the day view prints (issue 6); at a busy week the sheet was a thousand rows drawn
          on every week switch (issue 14), and it needs the whole orders (issue 16). */}
      {view === 'day' && print.orders ? <DaySheet date={print.date} orders={print.orders} /> : null}
    </Group>
  );
}
