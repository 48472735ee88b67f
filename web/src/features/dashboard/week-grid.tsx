import './week-grid.css';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { weekDates } from '@letokruh/contracts/rules/calendar-week';
import { isPersonalCollection } from '@letokruh/contracts/rules/collection';
import { pragueDay, pragueWallClockAsUtc } from '@letokruh/contracts/rules/prague-day';
import type { CalendarClosure, CalendarDriverVacation } from '@letokruh/contracts/vacations';
import { memo, type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { minutesOfTime } from './driver-day-layout';
import {
  cardName,
  type DayLayout,
  type LaneStrategy,
  lanesFor,
  layoutDay,
  linesOf,
  type WeekCard,
} from './week-layout';
import { WeekLegend } from './week-legend';

const two = (n: number) => String(n).padStart(2, '0');
const clockOf = (minutes: number) => `${Math.floor(minutes / 60)}:${two(minutes % 60)}`;

/** A moved order's new wall-clock day and time. */
export type Moved = { date: string; time: string };

export type WeekCalendarProps = {
  /** Any day of the week shown, YYYY-MM-DD. */
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
  /** How a day's lanes are chosen (decision 0081); the dashboard draws `packed`. */
  strategy?: LaneStrategy;
};

/** px per minute: an hour is 72 px, a quarter 18 px. */
export const pxPerMinute = 1.2;
const axisWidth = 48;
const snapMinutes = 15;
/** The card's border and padding across (px), its line height, a character's width at 12 px. */
const cardChrome = 10;
const lineHeight = 14;
const charWidth = 6.8;

/** The card's colours: the warehouse's colour lightened under dark text (WCAG AA whatever it is). */
function tint(hex: string, amount = 0.82): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#f1f3f5';
  return `#${m
    .slice(1)
    .map((h) => Math.round(Number.parseInt(h, 16) * (1 - amount) + 255 * amount))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

type Drag = { orderId: number; grabY: number; x: number; y: number; moved: boolean; pointerId: number };
type Pending = { orderId: number; date: string; start: number };

/**
 * The delivery calendar's week (domain.md §1.2 Dashboard, decision 0081): a CSS grid of seven day
 * columns under an hour axis (rows of 15 minutes). Each day splits into lanes (week-layout); a card
 * shows the time, the customer's surname or organisation and the town, wrapped, never cut; travel
 * is a thin hatched band at the lane's left edge; what does not fit folds into "+N", which opens
 * the day. Closures are shaded in the day, drivers' vacations named under the day's header, now is
 * a line in today's column (Prague clock). Orders not done are dragged to another day and time
 * (snapped to 15 minutes) when the user may reschedule; the drop asks first (use-dashboard).
 */
export const WeekCalendar = memo(function WeekCalendar(props: WeekCalendarProps) {
  const { t } = useTranslation();
  const { orders, closures, driverVacations, showIds, showTravel, canReschedule } = props;
  const { onOrderClick, onDayClick, onOrderDrop } = props;
  const strategy = props.strategy ?? 'packed';
  const startMin = props.startHour * 60;
  const endMin = props.endHour * 60;
  const height = (endMin - startMin) * pxPerMinute;
  const days = useMemo(() => weekDates(props.date), [props.date]);
  const today = pragueDay();

  // The day column's width decides how many lanes fit (no card under 64 px).
  const bodyRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1100);
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(body);
    return () => observer.disconnect();
  }, []);
  const dayWidth = Math.max(0, (width - axisWidth) / 7);
  const maxLanes = lanesFor(dayWidth - 2);
  // The height a card's text needs at the narrowest lane the day may have: its lines (the time,
  // the name, the town, the number) at about 7 px a character of the 12 px font.
  const cardHeight = useMemo(() => {
    const inner = (dayWidth - 2) / maxLanes - 2 - cardChrome;
    const perLine = Math.max(4, Math.floor(inner / charWidth));
    return (order: CalendarEntry) => {
      const { name, town } = cardName(order.calendar_name);
      const lines = 1 + linesOf(name, perLine) + linesOf(town, perLine) + (showIds ? 1 : 0);
      return lines * lineHeight + 6;
    };
  }, [dayWidth, maxLanes, showIds]);

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEntry[]>();
    for (const o of orders) {
      const list = map.get(o.expected_delivery_date) ?? [];
      list.push(o);
      map.set(o.expected_delivery_date, list);
    }
    return map;
  }, [orders]);
  const layouts = useMemo(
    () =>
      new Map<string, DayLayout>(
        days.map((d) => [
          d,
          layoutDay(byDay.get(d) ?? [], { maxLanes, showTravel, pxPerMinute, strategy, cardHeight }),
        ]),
      ),
    [days, byDay, maxLanes, showTravel, strategy, cardHeight],
  );

  // Dragging: the card follows the pointer; dropped on a day, it waits there for the answer.
  const [drag, setDrag] = useState<Drag | null>(null);
  // The click that ends a drag does not open the order.
  const justDragged = useRef(false);
  const [pending, setPending] = useState<Pending | null>(null);
  // A new week of orders (the move saved, or not) ends the pending drop.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new orders end it.
  useEffect(() => setPending(null), [orders]);
  const byId = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);

  const dropAt = (clientX: number, clientY: number, grabY: number): Moved | null => {
    for (const el of document.elementsFromPoint(clientX, clientY)) {
      const column = el instanceof HTMLElement ? el.closest<HTMLElement>('.week-day[data-date]') : null;
      if (!column) continue;
      const top = column.getBoundingClientRect().top;
      const raw = startMin + (clientY - grabY - top) / pxPerMinute;
      const snapped = Math.round(raw / snapMinutes) * snapMinutes;
      const minutes = Math.max(0, Math.min(24 * 60 - snapMinutes, snapped));
      return {
        date: column.dataset.date ?? '',
        time: `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`,
      };
    }
    return null;
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLButtonElement>, order: CalendarEntry) => {
    if (!canReschedule || order.done || e.button !== 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({
      orderId: order.id,
      grabY: e.clientY - box.top,
      x: e.clientX,
      y: e.clientY,
      moved: false,
      pointerId: e.pointerId,
    });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag || drag.pointerId !== e.pointerId) return;
    const moved = drag.moved || Math.abs(e.clientY - drag.y) + Math.abs(e.clientX - drag.x) > 5;
    if (moved !== drag.moved) setDrag({ ...drag, moved });
    if (moved) setGhost({ x: e.clientX, y: e.clientY });
  };
  const [ghost, setGhost] = useState<{ x: number; y: number } | null>(null);
  const onPointerUp = (e: ReactPointerEvent<HTMLButtonElement>, order: CalendarEntry) => {
    if (!drag || drag.pointerId !== e.pointerId) return;
    const wasMoved = drag.moved;
    justDragged.current = wasMoved;
    setDrag(null);
    setGhost(null);
    if (!wasMoved) return;
    const to = dropAt(e.clientX, e.clientY, drag.grabY);
    if (!to || (to.date === order.expected_delivery_date && to.time === order.expected_delivery_time)) return;
    setPending({ orderId: order.id, date: to.date, start: minutesOfTime(to.time) });
    onOrderDrop(order, to, () => setPending(null));
  };
  const dragged = drag?.moved ? byId.get(drag.orderId) : undefined;

  const format = useFormat();
  const hours = Array.from({ length: props.endHour - props.startHour }, (_, i) => props.startHour + i);
  const slots = Array.from(
    { length: (endMin - startMin) / snapMinutes },
    (_, i) => startMin + i * snapMinutes,
  );

  const nowMinutes = useNow();

  // The cards' handlers, stable for memo: a highlight or a drag re-renders only the cards it changes.
  const actions = useRef<CardActions>(null as unknown as CardActions);
  actions.current = {
    click: (id) => {
      if (justDragged.current) justDragged.current = false;
      else onOrderClick(id);
    },
    down: onPointerDown,
    move: onPointerMove,
    up: onPointerUp,
    cancel: () => {
      setDrag(null);
      setGhost(null);
    },
  };

  return (
    <div className="letokruh-week-grid" data-testid="week-calendar" data-strategy={strategy}>
      <div className="week-head" style={{ gridTemplateColumns: `${axisWidth}px repeat(7, minmax(0, 1fr))` }}>
        <div />
        {days.map((d) => {
          const count = byDay.get(d)?.length ?? 0;
          const away = driverVacations.filter((v) => v.date === d);
          return (
            <div key={d} className={`week-day-head${d === today ? ' is-today' : ''}`} data-date={d}>
              <button type="button" className="week-day-link" onClick={() => onDayClick(d)}>
                {format.dayMonth(d, 'short')}
              </button>
              {count > 0 ? (
                <span className="week-day-count">{t('dashboard.dayCount', { count })}</span>
              ) : null}
              {away.map((v) => (
                <span
                  key={`${v.id}-${v.user_id}`}
                  className="week-vacation"
                  style={{ borderColor: v.hex_color }}
                >
                  {t('dashboard.legend.vacationOf', { name: v.name })}
                </span>
              ))}
            </div>
          );
        })}
      </div>
      <div
        ref={bodyRef}
        className="week-body"
        style={{ gridTemplateColumns: `${axisWidth}px repeat(7, minmax(0, 1fr))`, height }}
      >
        <div className="week-axis">
          {hours.map((h) => (
            <span key={h} className="week-hour" style={{ top: (h * 60 - startMin) * pxPerMinute }}>
              {`${two(h)}:00`}
            </span>
          ))}
          {slots.map((m) => (
            <span
              key={m}
              className="week-slot"
              data-time={`${two(Math.floor(m / 60))}:${two(m % 60)}`}
              style={{ top: (m - startMin) * pxPerMinute, height: snapMinutes * pxPerMinute }}
            />
          ))}
        </div>
        {days.map((d) => {
          const layout = layouts.get(d);
          const dayClosures = closures.filter((c) => c.date === d);
          return (
            <div
              key={d}
              className={`week-day${d === today ? ' is-today' : ''}`}
              data-date={d}
              style={{ ['--hour' as string]: `${60 * pxPerMinute}px` }}
            >
              {dayClosures.map((c) => {
                const from = minutesOfTime(c.from_time);
                return (
                  <div
                    key={c.id}
                    className="week-closure"
                    style={{ top: (from - startMin) * pxPerMinute, height: c.duration * pxPerMinute }}
                  >
                    <span className="week-closure-label">
                      {t('dashboard.legend.closedOf', { name: c.warehouse.name })}
                    </span>
                  </div>
                );
              })}
              {layout?.cards
                .filter((c) => c.start + (c.end - c.start) > startMin && c.start < endMin)
                .map((c) => (
                  <DayCard
                    key={c.order.id}
                    card={c}
                    lanes={layout.lanes}
                    top={
                      ((pending?.orderId === c.order.id ? pending.start : c.start) - startMin) * pxPerMinute
                    }
                    height={Math.max((c.end - c.start) * pxPerMinute, cardHeight(c.order))}
                    lit={props.highlightedOrderId === c.order.id}
                    dimmed={dragged?.id === c.order.id}
                    showIds={showIds}
                    draggable={canReschedule && !c.order.done}
                    actions={actions}
                  />
                ))}
              {layout?.overflow.map((o) => (
                <button
                  key={`more-${o.at}`}
                  type="button"
                  className="week-more"
                  data-intern-ids={o.orders.map((x) => x.intern_id).join(' ')}
                  style={{ top: Math.max(0, (o.at - startMin) * pxPerMinute) }}
                  onClick={() => onDayClick(d)}
                  aria-label={t('dashboard.moreLabel', {
                    count: o.orders.length,
                    day: format.dayMonth(d, 'short'),
                  })}
                >
                  +{o.orders.length}
                </button>
              ))}
              {d === today && nowMinutes >= startMin && nowMinutes < endMin ? (
                <div className="week-now" style={{ top: (nowMinutes - startMin) * pxPerMinute }} />
              ) : null}
            </div>
          );
        })}
      </div>
      {dragged && ghost ? (
        <div
          className="week-ghost"
          style={{ left: ghost.x - 40, top: ghost.y - (drag?.grabY ?? 0) }}
          aria-hidden
        >
          {cardName(dragged.calendar_name).name}
        </div>
      ) : null}
      <WeekLegend orders={orders} showTravel={showTravel} />
    </div>
  );
});

type CardActions = {
  click: (orderId: number) => void;
  down: (e: ReactPointerEvent<HTMLButtonElement>, order: CalendarEntry) => void;
  move: (e: ReactPointerEvent<HTMLButtonElement>) => void;
  up: (e: ReactPointerEvent<HTMLButtonElement>, order: CalendarEntry) => void;
  cancel: () => void;
};

type DayCardProps = {
  card: WeekCard;
  lanes: number;
  top: number;
  height: number;
  lit: boolean;
  dimmed: boolean;
  showIds: boolean;
  draggable: boolean;
  actions: { current: CardActions };
};

/** One order's card with its travel bands: its time, surname or organisation, town (decision 0081). */
const DayCard = memo(function DayCard({
  card: c,
  lanes,
  top,
  height,
  lit,
  dimmed,
  showIds,
  draggable,
  actions,
}: DayCardProps) {
  const { t } = useTranslation();
  const o = c.order;
  const { name, town } = cardName(o.calendar_name);
  const collection = isPersonalCollection(o);
  const color = o.warehouse?.color ?? '#868e96';
  const laneWidth = 100 / lanes;
  const left = `calc(${laneWidth * c.lane}% + 1px)`;
  // Read as shown (WCAG 2.5.3), then what the card leaves out: number, end, driver and car.
  const more = [
    `${t('dashboard.day.order')} ${o.intern_id}`,
    `${clockOf(c.start)}–${clockOf(c.end)}`,
    collection
      ? t('dashboard.overlay.personalCollection')
      : [o.driver?.name, o.car?.name].filter(Boolean).join(', '),
    o.paid ? t('dashboard.legend.paid') : '',
    o.done ? t('dashboard.legend.done') : '',
  ]
    .filter(Boolean)
    .join(', ');
  const classes = [
    'week-card',
    'order-block',
    lit ? 'order-highlighted' : '',
    collection ? 'is-collection' : '',
    o.done ? 'is-done' : '',
    draggable ? 'is-draggable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const band = (at: number) => (
    <span className="week-travel" style={{ top: at, height: c.travel * pxPerMinute, left, color }} />
  );
  return (
    <>
      {c.travel > 0 ? band(top - c.travel * pxPerMinute) : null}
      {c.travel > 0 ? band(top + (c.end - c.start) * pxPerMinute) : null}
      <button
        type="button"
        className={classes}
        data-order-id={o.id}
        style={{
          top,
          minHeight: height,
          left,
          width: `calc(${laneWidth}% - 2px)`,
          background: o.done ? '#f1f3f5' : tint(color),
          borderLeftColor: color,
          opacity: dimmed ? 0.4 : 1,
        }}
        onClick={() => actions.current.click(o.id)}
        onPointerDown={(e) => actions.current.down(e, o)}
        onPointerMove={(e) => actions.current.move(e)}
        onPointerUp={(e) => actions.current.up(e, o)}
        onPointerCancel={() => actions.current.cancel()}
      >
        <span className="week-card-line week-card-time">
          {clockOf(c.start)}
          {o.paid ? <span aria-hidden> ✓</span> : null}
        </span>{' '}
        <span className="week-card-line week-card-name">{name}</span>{' '}
        {town ? <span className="week-card-line week-card-town">{town}</span> : null}{' '}
        {showIds ? <span className="week-card-line week-card-id">{o.intern_id}</span> : null}
        <span className="week-sr">, {more}</span>
      </button>
    </>
  );
});

/** Minutes since Prague's midnight. */
function pragueMinutes(): number {
  const clock = pragueWallClockAsUtc();
  return clock.getUTCHours() * 60 + clock.getUTCMinutes();
}

/** Minutes since Prague's midnight, refreshed every minute (the now line). */
function useNow(): number {
  const [now, setNow] = useState(pragueMinutes);
  useEffect(() => {
    const timer = setInterval(() => setNow(pragueMinutes()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
