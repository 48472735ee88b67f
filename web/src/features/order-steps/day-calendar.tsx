import './day-calendar.css';
import csLocale from '@fullcalendar/core/locales/cs';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Box, LoadingOverlay } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { baseCalendarOptions, calendarEvents, type PlannedSlot } from '../../ui/calendar/calendar-events';
import { calendarClosuresQuery, calendarDriverVacationsQuery, calendarOrdersQuery } from './api';

/** domain.md §1.7: calendar requests go 500 ms after the selection last changed. */
export const calendarDebounceMs = 500;

export type DayCalendarProps = {
  /** The day shown, YYYY-MM-DD. */
  date: string;
  warehouseIds: number[];
  /** Hours shown, start below end, within 0 to 24 (domain.md §1.5, §1.9). */
  startHour: number;
  endHour: number;
  showIds: boolean;
  showTravel: boolean;
  /** An order drawn in the highlight colour (the one selected on the dashboard). */
  highlightedOrderId?: number | null;
  /** Every other warehouse's orders too (domain.md's `show_cobined`). */
  combined?: boolean;
  /** An order left out (`id_out`): the one being edited, drawn as `planned` instead. */
  excludeOrderId?: number;
  /** A slot being planned, drawn highlighted (the intern step's date, time and duration). */
  planned?: PlannedSlot | null;
  onOrderClick?: (orderId: number) => void;
};

/**
 * The one-day delivery calendar (FullCalendar timeGridDay, Czech locale, week from Monday, rows of
 * 15 minutes): the orders of the warehouses that day with their travel blocks, closures of those
 * warehouses and drivers' vacations. It loads what it shows itself (GET /api/get-orders,
 * /api/get-vacations, /api/get-drivers-vacations).
 */
export function DayCalendar(props: DayCalendarProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<FullCalendar>(null);
  const { date, warehouseIds, combined = false, excludeOrderId } = props;
  const [query] = useDebouncedValue(
    useMemo(
      () => ({ warehouses: warehouseIds, dates: [date], combined, idOut: excludeOrderId }),
      [warehouseIds, date, combined, excludeOrderId],
    ),
    calendarDebounceMs,
  );
  const orders = useQuery(calendarOrdersQuery(query));
  const closures = useQuery(calendarClosuresQuery(query.warehouses, query.dates));
  const vacations = useQuery(calendarDriverVacationsQuery(query.dates));

  useEffect(() => {
    ref.current?.getApi().gotoDate(date);
  }, [date]);

  const events = useMemo(
    () =>
      calendarEvents({
        orders: (orders.data ?? []).filter((o) => o.expected_delivery_date === query.dates[0]),
        closures: closures.data ?? [],
        driverVacations: vacations.data ?? [],
        planned: props.planned,
        options: {
          showIds: props.showIds,
          showTravel: props.showTravel,
          highlightedOrderId: props.highlightedOrderId,
          collectionLabel: t('orderSteps.intern.personalCollection'),
        },
      }),
    [
      orders.data,
      closures.data,
      vacations.data,
      query.dates,
      props.planned,
      props.showIds,
      props.showTravel,
      props.highlightedOrderId,
      t,
    ],
  );

  const onOrderClick = props.onOrderClick;
  return (
    <Box pos="relative" className="letokruh-day-calendar" data-testid="day-calendar">
      <LoadingOverlay visible={orders.isFetching && !orders.data} />
      {orders.error ? (
        <Alert color="red" mb="xs">
          {t(errorKey(orders.error))}
        </Alert>
      ) : null}
      <FullCalendar
        ref={ref}
        plugins={[timeGridPlugin]}
        initialView="timeGridDay"
        initialDate={date}
        locale={i18n.language === 'en' ? enGbLocale : csLocale}
        {...baseCalendarOptions(props.startHour, props.endHour)}
        allDayText={t('orderSteps.calendar.allDay')}
        dayHeaderFormat={{ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }}
        events={events}
        eventClick={(info) => {
          const orderId = info.event.extendedProps.orderId as number | undefined;
          if (orderId !== undefined) onOrderClick?.(orderId);
        }}
      />
    </Box>
  );
}
