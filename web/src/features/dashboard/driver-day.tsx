import './driver-day.css';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import type { CalendarClosure, CalendarDriverVacation } from '@letokruh/contracts/vacations';
import type { CSSProperties } from 'react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readableTextOn as readableOn } from '../../ui/contrast';
import { clockOf, type DayLane, dayLanes, minutesOfTime, type PlacedOrder } from './driver-day-layout';

export type DriverDayProps = {
  /** The day shown, YYYY-MM-DD. */
  date: string;
  orders: CalendarEntry[];
  closures: CalendarClosure[];
  driverVacations: CalendarDriverVacation[];
  startHour: number;
  endHour: number;
  showIds: boolean;
  showTravel: boolean;
  highlightedOrderId: number | null;
  onOrderClick: (orderId: number) => void;
};

/** Pixels of one hour: four quarter-hour rows as tall as the week view's (domain.md §1.9). */
const hourPx = 64;

const laneName = (lane: DayLane, t: (key: string) => string) =>
  lane.kind === 'driver' ? lane.name : t(`dashboard.day.lane.${lane.kind}`);

/** domain.md §1.2: orders in their car's colour (the warehouse's without a car), grape when open. */
function colours(order: CalendarEntry, lit: boolean): CSSProperties {
  if (lit) return { background: '#862e9c', color: '#ffffff', borderColor: '#4a1153' };
  const background = order.car?.hex_color ?? order.warehouse?.color ?? '#868e96';
  const color = order.car ? readableOn(order.car.hex_color) : (order.warehouse?.text_color ?? '#ffffff');
  return { background, color, borderColor: order.warehouse?.color ?? background };
}

type OrderBlockProps = {
  placed: PlacedOrder;
  from: number;
  to: number;
  showIds: boolean;
  lit: boolean;
  laneLabel: string;
  onOrderClick: (orderId: number) => void;
};

function OrderBlock({ placed, from, to, showIds, lit, laneLabel, onOrderClick }: OrderBlockProps) {
  const { t } = useTranslation();
  const { order } = placed;
  const y = (minute: number) => (Math.min(Math.max(minute, from), to) - from) * (hourPx / 60);
  const top = y(placed.start);
  const height = Math.max(y(placed.end) - top, 18);
  const horizontal = {
    left: `calc(${(placed.column / placed.columns) * 100}% + 2px)`,
    width: `calc(${100 / placed.columns}% - 4px)`,
  };
  const style = colours(order, lit);
  const paid = order.paid;
  const time = `${clockOf(placed.start)}–${clockOf(placed.end)}`;
  const text = [showIds ? String(order.intern_id) : null, order.calendar_name, order.car?.name]
    .filter(Boolean)
    .join(' · ');
  // The name starts with the visible text (WCAG 2.5.3 label in name), then what only the colour
  // and the column say: the number, the driver's lane, paid.
  const label = [`${time} ${text}`, `${t('dashboard.day.order')} ${order.intern_id}`, laneLabel]
    .concat(paid ? [t('dashboard.flags.paid')] : [])
    .join(', ');
  const travel = placed.travel;
  return (
    <>
      {travel > 0 ? (
        <>
          <div
            aria-hidden
            className="driver-day-travel"
            style={{
              ...style,
              ...horizontal,
              top: y(placed.start - travel),
              height: top - y(placed.start - travel),
            }}
          />
          <div
            aria-hidden
            className="driver-day-travel"
            style={{
              ...style,
              ...horizontal,
              top: top + height,
              height: Math.max(0, y(placed.end + travel) - y(placed.end)),
            }}
          />
        </>
      ) : null}
      <button
        type="button"
        className={lit ? 'driver-day-order order-highlighted' : 'driver-day-order'}
        style={{ ...style, ...horizontal, top, height }}
        aria-label={label}
        aria-pressed={lit}
        data-order-id={order.id}
        onClick={() => onOrderClick(order.id)}
      >
        <span className="driver-day-time">{time}</span> {paid ? <span aria-hidden>✓ </span> : null}
        {text}
      </button>
    </>
  );
}

/**
 * The day view of the dashboard (decision 0026): a column per driver with that day's orders and their
 * travel blocks, a lane of personal collections, and a lane of orders without a driver. Plain CSS
 * grid, not FullCalendar: its resource views (a column per driver) are not under the MIT licence.
 * Every order is a button named by its time, number, customer and driver.
 */
export const DriverDay = memo(function DriverDay(props: DriverDayProps) {
  const { t } = useTranslation();
  const { date, orders, showTravel, startHour, endHour } = props;
  const lanes = useMemo(() => dayLanes(orders, date, showTravel), [orders, date, showTravel]);
  const from = startHour * 60;
  const to = endHour * 60;
  const hours = Array.from({ length: endHour - startHour }, (_, i) => startHour + i);
  const closures = props.closures
    .filter((c) => c.date === date)
    .map((c) => ({ ...c, start: minutesOfTime(c.from_time) }));
  const vacations = props.driverVacations.filter((v) => v.date === date);
  const bodyHeight = (endHour - startHour) * hourPx;
  // A lane is wide enough for its side-by-side orders to keep a readable width (4.5rem each).
  const widths = lanes.map((lane) => {
    const columns = Math.max(1, ...lane.orders.map((p) => p.columns));
    return `minmax(${Math.max(9, columns * 4.5)}rem, 1fr)`;
  });
  const grid = { gridTemplateColumns: `3.5rem ${widths.join(' ')}` };

  return (
    <div className="letokruh-driver-day" data-testid="driver-day">
      {vacations.length > 0 ? (
        <p className="driver-day-vacations">
          {t('dashboard.day.vacations')}{' '}
          {vacations.map((v) => (
            <span
              key={`${v.id}-${v.date}`}
              className="driver-day-vacation"
              style={{ borderColor: v.hex_color }}
            >
              {v.name}
            </span>
          ))}
        </p>
      ) : null}
      <div className="driver-day-scroll">
        <div className="driver-day-grid" style={grid}>
          <div className="driver-day-corner" />
          {lanes.map((lane) => (
            <div key={lane.key} className="driver-day-head" data-lane={lane.kind}>
              {laneName(lane, t)}
              <span className="driver-day-count">{lane.orders.length}</span>
            </div>
          ))}
          <div className="driver-day-hours" style={{ height: bodyHeight }}>
            {hours.map((h) => (
              <span key={h} style={{ top: (h - startHour) * hourPx }}>
                {clockOf(h * 60)}
              </span>
            ))}
          </div>
          {lanes.map((lane) => {
            const name = laneName(lane, t);
            return (
              <section
                key={lane.key}
                className="driver-day-lane"
                data-lane={lane.kind}
                aria-label={name}
                style={{ height: bodyHeight, backgroundSize: `100% ${hourPx}px` }}
              >
                {closures.map((c) => (
                  <div
                    key={`${c.id}-${c.date}`}
                    className="driver-day-closure"
                    title={c.warehouse.name}
                    style={{
                      top: (Math.max(c.start, from) - from) * (hourPx / 60),
                      height:
                        Math.max(0, Math.min(c.start + c.duration, to) - Math.max(c.start, from)) *
                        (hourPx / 60),
                    }}
                  />
                ))}
                {lane.orders.map((placed) => (
                  <OrderBlock
                    key={placed.order.id}
                    placed={placed}
                    from={from}
                    to={to}
                    showIds={props.showIds}
                    lit={props.highlightedOrderId === placed.order.id}
                    laneLabel={name}
                    onOrderClick={props.onOrderClick}
                  />
                ))}
              </section>
            );
          })}
        </div>
      </div>
    </div>
  );
});
