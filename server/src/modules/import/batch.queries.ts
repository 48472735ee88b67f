import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { customers } from '../../db/schema/index.ts';
import { json } from './import.queries.ts';

/**
 * The pages of customers and orders written in a few statements each (docs/decisions/0089-moving-in-orders-files-and-the-rest.md):
 * the rows as one jsonb parameter read back by `jsonb_to_recordset`, so that a page of a thousand
 * is one insert and one update, and the statement triggers of orders run once per page.
 */

export type CustomerValues = Omit<typeof customers.$inferInsert, 'id' | 'version' | 'createdAt'> & {
  internId: number;
};

const customerColumns = sql.raw(`intern_id bigint, first_name text, last_name text, organization_id text,
  organization_name text, vat_id text, email text, pre_phone text, phone text, full_address text, town text,
  zip_code text, country text, gps_lat numeric, gps_lon numeric, to_contact boolean`);
const customerRow = (v: CustomerValues, id?: number) => ({
  id,
  intern_id: v.internId,
  first_name: v.firstName,
  last_name: v.lastName,
  organization_id: v.organizationId ?? '',
  organization_name: v.organizationName ?? '',
  vat_id: v.vatId ?? '',
  email: v.email ?? '',
  pre_phone: v.prePhone ?? '+420',
  phone: v.phone,
  full_address: v.fullAddress,
  town: v.town,
  zip_code: v.zipCode,
  country: v.country,
  gps_lat: v.gpsLat,
  gps_lon: v.gpsLon,
  to_contact: v.toContact ?? false,
});

/** A page of customers: the new ones in one insert, the changed ones in one update. */
export async function writeCustomers(
  db: DbOrTx,
  records: { record: { values: CustomerValues }; existing: number | undefined }[],
): Promise<number[]> {
  const fresh = records.filter((r) => r.existing === undefined).map((r) => customerRow(r.record.values));
  const changed = records
    .filter((r) => r.existing !== undefined)
    .map((r) => customerRow(r.record.values, r.existing));
  const idOf = new Map<number, number>();
  if (fresh.length) {
    const rows = await rowsOf<{ id: number; intern_id: string }>(
      db,
      sql`insert into customers (intern_id, first_name, last_name, organization_id, organization_name, vat_id,
            email, pre_phone, phone, full_address, town, zip_code, country, gps_lat, gps_lon, to_contact)
          select x.intern_id, x.first_name, x.last_name, x.organization_id, x.organization_name, x.vat_id,
            x.email, x.pre_phone, x.phone, x.full_address, x.town, x.zip_code, x.country, x.gps_lat, x.gps_lon,
            x.to_contact
          from jsonb_to_recordset(${json(fresh)}) as x(${customerColumns})
          returning id, intern_id`,
    );
    for (const row of rows) idOf.set(Number(row.intern_id), row.id);
  }
  if (changed.length) {
    await db.execute(sql`update customers c set intern_id = x.intern_id, first_name = x.first_name,
          last_name = x.last_name, organization_id = x.organization_id, organization_name = x.organization_name,
          vat_id = x.vat_id, email = x.email, pre_phone = x.pre_phone, phone = x.phone,
          full_address = x.full_address, town = x.town, zip_code = x.zip_code, country = x.country,
          gps_lat = x.gps_lat, gps_lon = x.gps_lon, to_contact = x.to_contact, version = c.version + 1
        from jsonb_to_recordset(${json(changed)}) as x(id int, ${customerColumns})
        where c.id = x.id`);
  }
  return records.map((r) => r.existing ?? idOf.get(r.record.values.internId)!);
}

/** An order as brought over, with its lines (docs/decisions/0089-moving-in-orders-files-and-the-rest.md). */
export type OrderValues = {
  internId: number;
  customerId: number | null;
  warehouseId: number | null;
  currency: 'CZK' | 'EUR' | null;
  driverId: number | null;
  carId: number | null;
  supplierId: number | null;
  adtypeId: number | null;
  paymentType: 'cash' | 'qr_transfer';
  hidden: boolean;
  done: boolean;
  prepared: boolean;
  collectedRevenueAt: string | null;
  collectedRevenueBy: number | null;
  collectedRevenueBank: string | null;
  expectedDeliveryDate: string | null;
  /** HH:mm */
  expectedDeliveryTime: string | null;
  expectedDeliveryDuration: number;
  distance: number;
  duration: number;
  deliveryPriceAmount: number | null;
  minimumDeliveryPrice: number | null;
  note: string;
  createdAt: string;
  lines: {
    productId: number;
    amount: number;
    prepared: boolean;
    price: number;
    currency: 'CZK' | 'EUR';
    vat: number;
    discount: number;
  }[];
};

const orderColumns =
  sql.raw(`intern_id bigint, customer_id int, warehouse_id int, currency text, driver_id int,
  car_id int, supplier_id int, adtype_id int, payment_type text, hidden boolean, done boolean, prepared boolean,
  collected_revenue_at timestamptz, collected_revenue_by int, collected_revenue_bank text,
  expected_delivery_date date, expected_delivery_time time, expected_delivery_duration int, distance numeric,
  duration int, delivery_price_amount numeric, minimum_delivery_price numeric, note text, created_at timestamptz`);
const orderRow = (v: OrderValues, id?: number) => ({
  id,
  intern_id: v.internId,
  customer_id: v.customerId,
  warehouse_id: v.warehouseId,
  currency: v.currency,
  driver_id: v.driverId,
  car_id: v.carId,
  supplier_id: v.supplierId,
  adtype_id: v.adtypeId,
  payment_type: v.paymentType,
  hidden: v.hidden,
  done: v.done,
  prepared: v.prepared,
  collected_revenue_at: v.collectedRevenueAt,
  collected_revenue_by: v.collectedRevenueBy,
  collected_revenue_bank: v.collectedRevenueBank,
  expected_delivery_date: v.expectedDeliveryDate,
  expected_delivery_time: v.expectedDeliveryTime,
  expected_delivery_duration: v.expectedDeliveryDuration,
  distance: v.distance,
  duration: v.duration,
  delivery_price_amount: v.deliveryPriceAmount,
  minimum_delivery_price: v.minimumDeliveryPrice,
  note: v.note,
  created_at: v.createdAt,
});

/**
 * A page of orders in four statements: the new ones inserted, the changed ones updated, every
 * line inserted or updated in place (its id kept: a delivery's lines point at it), and the lines
 * the old system no longer has removed. No stock moves: the stock step's opening balance is the
 * old amount, after every delivery the old system made (decision 0089). The reservations, totals
 * and list counts follow by the triggers, as for any write of orders.
 */
export async function writeOrders(
  db: DbOrTx,
  records: { values: OrderValues; existing: number | undefined }[],
): Promise<number[]> {
  const fresh = records.filter((r) => r.existing === undefined).map((r) => orderRow(r.values));
  const changed = records.filter((r) => r.existing !== undefined).map((r) => orderRow(r.values, r.existing));
  const idOf = new Map<number, number>();
  if (fresh.length) {
    const rows = await rowsOf<{ id: number; intern_id: string }>(
      db,
      sql`insert into orders (intern_id, customer_id, warehouse_id, currency, driver_id, car_id, supplier_id,
            adtype_id, payment_type, hidden, done, prepared, collected_revenue_at, collected_revenue_by,
            collected_revenue_bank, expected_delivery_date, expected_delivery_time, expected_delivery_duration,
            distance, duration, delivery_price_amount, minimum_delivery_price, note, created_at)
          select x.intern_id, x.customer_id, x.warehouse_id, x.currency, x.driver_id, x.car_id, x.supplier_id,
            x.adtype_id, x.payment_type, x.hidden, x.done, x.prepared, x.collected_revenue_at,
            x.collected_revenue_by, x.collected_revenue_bank, x.expected_delivery_date,
            x.expected_delivery_time, x.expected_delivery_duration, x.distance, x.duration,
            x.delivery_price_amount, x.minimum_delivery_price, x.note, x.created_at
          from jsonb_to_recordset(${json(fresh)}) as x(${orderColumns})
          returning id, intern_id`,
    );
    for (const row of rows) idOf.set(Number(row.intern_id), row.id);
  }
  if (changed.length) {
    await db.execute(sql`update orders o set intern_id = x.intern_id, customer_id = x.customer_id,
          warehouse_id = x.warehouse_id, currency = x.currency, driver_id = x.driver_id, car_id = x.car_id,
          supplier_id = x.supplier_id, adtype_id = x.adtype_id, payment_type = x.payment_type,
          hidden = x.hidden, done = x.done, prepared = x.prepared,
          collected_revenue_at = x.collected_revenue_at, collected_revenue_by = x.collected_revenue_by,
          collected_revenue_bank = x.collected_revenue_bank, expected_delivery_date = x.expected_delivery_date,
          expected_delivery_time = x.expected_delivery_time,
          expected_delivery_duration = x.expected_delivery_duration, distance = x.distance,
          duration = x.duration, delivery_price_amount = x.delivery_price_amount,
          minimum_delivery_price = x.minimum_delivery_price, note = x.note, created_at = x.created_at,
          draft_touched_at = null, version = o.version + 1
        from jsonb_to_recordset(${json(changed)}) as x(id int, ${orderColumns})
        where o.id = x.id`);
  }
  const ids = records.map((r) => r.existing ?? idOf.get(r.values.internId)!);
  const linesOf = (which: (r: (typeof records)[number]) => boolean) =>
    records.flatMap((r, i) =>
      which(r)
        ? r.values.lines.map((l) => ({
            order_id: ids[i],
            product_id: l.productId,
            amount: l.amount,
            prepared: l.prepared,
            price: l.price,
            currency: l.currency,
            vat: l.vat,
            discount: l.discount,
          }))
        : [],
    );
  const lineColumns = sql.raw(`order_id int, product_id int, amount numeric, prepared boolean, price numeric,
    currency text, vat smallint, discount numeric`);
  // A new order's lines are new: a plain insert, without the conflict check of each row.
  const freshLines = linesOf((r) => r.existing === undefined);
  if (freshLines.length) {
    await db.execute(sql`insert into order_items (order_id, product_id, amount, prepared, price, currency, vat, discount)
        select x.order_id, x.product_id, x.amount, x.prepared, x.price, x.currency, x.vat, x.discount
        from jsonb_to_recordset(${json(freshLines)}) as x(${lineColumns})`);
  }
  const changedLines = linesOf((r) => r.existing !== undefined);
  if (changed.length) {
    if (changedLines.length) {
      await db.execute(sql`insert into order_items (order_id, product_id, amount, prepared, price, currency, vat, discount)
          select x.order_id, x.product_id, x.amount, x.prepared, x.price, x.currency, x.vat, x.discount
          from jsonb_to_recordset(${json(changedLines)}) as x(${lineColumns})
          on conflict (order_id, product_id) do update set amount = excluded.amount,
            prepared = excluded.prepared, price = excluded.price, currency = excluded.currency,
            vat = excluded.vat, discount = excluded.discount`);
    }
    const keep = changedLines.map((l) => ({ o: l.order_id, p: l.product_id }));
    await db.execute(sql`delete from order_items i
        where i.order_id = any(${sql.param(changed.map((c) => c.id))}::int[])
          and not exists (select 1 from jsonb_to_recordset(${json(keep)}) as k(o int, p int)
            where k.o = i.order_id and k.p = i.product_id)`);
  }
  return ids;
}

/**
 * Orders added here after the move get numbers above the old system's (domain.md §3.3 Order
 * numbers): each year's counter is moved past the highest number of that year.
 */
export async function advanceOrderNumbers(db: DbOrTx) {
  await db.execute(sql`
    insert into order_number_counters (year, last)
    select (intern_id / 1000000)::smallint, max(intern_id % 1000000)::int from orders
    group by 1 having max(intern_id % 1000000) >= 1
    on conflict (year) do update set last = greatest(order_number_counters.last, excluded.last)`);
}

/** A product's stock in a warehouse moved by `delta`: what `addOpeningBalance` writes for one. */
export type StockValues = { warehouseId: number; productId: number; delta: number };

/**
 * A page of opening balances in one statement: every stock row moved by its delta (a zero delta
 * only makes sure the warehouse keeps the product), and a ledger row of each delta that is not
 * zero, with the amount it left. Answers the products' ids, as `addOpeningBalance`'s record does.
 */
export async function addOpeningBalances(db: DbOrTx, rows: StockValues[]): Promise<number[]> {
  const moves = rows.map((r) => ({ w: r.warehouseId, p: r.productId, d: r.delta }));
  await db.execute(sql`with x as (
        select * from rows from (jsonb_to_recordset(${json(moves)}) as (w int, p int, d numeric))
          with ordinality as x(w, p, d, n)),
      moved as (
        insert into product_stock (warehouse_id, product_id, amount)
        select x.w, x.p, x.d from x
        on conflict (warehouse_id, product_id)
          do update set amount = product_stock.amount + excluded.amount, updated_at = now()
        returning warehouse_id, product_id, amount)
    insert into stock_ledger (warehouse_id, product_id, delta, amount_after, reason)
    select x.w, x.p, x.d, moved.amount, 'opening_balance'
    from x join moved on moved.warehouse_id = x.w and moved.product_id = x.p
    where x.d <> 0
    order by x.n`);
  return rows.map((r) => r.productId);
}
