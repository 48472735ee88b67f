import type { OrderReschedule } from '@letokruh/contracts/order-calendar';
import type { Clash } from '@letokruh/contracts/order-steps';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { isoWeek, weekDates, weekParity } from '@letokruh/contracts/rules/calendar-week';
import { travelOf } from '@letokruh/contracts/rules/collection';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { ownWarehousesQuery } from '../../lib/reference-queries';
import { useAccess } from '../../lib/session';
import { useCalendarSettings } from '../../ui/calendar/calendar-settings';
import { pickerMarks } from '../../ui/calendar/clash-marks';
import { useFormat } from '../../ui/format';
import { usePhone } from '../../ui/use-phone';
import { ordersKey } from '../order-steps/api';
import { rescheduleOrder } from '../orders/api';
import { dayTitle, monthTitle } from './calendar-title';
import { updateDashboardState as update, useDashboardField, useDashboardUrl } from './dashboard-state';
import { useCalendarWeek } from './use-calendar-week';
import { usePrintDay } from './use-print-day';
import type { Moved } from './week-grid';

/** An order dragged to another slot, waiting for the confirmation (and then for the clashes'). */
type PendingMove = { order: CalendarEntry; to: Moved; revert: () => void; clashes: Clash[] | null };

/**
 * The dashboard's state (domain.md §1.2 Dashboard): the kept day, view and warehouses (dashboard-state),
 * the calendar settings, the week's orders (useCalendarWeek), what the calendar draws (deferred,
 * decision 0047), the day's print, and moving an order by dragging it (with its clash question).
 * Not the open order: DashboardCalendar and DashboardOverlay read it, so it re-renders only them.
 */
export function useDashboard() {
  const { t } = useTranslation();
  const format = useFormat();
  const access = useAccess();
  const queryClient = useQueryClient();
  const small = usePhone();
  useDashboardUrl();
  const state = {
    warehouses: useDashboardField('warehouses'),
    date: useDashboardField('date'),
    view: useDashboardField('view'),
  };
  const [settings, setSettings] = useCalendarSettings();
  // Decision 0047 (INP): a settings checkbox paints at once; the calendar redraws its blocks after.
  const drawn = useDeferredValue(settings);
  const canView = access.can('view_order');
  const warehouses = useQuery(ownWarehousesQuery);

  const view = small ? 'day' : state.view;
  const days = view === 'week' ? weekDates(state.date) : [state.date];
  const week = isoWeek(state.date);
  // The first visit takes all the user's own warehouses (one of them: that one, domain.md §1.7) until
  // the user chooses; the choice is then kept for the session (dashboard-state).
  const selected = useMemo(
    () => state.warehouses ?? warehouses.data?.map((w) => w.id) ?? [],
    [state.warehouses, warehouses.data],
  );
  const week$ = useCalendarWeek(state.date, selected, canView);
  // Decision 0047 (INP): a week switch paints its header and buttons at once; FullCalendar's redraw of
  // the week (slow on a slow machine) and the month picker follow in a render React may put
  // off, so the click is answered before it.
  const calendar = {
    // Deferred with the orders, so that the calendar first appears with them, not empty.
    hold: useDeferredValue(!week$.firstReady || (warehouses.data === undefined && !warehouses.error)),
    date: useDeferredValue(week$.drawnDate),
    view: useDeferredValue(view),
    orders: useDeferredValue(week$.orders),
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
  // One confirmation per drag (domain.md §1.5): the clashes the loaded week shows are named in the
  // move's own question, and confirming it confirms them; the clash question follows only when
  // the server finds one the week did not show (another warehouse's order, a change meanwhile).
  const moveWarnings = useMemo(() => {
    if (!move) return [];
    const o = move.order;
    const marks = pickerMarks(
      {
        date: move.to.date,
        time: move.to.time,
        duration: o.expected_delivery_duration,
        travel: travelOf({ ...o, expected_delivery_date: move.to.date }),
      },
      week$.orders.filter((e) => e.id !== o.id),
      week$.driverVacations,
      week$.closures,
      o.warehouse?.id ?? null,
    );
    const found: string[] = [];
    const driverMark = o.driver ? marks.drivers.get(o.driver.id) : undefined;
    if (driverMark) found.push(t(`orderSteps.intern.marks.driver_${driverMark}`));
    if (o.car && marks.cars.get(o.car.id)) found.push(t('orderSteps.intern.marks.car_busy'));
    if (marks.closure)
      found.push(t('orderSteps.intern.marks.closed', { warehouse: marks.closure.warehouse.name }));
    return found;
  }, [move, week$.orders, week$.driverVacations, week$.closures, t]);
  const send = (confirm: boolean) =>
    move &&
    reschedule.mutate({
      order: move.order,
      body: {
        expected_delivery_date: move.to.date,
        expected_delivery_time: move.to.time,
        confirm_overlap: confirm || moveWarnings.length > 0,
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

  return {
    access,
    small,
    state,
    view,
    selected,
    warehouses,
    settings,
    setSettings,
    drawn,
    canView,
    week$,
    calendar,
    pickerDate,
    print,
    /** "listopad 2026 · 47. týden (lichý)": the day or the month(s), and the ISO week. */
    title: `${view === 'day' ? dayTitle(state.date, format) : monthTitle(days, format)} · ${t(
      'dashboard.week.label',
      { week: week.week, parity: t(`dashboard.week.${weekParity(week.week)}`) },
    )}`,
    go: (delta: number) => update({ date: addDays(state.date, delta * (view === 'week' ? 7 : 1)) }),
    today: () => update({ date: pragueDay() }),
    changeView: (next: 'week' | 'day') => update({ view: next }),
    move,
    moveWarnings,
    reschedule,
    send,
    dayClick,
    orderDrop,
    cancelMove,
  };
}
