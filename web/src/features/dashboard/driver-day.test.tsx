import type { CalendarOrder } from '@letokruh/contracts/order-calendar';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, t } from '../../test-utils';
import { makeOrder } from '../orders/test-data';
import { DriverDay } from './driver-day';
import { dayLanes } from './driver-day-layout';
import { entryOf } from './test-week';

const day = '2026-11-18';
const josef = { id: 5, username: 'driver', first_name: 'Josef', last_name: 'Černý', name: 'Josef Černý' };
const adam = { id: 7, username: 'adam', first_name: 'Adam', last_name: 'Bílý', name: 'Adam Bílý' };
const car = { id: 2, name: 'Avia', hex_color: '#2b8a3e' };

function order(id: number, time: string, overrides: Partial<CalendarOrder> = {}): CalendarEntry {
  const { files: _files, ...o } = makeOrder({
    id,
    intern_id: 2026000000 + id,
    expected_delivery_date: day,
    expected_delivery_time: time,
    expected_delivery_duration: 60,
    duration: 30,
    ...overrides,
  });
  return entryOf(o);
}

const orders = [
  order(1, '08:00', { driver: josef, car, calendar_name: 'Novák, Jihlava' }),
  order(2, '08:30', { driver: josef, car, calendar_name: 'Dvořák, Třebíč' }),
  order(3, '09:00', { driver: adam, car, calendar_name: 'Svoboda, Pelhřimov' }),
  order(4, '10:00', { driver: null, car: null, calendar_name: 'Procházka, Jihlava' }),
  order(5, '11:00', { driver: null, car, calendar_name: 'Kučera, Humpolec' }),
  order(6, '11:00', { driver: adam, car, calendar_name: 'Jiný den', expected_delivery_date: '2026-11-19' }),
];

describe('dayLanes', () => {
  it('gives each driver a lane by name, then collections, then the unassigned', () => {
    const lanes = dayLanes(orders, day, true);
    expect(lanes.map((l) => [l.kind, l.name, l.orders.map((p) => p.order.id)])).toEqual([
      ['driver', 'Adam Bílý', [3]],
      ['driver', 'Josef Černý', [1, 2]],
      ['collection', '', [4]],
      ['unassigned', '', [5]],
    ]);
  });

  it('sets a driver’s overlapping orders side by side, travel included only when shown', () => {
    const josefs = (travel: boolean) => dayLanes(orders, day, travel).find((l) => l.name === 'Josef Černý')!;
    expect(josefs(true).orders.map((p) => [p.column, p.columns])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    // 8:00–9:00 and 8:30–9:30 overlap even without travel.
    expect(josefs(false).orders.map((p) => p.columns)).toEqual([2, 2]);
    const apart = [order(1, '08:00', { driver: josef }), order(2, '09:30', { driver: josef })];
    // 7:30–9:30 and 9:00–11:00 with travel; 8:00–9:00 and 9:30–10:30 without.
    expect(dayLanes(apart, day, true)[0]!.orders.map((p) => p.column)).toEqual([0, 1]);
    expect(dayLanes(apart, day, false)[0]!.orders.map((p) => [p.column, p.columns])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('draws no travel for a personal collection: nobody drives', () => {
    const lanes = dayLanes(orders, day, true);
    expect(lanes.find((l) => l.kind === 'collection')!.orders.map((p) => p.travel)).toEqual([0]);
    expect(lanes.find((l) => l.name === 'Adam Bílý')!.orders.map((p) => p.travel)).toEqual([30]);
  });

  it('keeps an empty lane for personal collections and no unassigned lane when none', () => {
    const lanes = dayLanes([orders[0]!], day, true);
    expect(lanes.map((l) => l.kind)).toEqual(['driver', 'collection']);
    expect(lanes[1]!.orders).toEqual([]);
  });
});

describe('DriverDay', () => {
  const render = (onOrderClick = vi.fn()) =>
    renderWithApp(
      <DriverDay
        date={day}
        orders={orders}
        closures={[]}
        driverVacations={[{ id: 1, user_id: 9, date: day, name: 'Petr Malý', hex_color: '#e8590c' }]}
        startHour={6}
        endHour={18}
        showIds={false}
        showTravel
        highlightedOrderId={3}
        onOrderClick={onOrderClick}
      />,
    );

  it('puts each order as a named button in its driver’s column, collections and the unassigned apart', async () => {
    const onOrderClick = vi.fn();
    const { user } = render(onOrderClick);
    const lane = (name: string) => screen.getByRole('region', { name });
    const names = (name: string) =>
      within(lane(name))
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(names('Josef Černý')).toEqual([
      // The visible text first (WCAG 2.5.3), then the number and the lane.
      `08:00–09:00 Novák, Jihlava · Avia, ${t('dashboard.day.order')} 2026000001, Josef Černý`,
      `08:30–09:30 Dvořák, Třebíč · Avia, ${t('dashboard.day.order')} 2026000002, Josef Černý`,
    ]);
    expect(names('Adam Bílý')).toHaveLength(1);
    expect(names(t('dashboard.day.lane.collection'))).toEqual([
      `10:00–11:00 Procházka, Jihlava, ${t('dashboard.day.order')} 2026000004, ${t('dashboard.day.lane.collection')}`,
    ]);
    expect(names(t('dashboard.day.lane.unassigned'))[0]).toContain('Kučera, Humpolec');
    // Another day's order is not drawn.
    expect(screen.queryByText(/Jiný den/)).toBeNull();
    // The lanes' order, left to right, and the drivers on vacation.
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Adam Bílý',
      'Josef Černý',
      t('dashboard.day.lane.collection'),
      t('dashboard.day.lane.unassigned'),
    ]);
    expect(screen.getByText('Petr Malý')).toBeTruthy();

    const second = within(lane('Josef Černý')).getAllByRole('button')[1]!;
    await user.click(second);
    expect(onOrderClick).toHaveBeenCalledWith(2);
    // Side by side: the second of the two overlapping orders starts halfway across.
    expect(second.style.left).toBe('calc(50% + 2px)');
    // 8:30 is two and a half hours below 6:00, an hour is 64 px.
    expect(second.style.top).toBe('160px');
  });

  it('marks the open order as pressed, in the highlight colour', () => {
    render();
    const open = within(screen.getByRole('region', { name: 'Adam Bílý' })).getByRole('button');
    expect(open.getAttribute('aria-pressed')).toBe('true');
    expect(open.style.backgroundColor).toBe('rgb(134, 46, 156)');
  });
});
