import { readableTextOn } from '../../ui/contrast';
import './dashboard.css';
import type {
  DayHeaderContentArg,
  EventClickArg,
  EventDropArg,
  EventInput,
  FormatterInput,
  MoreLinkContentArg,
} from '@fullcalendar/core';
import csLocale from '@fullcalendar/core/locales/cs';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import type { CalendarClosure, CalendarDriverVacation } from '@letokruh/contracts/vacations';
import { Text } from '@mantine/core';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseCalendarOptions, calendarEvents } from '../../ui/calendar/calendar-events';
import { needsSummary, summaryDayLimit, summaryEvents } from './week-summary';

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
  orders: CalendarEntry[];
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
  onOrderDrop: (order: CalendarEntry, to: Moved, revert: () => void) => void;
};

type DrawInput = Pick<
  WeekCalendarProps,
  | 'orders'
  | 'closures'
  | 'driverVacations'
  | 'showIds'
  | 'showTravel'
  | 'highlightedOrderId'
  | 'canReschedule'
> & { collectionLabel: string };

/** The events the calendar draws: the shared order-steps events, coloured by car and marked paid. */
function drawEvents(input: DrawInput): EventInput[] {
  const byId = new Map(input.orders.map((o) => [o.id, o]));
  const drawn = calendarEvents({
    orders: input.orders,
    closures: input.closures,
    driverVacations: input.driverVacations,
    options: {
      showIds: input.showIds,
      showTravel: input.showTravel,
      highlightedOrderId: input.highlightedOrderId,
      collectionLabel: input.collectionLabel,
    },
  });
  return drawn.map((event) => {
    const orderId = event.extendedProps?.orderId as number | undefined;
    const order = orderId === undefined ? undefined : byId.get(orderId);
    if (!order) return { ...event, editable: false };
    const lit = input.highlightedOrderId === order.id;
    const paid = order.paid;
    const isOrder = event.extendedProps?.kind === 'order';
    return {
      ...event,
      ...(lit || !order.car || event.extendedProps?.collection
        ? {}
        : { backgroundColor: order.car.hex_color, textColor: readableOn(order.car.hex_color) }),
      title: isOrder && paid ? `✓ ${event.title ?? ''}` : (event.title ?? ''),
      classNames: [...((event.classNames as string[]) ?? []), ...(isOrder && paid ? ['order-paid'] : [])],
      editable: isOrder && input.canReschedule && !order.done,
      extendedProps: { ...event.extendedProps, paid },
    };
  });
}

const noOrders = { orders: [], highlightedOrderId: null };
// Summary blocks in lane order (drivers by name, collections, unassigned), not by title.
const eventOrder = 'start,-duration,allDay,rank,title';

const orderIdOf = (event: EventInput) => event.extendedProps?.orderId as number | undefined;

/** What the highlight changes on an order's blocks (calendar-events' grape colours and class). */
function highlightProps(event: EventInput) {
  return {
    backgroundColor: event.backgroundColor ?? '',
    borderColor: event.borderColor ?? '',
    textColor: event.textColor ?? '',
    classNames: (event.classNames as string[] | undefined) ?? [],
  };
}

// FullCalendar's options that never change: new objects each render would make it refine all its
// options again and redraw the whole week.
const plugins = [timeGridPlugin, interactionPlugin];
const dayHeaderFormat = { weekday: 'short', day: 'numeric', month: 'numeric' } as const;
/**
 * Issue 14: at the busiest week (4–5 orders at once, each with its travel blocks) FullCalendar
 * squeezed a dozen blocks into a day's column. Beyond this many levels a "+N more" link opens a
 * popover of the rest, each one a click away; the day's header counts its orders and opens the day
 * view with a column per driver.
 */
export const weekMaxStack = 4;

type TimeArg = Parameters<Extract<FormatterInput, (...args: never[]) => string>>[0];
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The blocks' "10:15 - 11:00", as FullCalendar writes it from baseCalendarOptions' eventTimeFormat
 * (its separator, the same Intl format, without the U+200E marks and doubled spaces it removes).
 * FullCalendar builds a new Intl.DateTimeFormat for every block's range each time it draws them
 * (a third of drawing the week); this one is built once for each language.
 */
function eventTime(arg: TimeArg): string {
  const locale = arg.localeCodes.join(',');
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(arg.localeCodes, {
      ...baseCalendarOptions(0, 24).eventTimeFormat,
      timeZone: 'UTC',
    });
    timeFormats.set(locale, format);
  }
  const text = (d: { marker: Date }) =>
    format
      .format(d.marker)
      .replace(/\u200e/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const start = text(arg.start);
  const end = arg.end ? text(arg.end) : start;
  return start === end ? start : `${start}${arg.defaultSeparator}${end}`;
}

/**
 * The delivery calendar of the dashboard (domain.md §1.2): FullCalendar's time grid, Monday to Sunday or
 * one day, rows of 15 minutes, Czech or English. Orders are coloured by their car (by the
 * warehouse without a car), their travel blocks drawn before and after at 80 % opacity, a paid
 * mark on collected orders; closures as shaded background, drivers' vacations in the all-day row.
 *
 * The highlighted (open) order is not part of the events given to FullCalendar: a new events array
 * makes it parse and draw the whole week again (about 300 ms), so opening and closing an order's
 * overlay only recolours that order's blocks through FullCalendar's event API.
 */
export const WeekCalendar = memo(function WeekCalendar(props: WeekCalendarProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<FullCalendar>(null);
  const { orders, closures, driverVacations, showIds, showTravel, canReschedule } = props;
  const { onOrderClick, onDayClick, onOrderDrop } = props;
  const lit = props.highlightedOrderId;
  const byId = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);
  // The first view and day only: later ones go through the API (the effect below).
  const [initial] = useState(() => ({ view: props.view, date: props.date }));

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const view = props.view === 'week' ? 'timeGridWeek' : 'timeGridDay';
    if (api.view.type !== view) api.changeView(view, props.date);
    else api.gotoDate(props.date);
  }, [props.date, props.view]);

  const summarised = useMemo(() => needsSummary(orders), [orders]);
  const events = useMemo(
    () =>
      summarised
        ? [
            ...summaryEvents(orders, (kind) => t(`dashboard.day.lane.${kind}`)),
            ...drawEvents({
              ...noOrders,
              closures,
              driverVacations,
              showIds,
              showTravel,
              canReschedule,
              collectionLabel: '',
            }),
          ]
        : drawEvents({
            orders,
            closures,
            driverVacations,
            showIds,
            showTravel,
            canReschedule,
            highlightedOrderId: null,
            collectionLabel: t('dashboard.overlay.personalCollection'),
          }),
    [summarised, orders, closures, driverVacations, showIds, showTravel, canReschedule, t],
  );

  // Which order FullCalendar shows highlighted, and in which events array: a new array (given to
  // FullCalendar in its own update, before this effect) comes without any highlight.
  const shownLit = useRef<{ events: EventInput[]; orderId: number | null }>({ events: [], orderId: null });
  useLayoutEffect(() => {
    const highlight = () => {
      const api = ref.current?.getApi();
      if (!api) return;
      const before = shownLit.current.events === events ? shownLit.current.orderId : null;
      shownLit.current = { events, orderId: lit };
      if (before === lit) return;
      const order = lit === null ? undefined : byId.get(lit);
      const changed = [
        ...(before === null ? [] : events.filter((e) => orderIdOf(e) === before)),
        ...(order
          ? drawEvents({
              orders: [order],
              closures: [],
              driverVacations: [],
              showIds,
              showTravel,
              canReschedule,
              highlightedOrderId: lit,
              collectionLabel: t('dashboard.overlay.personalCollection'),
            })
          : []),
      ];
      api.batchRendering(() => {
        for (const event of changed) {
          const drawn = event.id ? api.getEventById(event.id) : null;
          if (!drawn) continue;
          for (const [name, value] of Object.entries(highlightProps(event))) drawn.setProp(name, value);
        }
      });
    };
    // New events were just drawn without the highlight: it goes on before they are painted.
    if (shownLit.current.events !== events) return highlight();
    // Only the open order changed: redrawing the week's blocks waits until the overlay has been
    // painted open or closed (a frame, under the overlay's backdrop).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(highlight, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [events, lit, byId, showIds, showTravel, canReschedule, t]);

  const navLinkDayClick = useCallback((day: Date) => onDayClick(wallClock(day).date), [onDayClick]);
  const eventClick = useCallback(
    (info: EventClickArg) => {
      const orderId = info.event.extendedProps.orderId as number | undefined;
      if (orderId !== undefined) onOrderClick(orderId);
      else if (info.event.extendedProps.kind === 'summary')
        onDayClick(info.event.extendedProps.date as string);
    },
    [onOrderClick, onDayClick],
  );
  const eventDrop = useCallback(
    (info: EventDropArg) => {
      const orderId = info.event.extendedProps.orderId as number | undefined;
      const order = orderId === undefined ? undefined : byId.get(orderId);
      if (!order || !info.event.start) return info.revert();
      onOrderDrop(order, wallClock(info.event.start), info.revert);
    },
    [byId, onOrderDrop],
  );
  const base = useMemo(
    () => baseCalendarOptions(props.startHour, props.endHour),
    [props.startHour, props.endHour],
  );
  const locale = i18n.language === 'en' ? enGbLocale : csLocale;
  const allDayText = t('dashboard.allDay');
  const perDay = useMemo(() => {
    const counts = new Map<string, number>();
    for (const o of orders)
      if (o.expected_delivery_date)
        counts.set(o.expected_delivery_date, (counts.get(o.expected_delivery_date) ?? 0) + 1);
    return counts;
  }, [orders]);
  // HTML, not JSX: @fullcalendar/react draws JSX content with flushSync, from inside React's render.
  const dayHeaderContent = useCallback(
    (arg: DayHeaderContentArg) => {
      const count = perDay.get(wallClock(arg.date).date) ?? 0;
      const total =
        count > 0
          ? `<span class="week-day-count">${escapeHtml(t('dashboard.dayCount', { count }))}</span>`
          : '';
      return { html: `${escapeHtml(arg.text)}${total}` };
    },
    [perDay, t],
  );
  const moreLinkContent = useCallback(
    (arg: MoreLinkContentArg) => t('dashboard.more', { count: arg.num }),
    [t],
  );

  // The same element while nothing FullCalendar is given changes: a highlight alone (above) does
  // not render FullCalendar again.
  const calendar = useMemo(
    () => (
      <FullCalendar
        ref={ref}
        plugins={plugins}
        initialView={initial.view === 'week' ? 'timeGridWeek' : 'timeGridDay'}
        initialDate={initial.date}
        locale={locale}
        {...base}
        eventTimeFormat={eventTime}
        dayHeaderFormat={dayHeaderFormat}
        dayHeaderContent={dayHeaderContent}
        eventMaxStack={weekMaxStack}
        eventOrder={eventOrder}
        moreLinkContent={moreLinkContent}
        allDayText={allDayText}
        editable={canReschedule}
        eventDurationEditable={false}
        eventOverlap
        snapDuration="00:15:00"
        events={events}
        navLinks
        navLinkDayClick={navLinkDayClick}
        eventClick={eventClick}
        eventDrop={eventDrop}
      />
    ),
    [
      initial,
      locale,
      base,
      allDayText,
      canReschedule,
      events,
      navLinkDayClick,
      eventClick,
      eventDrop,
      dayHeaderContent,
      moreLinkContent,
    ],
  );

  return (
    <div className="letokruh-week-calendar" data-testid="week-calendar">
      {summarised ? (
        <Text size="sm" c="dimmed" mb={4} data-testid="week-summarised">
          {t('dashboard.summarised', { limit: summaryDayLimit })}
        </Text>
      ) : null}
      {calendar}
    </div>
  );
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Black or white text, whichever reads better on a car's colour (WCAG contrast, issue 14). */
export function readableOn(hex: string): string {
  return readableTextOn(hex);
}
