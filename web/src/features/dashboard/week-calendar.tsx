import './dashboard.css';
import type { EventDropArg, EventInput } from '@fullcalendar/core';
import csLocale from '@fullcalendar/core/locales/cs';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarOrder } from '@letokruh/contracts/order-calendar';
import type { CalendarClosure, CalendarDriverVacation } from '@letokruh/contracts/vacations';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { baseCalendarOptions, calendarEvents } from '../order-steps/calendar-events';

const two = (n: number) => String(n).padStart(2, '0');

/** A moved order's new wall-clock day and time, read from the calendar's local Date. */
export type Moved = { date: string; time: string };
const wallClock = (d: Date): Moved => ({
  date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
  time: `${two(d.getHours())}:${two(d.getMinutes())}`,
});

export type WeekCalendarProps = {
  /** Any day of the week shown (week view) or the day shown (day view), YYYY-MM-DD. */
  date: string;
  view: 'week' | 'day';
  orders: CalendarOrder[];
  closures: CalendarClosure[];
  driverVacations: CalendarDriverVacation[];
  startHour: number;
  endHour: number;
  showIds: boolean;
  showTravel: boolean;
  highlightedOrderId: number | null;
  /** With change_order: orders not done may be dragged to another time or day. */
  canReschedule: boolean;
  onOrderClick: (orderId: number) => void;
  onDayClick: (date: string) => void;
  onOrderDrop: (order: CalendarOrder, to: Moved, revert: () => void) => void;
};

/**
 * The delivery calendar of the dashboard (part 1 §2): FullCalendar's time grid, Monday to Sunday or
 * one day, rows of 15 minutes, Czech or English. Orders are coloured by their car (by the
 * warehouse without a car), their travel blocks drawn before and after at 80 % opacity, a paid
 * mark on collected orders; closures as shaded background, drivers' vacations in the all-day row.
 */
export function WeekCalendar(props: WeekCalendarProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<FullCalendar>(null);
  const byId = useMemo(() => new Map(props.orders.map((o) => [o.id, o])), [props.orders]);

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const view = props.view === 'week' ? 'timeGridWeek' : 'timeGridDay';
    if (api.view.type !== view) api.changeView(view, props.date);
    else api.gotoDate(props.date);
  }, [props.date, props.view]);

  const events = useMemo<EventInput[]>(() => {
    const drawn = calendarEvents({
      orders: props.orders,
      closures: props.closures,
      driverVacations: props.driverVacations,
      options: {
        showIds: props.showIds,
        showTravel: props.showTravel,
        highlightedOrderId: props.highlightedOrderId,
      },
    });
    return drawn.map((event) => {
      const orderId = event.extendedProps?.orderId as number | undefined;
      const order = orderId === undefined ? undefined : byId.get(orderId);
      if (!order) return { ...event, editable: false };
      const lit = props.highlightedOrderId === order.id;
      const paid = order.collected_revenue_at !== null;
      const isOrder = event.extendedProps?.kind === 'order';
      return {
        ...event,
        ...(lit || !order.car
          ? {}
          : { backgroundColor: order.car.hex_color, textColor: readableOn(order.car.hex_color) }),
        title: isOrder && paid ? `✓ ${event.title ?? ''}` : (event.title ?? ''),
        classNames: [...((event.classNames as string[]) ?? []), ...(isOrder && paid ? ['order-paid'] : [])],
        editable: isOrder && props.canReschedule && !order.done && !order.hidden,
        extendedProps: { ...event.extendedProps, paid },
      };
    });
  }, [
    props.orders,
    props.closures,
    props.driverVacations,
    props.showIds,
    props.showTravel,
    props.highlightedOrderId,
    props.canReschedule,
    byId,
  ]);

  return (
    <div className="letokruh-week-calendar" data-testid="week-calendar">
      <FullCalendar
        ref={ref}
        plugins={[timeGridPlugin, interactionPlugin]}
        initialView={props.view === 'week' ? 'timeGridWeek' : 'timeGridDay'}
        initialDate={props.date}
        locale={i18n.language === 'en' ? enGbLocale : csLocale}
        {...baseCalendarOptions(props.startHour, props.endHour)}
        dayHeaderFormat={{ weekday: 'short', day: 'numeric', month: 'numeric' }}
        allDayText={t('dashboard.allDay')}
        editable={props.canReschedule}
        eventDurationEditable={false}
        eventOverlap
        snapDuration="00:15:00"
        events={events}
        navLinks
        navLinkDayClick={(day) => props.onDayClick(wallClock(day).date)}
        eventClick={(info) => {
          const orderId = info.event.extendedProps.orderId as number | undefined;
          if (orderId !== undefined) props.onOrderClick(orderId);
        }}
        eventDrop={(info: EventDropArg) => {
          const orderId = info.event.extendedProps.orderId as number | undefined;
          const order = orderId === undefined ? undefined : byId.get(orderId);
          if (!order || !info.event.start) return info.revert();
          props.onOrderDrop(order, wallClock(info.event.start), info.revert);
        }}
      />
    </div>
  );
}

/** Black or white text, whichever reads better on a car's colour. */
export function readableOn(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = m.slice(1).map((h) => Number.parseInt(h, 16) / 255) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.55 ? '#1a1b1e' : '#ffffff';
}
