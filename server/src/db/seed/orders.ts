import { spanDays } from '@letokruh/contracts/rules/delivery-span';
import { eachDay, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';
import { planOrders } from './orders-plan.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A few hundred demo orders around the day the demo is loaded, in every state, with
 * items, drivers, cars and both payment types. Done orders take their goods through ledger rows,
 * so every stock amount still equals the sum of its ledger. Skipped when any order exists.
 */
export async function seedOrders(db: DbOrTx, today = pragueDay()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(s.orders);
  if ((existing?.n ?? 0) > 0) return;
  const customers = await db
    .select({ id: s.customers.id, lat: s.customers.gpsLat, lon: s.customers.gpsLon })
    .from(s.customers)
    .orderBy(asc(s.customers.id));
  const warehouseRows = await db
    .select({ id: s.warehouses.id, lat: s.warehouses.gpsLat, lon: s.warehouses.gpsLon })
    .from(s.warehouses)
    .where(eq(s.warehouses.hidden, false))
    .orderBy(asc(s.warehouses.id));
  if (!customers.length || !warehouseRows.length) return;
  const staff = await db.select().from(s.warehouseStaff).orderBy(asc(s.warehouseStaff.userId));
  const cars = await db.select().from(s.cars).where(eq(s.cars.retired, false)).orderBy(asc(s.cars.id));
  const warehouses = warehouseRows.map((w) => ({
    ...w,
    drivers: staff.filter((st) => st.warehouseId === w.id && st.role === 'driver').map((st) => st.userId),
    cars: cars.filter((c) => c.warehouseId === w.id).map((c) => c.id),
  }));
  const prices = new Map(
    rowsOf<{ warehouse_id: number; currency: string; product_id: number; price: string; vat: number }>(
      await db.execute(sql`select distinct on (pp.warehouse_id, pp.currency, pp.product_id)
          pp.warehouse_id, pp.currency, pp.product_id, pp.price::text as price, pp.vat
        from product_prices pp join products p on p.id = pp.product_id
        where not p.hidden and pp.from_date <= ${today}::date
        order by pp.warehouse_id, pp.currency, pp.product_id, pp.from_date desc, pp.id desc`),
    ).map((r) => [`${r.warehouse_id}:${r.currency}:${r.product_id}`, { price: Number(r.price), vat: r.vat }]),
  );
  const stockRows = await db.select().from(s.productStock);
  const stock = new Map(stockRows.map((r) => [`${r.warehouseId}:${r.productId}`, r.amount]));
  const before = new Map(stock);
  const users = new Map(
    (await db.select({ id: s.users.id, username: s.users.username }).from(s.users)).map((u) => [
      u.username,
      u.id,
    ]),
  );
  // Nobody is sent out on a vacation, and a closed yard sends nothing that day.
  const away = new Set<string>();
  for (const v of await db.select().from(s.userVacations).where(isNull(s.userVacations.deactivatedAt))) {
    for (const day of eachDay(v.vacationFrom, v.vacationTo)) away.add(`${v.userId}:${day}`);
  }
  for (const c of await db
    .select()
    .from(s.warehouseVacations)
    .where(isNull(s.warehouseVacations.deactivatedAt))) {
    const wallClock = (t: string) => t.replace(' ', 'T').slice(0, 16);
    for (const day of spanDays({ from: wallClock(c.startsAt), to: wallClock(c.endsAt) })) {
      away.add(`${c.warehouseId}:${day}`);
    }
  }
  const planned = planOrders({
    today,
    now: new Date(),
    customers,
    warehouses,
    prices,
    productIds: [...new Set(stockRows.map((r) => r.productId))].sort((a, b) => a - b),
    stock,
    suppliers: (
      await db.select({ id: s.suppliers.id }).from(s.suppliers).where(eq(s.suppliers.active, true))
    ).map((r) => r.id),
    adtypes: (await db.select({ id: s.adtypes.id }).from(s.adtypes).where(eq(s.adtypes.active, true))).map(
      (r) => r.id,
    ),
    collectors: [users.get('owner'), users.get('dispatcher')].filter((id): id is number => id !== undefined),
    createdBy: users.get('dispatcher') ?? users.get('owner') ?? 1,
    away,
  });
  if (!planned.length) return;

  const inserted: { id: number }[] = [];
  for (let i = 0; i < planned.length; i += 500) {
    const batch = planned.slice(i, i + 500).map(({ lines: _lines, ...order }) => order);
    inserted.push(...(await db.insert(s.orders).values(batch).returning({ id: s.orders.id })));
  }
  const items = planned.flatMap((order, i) =>
    order.lines.map((l) => ({ ...l, orderId: inserted[i]!.id, currency: order.currency })),
  );
  for (let i = 0; i < items.length; i += 1000) await db.insert(s.orderItems).values(items.slice(i, i + 1000));

  // Done orders took their goods: ledger rows in delivery order, then the stock rows in one go.
  const running = new Map(before);
  const ledger = planned.flatMap((order, i) =>
    order.done
      ? order.lines.map((l) => {
          const key = `${order.warehouseId}:${l.productId}`;
          const amountAfter = (running.get(key) ?? 0) - l.amount;
          running.set(key, amountAfter);
          return {
            warehouseId: order.warehouseId,
            productId: l.productId,
            delta: -l.amount,
            amountAfter,
            reason: 'order_done' as const,
            userId: order.createdBy,
            orderId: inserted[i]!.id,
          };
        })
      : [],
  );
  for (let i = 0; i < ledger.length; i += 1000)
    await db.insert(s.stockLedger).values(ledger.slice(i, i + 1000));
  const changed = [...running].filter(([key, amount]) => before.get(key) !== amount);
  if (changed.length) {
    const keys = changed.map(([key]) => key.split(':').map(Number) as [number, number]);
    await db.execute(sql`update product_stock ps set amount = v.amount, updated_at = now()
      from unnest(${sql.param(keys.map((k) => k[0]))}::int[], ${sql.param(keys.map((k) => k[1]))}::int[],
        ${sql.param(changed.map(([, amount]) => amount))}::numeric[]) as v(w, p, amount)
      where ps.warehouse_id = v.w and ps.product_id = v.p`);
  }

  // The counters go on after the numbers the demo used.
  const years = new Map<number, number>();
  for (const o of planned) {
    const year = Math.floor(o.internId / 1e6);
    years.set(year, Math.max(years.get(year) ?? 0, o.internId % 1e6));
  }
  await db
    .insert(s.orderNumberCounters)
    .values([...years].map(([year, last]) => ({ year, last })))
    .onConflictDoNothing();
}
