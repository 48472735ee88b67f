import { internIdOf } from '@letokruh/contracts/orders';
import { estimateRoute, greatCircleKm, type Point } from '@letokruh/contracts/rules/distance';
import type { Currency } from '@letokruh/contracts/rules/money';
import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { seededRandom } from '@letokruh/contracts/rules/seeded-random';

/**
 * The demo orders as plain data, from what the database already holds: deterministic for the same
 * input, chronological, so that done orders take only stock that is there.
 */

export type PlanInput = {
  today: string;
  /** The moment of seeding: no order is taken after it (none "created" in the future). */
  now?: Date;
  customers: ({ id: number } & Point)[];
  warehouses: ({ id: number; drivers: number[]; cars: number[] } & Point)[];
  /** Price with VAT and VAT per `${warehouseId}:${currency}:${productId}`. */
  prices: Map<string, { price: number; vat: number }>;
  productIds: number[];
  /** Stock per `${warehouseId}:${productId}`; changed as done orders take from it. */
  stock: Map<string, number>;
  suppliers: number[];
  adtypes: number[];
  collectors: number[];
  createdBy: number;
  /** Days a driver is away, `${userId}:${day}`; days a warehouse is closed, `${warehouseId}:${day}`. */
  away: Set<string>;
};

export type PlannedOrder = {
  internId: number;
  customerId: number;
  warehouseId: number;
  currency: Currency;
  driverId: number | null;
  carId: number | null;
  supplierId: number | null;
  adtypeId: number | null;
  paymentType: 'cash' | 'qr_transfer';
  hidden: boolean;
  done: boolean;
  prepared: boolean;
  collectedRevenueBy: number | null;
  collectedRevenueAt: Date | null;
  expectedDeliveryDate: string;
  expectedDeliveryTime: string;
  expectedDeliveryDuration: number;
  distance: number;
  duration: number;
  deliveryPriceAmount: number;
  minimumDeliveryPrice: number;
  note: string;
  createdBy: number;
  createdAt: Date;
  lines: { productId: number; amount: number; price: number; vat: number; prepared: boolean }[];
};

const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const notes = ['Zavolat hodinu předem.', 'Složit za garáž.', 'Vjezd z boční ulice.', 'Platí manželka.', ''];

/** About eight orders a working day from three weeks back to three weeks ahead, in every state. */
/** Something planned for later (an order taken, money collected) happened before `now`, minutes apart. */
function takenBy(planned: Date, now: Date | undefined, n: number): Date {
  if (!now) return planned;
  const latest = now.getTime() - (1 + (n % 240)) * 60_000;
  return planned.getTime() > latest ? new Date(latest) : planned;
}

export function planOrders(input: PlanInput, days = 21): PlannedOrder[] {
  const next = seededRandom(20260501);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const planned: PlannedOrder[] = [];
  for (let offset = -days; offset <= days; offset++) {
    const day = addDays(input.today, offset);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) continue; // no deliveries on Sundays
    const busy = new Map<string, number>(); // driver or car → first free minute of the day
    for (let n = 0; n < 8; n++) {
      const customer = pick(input.customers);
      // Mostly the nearest yard, sometimes another one.
      const byDistance = [...input.warehouses].sort(
        (a, b) => greatCircleKm(a, customer) - greatCircleKm(b, customer),
      );
      const warehouse = next() < 0.7 ? byDistance[0]! : pick(input.warehouses);
      if (input.away.has(`${warehouse.id}:${day}`)) continue;
      const route = estimateRoute(warehouse, customer);
      const currency: Currency = next() < 0.1 ? 'EUR' : 'CZK';
      const stay = pick([30, 45, 60, 60, 90]);
      const index = Math.floor(next() * Math.max(1, warehouse.drivers.length));
      let driverId: number | null = next() < 0.85 ? (warehouse.drivers[index] ?? null) : null;
      if (driverId !== null && input.away.has(`${driverId}:${day}`)) driverId = null;
      let carId = driverId === null ? null : (warehouse.cars[index % warehouse.cars.length] ?? null);
      let start = 7 * 60 + Math.floor(next() * 36) * 15; // personal collection: any quarter 7:00–15:45
      if (driverId !== null) {
        const free = Math.max(busy.get(`d${driverId}`) ?? 7 * 60, busy.get(`c${carId}`) ?? 7 * 60);
        start = Math.ceil((free + route.duration) / 15) * 15;
        const end = start + stay + route.duration;
        if (end > 18 * 60) {
          [driverId, carId] = [null, null];
          start = 8 * 60 + Math.floor(next() * 30) * 15;
        } else {
          busy.set(`d${driverId}`, end + 15);
          busy.set(`c${carId}`, end + 15);
        }
      }
      const past = offset < 0 || (offset === 0 && start < 10 * 60);
      const roll = next();
      const hidden = roll < (past ? 0.07 : 0.04);
      const done = !hidden && past && roll < 0.93;
      const lines: PlannedOrder['lines'] = [];
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
        const productId = pick(input.productIds);
        const offered = input.prices.get(`${warehouse.id}:${currency}:${productId}`);
        const amount = 1 + Math.floor(next() * 5) + (next() < 0.2 ? 0.5 : 0);
        const kept = input.stock.get(`${warehouse.id}:${productId}`) ?? 0;
        if (!offered || lines.some((l) => l.productId === productId) || (done && kept < amount)) continue;
        if (done) input.stock.set(`${warehouse.id}:${productId}`, kept - amount);
        lines.push({
          productId,
          amount,
          ...offered,
          prepared: done || (offset >= 0 && offset <= 2 && roll > 0.8),
        });
      }
      if (!lines.length) continue;
      const paymentType = next() < 0.3 ? 'qr_transfer' : 'cash';
      const collected = done && next() < 0.8;
      planned.push({
        internId: 0,
        customerId: customer.id,
        warehouseId: warehouse.id,
        currency,
        driverId,
        carId,
        supplierId: paymentType === 'qr_transfer' || next() < 0.5 ? pick(input.suppliers) : null,
        adtypeId: next() < 0.6 ? pick(input.adtypes) : null,
        paymentType,
        hidden,
        done,
        prepared: lines.every((l) => l.prepared),
        collectedRevenueBy: collected ? pick(input.collectors) : null,
        collectedRevenueAt: collected
          ? takenBy(new Date(`${day}T${clock(start + stay)}:00+01:00`), input.now, n)
          : null,
        expectedDeliveryDate: day,
        expectedDeliveryTime: clock(start),
        expectedDeliveryDuration: stay,
        distance: route.distance,
        duration: route.duration,
        // A personal collection (no driver) carries no transport price (decision 0031), as step 3 saves it.
        deliveryPriceAmount: driverId === null ? 0 : deliveryDefaults[currency].rate,
        minimumDeliveryPrice: driverId === null ? 0 : deliveryDefaults[currency].minimum,
        note: pick(notes),
        createdBy: input.createdBy,
        createdAt: takenBy(
          new Date(`${addDays(day, -1 - Math.floor(next() * 10))}T${clock(8 * 60 + n * 37)}:00+01:00`),
          input.now,
          n,
        ),
        lines,
      });
    }
  }
  // Numbers in the order the orders were taken, within each year.
  const sequence = new Map<number, number>();
  for (const order of [...planned].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const year = Number(pragueDay(order.createdAt).slice(0, 4));
    sequence.set(year, (sequence.get(year) ?? 0) + 1);
    order.internId = internIdOf(year, sequence.get(year)!);
  }
  return planned;
}
