/**
 * The benchmark database: by default 1 000 000 orders of about 3 items, 200 000
 * customers, 5 warehouses and two years of stock ledger, deterministic for the same flags.
 *
 *   npm run bench:generate -- --orders 20000 --data-dir /tmp/bench-data        # PGlite
 *   npm run bench:generate -- --orders 20000 --database-url postgres://…/bench  # PostgreSQL
 *
 * The database is migrated by the server's own code (server/src/db/client.ts) and must hold no
 * customers or orders yet. See bench/README.md for every flag.
 */
import { estimateRoute, type Point } from '@letokruh/contracts/rules/distance';
import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { textColorFor } from '@letokruh/contracts/warehouses';
import { asc, count, eq, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, openDatabase } from '../server/src/db/client.ts';
import { rowsOf } from '../server/src/db/rows.ts';
import * as s from '../server/src/db/schema/index.ts';
import { seedCatalogue } from '../server/src/db/seed/catalogue.ts';
import { demoCustomers } from '../server/src/db/seed/customers.ts';
import { seedPermissions } from '../server/src/db/seed/reference.ts';
import { seedReferenceData, seedVacations } from '../server/src/db/seed/reference-data.ts';
import { createUser, seedDemoUsers } from '../server/src/db/seed/users.ts';
import { seedWarehouses } from '../server/src/db/seed/warehouses.ts';
import { Batch, cumulate, flags, insertColumns, progress, random, weighted } from './lib/common.ts';

const f = flags();
const options = {
  orders: f.int('orders', 1_000_000, 0, 50_000_000),
  customers: f.int('customers', -1, -1, 10_000_000),
  warehouses: f.int('warehouses', 5, 1, 5),
  driversPerWarehouse: f.int('drivers-per-warehouse', 6, 1, 50),
  days: f.int('days', 730, 7, 3650),
  end: f.string('end', pragueDay()),
  seed: f.int('seed', 20260901, 0, 2 ** 32 - 1),
  batch: f.int('batch', 1000, 10, 50_000),
  databaseUrl: f.optional('database-url') ?? process.env.DATABASE_URL,
  dataDir: f.optional('data-dir') ?? process.env.DATA_DIR,
};
if (options.customers < 0) options.customers = Math.max(1, Math.round(options.orders / 5));
if (!/^\d{4}-\d{2}-\d{2}$/.test(options.end)) throw new Error('--end must be YYYY-MM-DD');
if (!options.databaseUrl && !options.dataDir) {
  throw new Error('Name the target: --database-url postgres://… or --data-dir /tmp/some-fresh-folder');
}

/** Two more yards on the Vysočina beside the demo's three. */
const extraWarehouses = [
  {
    name: 'Sklad Pelhřimov',
    fullAddress: 'Myslotínská 1740, 393 01 Pelhřimov',
    town: 'Pelhřimov',
    zipCode: '393 01',
    gpsLat: 49.4256,
    gpsLon: 15.2311,
    color: '#9c36b5',
  },
  {
    name: 'Sklad Velké Meziříčí',
    fullAddress: 'Třebíčská 1200, 594 01 Velké Meziříčí',
    town: 'Velké Meziříčí',
    zipCode: '594 01',
    gpsLat: 49.3489,
    gpsLon: 16.0195,
    color: '#e03131',
  },
];

const notes = [
  'Zavolat hodinu předem.',
  'Složit za garáž.',
  'Vjezd z boční ulice.',
  'Platí manželka.',
  '',
  '',
  '',
];
const dayMs = 86_400_000;

/** Prague's UTC offset on a day (EU rule: summer time from the last Sunday of March to that of October). */
function pragueOffsetHours(day: string): number {
  const year = Number(day.slice(0, 4));
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  const md = day.slice(5);
  const march = `03-${String(lastSunday(2)).padStart(2, '0')}`;
  const october = `10-${String(lastSunday(9)).padStart(2, '0')}`;
  return md >= march && md < october ? 2 : 1;
}
/** A Prague wall-clock minute of a day as epoch milliseconds. */
const pragueInstant = (day: string, minute: number) =>
  Date.parse(`${day}T00:00:00Z`) + minute * 60_000 - pragueOffsetHours(day) * 3_600_000;
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

async function prepareReferenceData(db: DbOrTx) {
  await seedPermissions(db);
  await seedDemoUsers(db);
  await seedWarehouses(db);
  const [have] = await db.select({ n: count() }).from(s.warehouses);
  for (const w of extraWarehouses.slice(0, Math.max(0, options.warehouses - (have?.n ?? 0)))) {
    const [row] = await db
      .insert(s.warehouses)
      .values({ ...w, country: 'Česká republika', textColor: textColorFor(w.color) })
      .returning({ id: s.warehouses.id });
    const man = await createUser(db, {
      username: `bench_wm_${row!.id}`,
      first_name: 'Skladník',
      last_name: w.town,
      functions: ['warehouseman'],
    });
    await db.insert(s.warehouseStaff).values({ warehouseId: row!.id, userId: man.id, role: 'warehouseman' });
  }
  let warehouses = await db.select().from(s.warehouses).orderBy(asc(s.warehouses.id));
  // Fewer warehouses asked for than the demo seeds: the rest are hidden (soft removal).
  for (const w of warehouses.slice(options.warehouses)) {
    await db.update(s.warehouses).set({ hidden: true }).where(eq(s.warehouses.id, w.id));
  }
  warehouses = warehouses.slice(0, options.warehouses);
  // Enough drivers and cars for hundreds of deliveries a day.
  const staff = await db.select().from(s.warehouseStaff);
  const carRows = await db.select().from(s.cars);
  for (const w of warehouses) {
    const drivers = staff.filter((st) => st.warehouseId === w.id && st.role === 'driver').length;
    for (let k = drivers; k < options.driversPerWarehouse; k++) {
      const user = await createUser(db, {
        username: `bench_driver_${w.id}_${k + 1}`,
        first_name: 'Řidič',
        last_name: `${w.town} ${k + 1}`,
        functions: ['driver'],
      });
      await db.insert(s.warehouseStaff).values({ warehouseId: w.id, userId: user.id, role: 'driver' });
    }
    const cars = carRows.filter((c) => c.warehouseId === w.id).length;
    for (let k = cars; k < options.driversPerWarehouse; k++) {
      await db
        .insert(s.cars)
        .values({ warehouseId: w.id, name: `Avia ${w.town} ${k + 1}`, hexColor: w.color });
    }
  }
  await seedCatalogue(db);
  await seedReferenceData(db);
  await seedVacations(db, options.end);
  // The ledger is written below from two years back; the catalogue's opening rows go.
  await db.execute(sql`delete from stock_ledger`);
  await db.execute(sql`update product_stock set amount = 0`);
}

/** Everything the order generator picks from, read back from the database. */
async function loadPicks(db: DbOrTx) {
  const warehouses = await db
    .select()
    .from(s.warehouses)
    .where(eq(s.warehouses.hidden, false))
    .orderBy(asc(s.warehouses.id));
  const staff = await db.select().from(s.warehouseStaff).orderBy(asc(s.warehouseStaff.userId));
  const cars = await db.select().from(s.cars).where(eq(s.cars.retired, false)).orderBy(asc(s.cars.id));
  const users = new Map((await db.select().from(s.users)).map((u) => [u.username, u.id]));
  const products = await db.select().from(s.products).orderBy(asc(s.products.id));
  const prices = new Map(
    (
      await rowsOf<{
        warehouse_id: number;
        currency: string;
        product_id: number;
        price: string;
        vat: number;
      }>(
        db,
        sql`select distinct on (warehouse_id, currency, product_id)
          warehouse_id, currency, product_id, price::text as price, vat
        from product_prices order by warehouse_id, currency, product_id, from_date desc, id desc`,
      )
    ).map((r) => [`${r.warehouse_id}:${r.currency}:${r.product_id}`, { price: Number(r.price), vat: r.vat }]),
  );
  return {
    warehouses: warehouses.map((w) => ({
      id: w.id,
      lat: w.gpsLat,
      lon: w.gpsLon,
      drivers: staff.filter((st) => st.warehouseId === w.id && st.role === 'driver').map((st) => st.userId),
      men: staff.filter((st) => st.warehouseId === w.id && st.role === 'warehouseman').map((st) => st.userId),
      cars: cars.filter((c) => c.warehouseId === w.id).map((c) => c.id),
    })),
    products,
    prices,
    suppliers: (await db.select().from(s.suppliers).where(eq(s.suppliers.active, true))).map((r) => r.id),
    adtypes: (await db.select().from(s.adtypes).where(eq(s.adtypes.active, true))).map((r) => r.id),
    collectors: ['owner', 'dispatcher'].map((u) => users.get(u)!).filter(Boolean),
    takers: ['dispatcher', 'technician', 'owner'].map((u) => users.get(u)!).filter(Boolean),
  };
}

/** Statements run one after another while the next batch is being built. */
function writer(db: DbOrTx) {
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    async write(table: Parameters<typeof insertColumns>[1], data: Record<string, unknown[]>) {
      pending++;
      chain = chain.then(() => insertColumns(db, table, data)).finally(() => pending--);
      if (pending > 2) await chain;
    },
    drain: () => chain,
  };
}

type Picks = Awaited<ReturnType<typeof loadPicks>>;

/** What every step of the generation shares: the target, the picks, the one random sequence, the span. */
type Run = {
  db: DbOrTx;
  picks: Picks;
  /** The seeded sequence: every step draws from it in turn, so the same flags make the same data. */
  next: () => number;
  pick: <T>(list: readonly T[]) => T;
  out: ReturnType<typeof writer>;
  start: string;
  end: string;
  startMs: number;
  spanMs: number;
  nowMs: number;
};

/** The target must hold no customers or orders yet. */
async function requireEmpty(db: DbOrTx) {
  const [orders] = await db.select({ n: count() }).from(s.orders);
  const [customers] = await db.select({ n: count() }).from(s.customers);
  if ((orders?.n ?? 0) > 0 || (customers?.n ?? 0) > 0) {
    throw new Error(
      `The target already holds ${orders?.n} orders and ${customers?.n} customers: give a fresh --data-dir or an empty database.`,
    );
  }
}

/** Customers: a quarter exists at the start, the rest come in evenly over the two years. */
async function writeCustomers(run: Run): Promise<Point[]> {
  const { next, out, startMs, spanMs } = run;
  const C = options.customers;
  const people = demoCustomers(C);
  const activation = (k: number) => {
    const share = k / C;
    return share < 0.25
      ? startMs - (1 - share / 0.25) * 365 * dayMs
      : startMs + ((share - 0.25) / 0.75) * spanMs;
  };
  const points: Point[] = new Array(C);
  const bar = progress('customers', C);
  const batch = new Batch([
    'id',
    'first_name',
    'last_name',
    'organization_id',
    'organization_name',
    'email',
    'pre_phone',
    'phone',
    'full_address',
    'town',
    'zip_code',
    'country',
    'gps_lat',
    'gps_lon',
    'to_contact',
    'created_at',
  ] as const);
  for (let k = 0; k < C; k++) {
    const c = people[k]!;
    points[k] = { lat: c.gpsLat, lon: c.gpsLon };
    batch.push({
      id: k + 1,
      first_name: c.firstName,
      last_name: c.lastName,
      organization_id: c.organizationId ?? '',
      organization_name: c.organizationName ?? '',
      email: c.email ?? '',
      pre_phone: c.prePhone ?? '+420',
      phone: c.phone,
      full_address: c.fullAddress,
      town: c.town,
      zip_code: c.zipCode,
      country: c.country,
      gps_lat: c.gpsLat,
      gps_lon: c.gpsLon,
      to_contact: c.toContact ?? false,
      created_at: new Date(activation(k) - next() * 3 * dayMs).toISOString(),
    });
    if (batch.size >= options.batch) await out.write(s.customers, batch.take());
    bar.tick(k);
  }
  if (batch.size) await out.write(s.customers, batch.take());
  await out.drain();
  bar.end();
  return points;
}

/** Orders per creation day: a firewood season (peak in October, low in June) and quiet weekends. */
function ordersPerDay(start: string, end: string) {
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  const dayWeights = days.map((d) => {
    const doy = (Date.parse(`${d}T00:00:00Z`) - Date.parse(`${d.slice(0, 4)}-01-01T00:00:00Z`)) / dayMs;
    const season = 1 + 0.75 * Math.cos((2 * Math.PI * (doy - 290)) / 365);
    const wd = weekday(d);
    return season * (wd === 0 ? 0.05 : wd === 6 ? 0.35 : 1);
  });
  const cumDays = cumulate(dayWeights);
  const totalWeight = cumDays[cumDays.length - 1]!;
  const perDay = days.map((_, i) =>
    i === 0
      ? Math.round((cumDays[0]! * options.orders) / totalWeight)
      : Math.round((cumDays[i]! * options.orders) / totalWeight) -
        Math.round((cumDays[i - 1]! * options.orders) / totalWeight),
  );
  const maxPerYear = new Map<string, number>();
  days.forEach((d, i) => {
    maxPerYear.set(d.slice(0, 4), (maxPerYear.get(d.slice(0, 4)) ?? 0) + perDay[i]!);
  });
  for (const [year, n] of maxPerYear) {
    if (n > 999_999)
      throw new Error(`${n} orders in ${year}: order numbers allow 999 999 a year (domain.md §3.3)`);
  }
  return days.map((day, i) => ({ day, orders: perDay[i]! }));
}

/**
 * The stock moves of the done orders (and their return when cancelled later), kept in typed arrays
 * and written to the ledger after all orders, in the order they happened.
 */
function stockEvents(capacity: number) {
  const time = new Float64Array(capacity);
  const key = new Int32Array(capacity); // warehouse index * 4096 + product index
  const delta = new Int32Array(capacity); // hundredths
  const order = new Int32Array(capacity);
  const user = new Int32Array(capacity);
  let count = 0;
  return {
    time,
    key,
    delta,
    order,
    user,
    get count() {
      return count;
    },
    add(at: number, k: number, d: number, o: number, u: number) {
      time[count] = at;
      key[count] = k;
      delta[count] = d;
      order[count] = o;
      user[count++] = u;
    },
  };
}
type StockEvents = ReturnType<typeof stockEvents>;

const orderColumns = [
  'id',
  'intern_id',
  'customer_id',
  'warehouse_id',
  'currency',
  'driver_id',
  'car_id',
  'supplier_id',
  'adtype_id',
  'payment_type',
  'hidden',
  'done',
  'prepared',
  'collected_revenue_by',
  'collected_revenue_at',
  'expected_delivery_date',
  'expected_delivery_time',
  'expected_delivery_duration',
  'distance',
  'duration',
  'delivery_price_amount',
  'minimum_delivery_price',
  'note',
  'created_by',
  'created_at',
  'draft_touched_at',
] as const;
const itemColumns = [
  'id',
  'order_id',
  'product_id',
  'amount',
  'prepared',
  'price',
  'currency',
  'vat',
  'discount',
] as const;

/** The orders' pass: what it picks by, its batches, what it counted so far and the stock it moved. */
function orderPass(run: Run, points: Point[]) {
  const { picks } = run;
  return {
    points,
    warehouseShare: cumulate([0.3, 0.25, 0.2, 0.15, 0.1].slice(0, picks.warehouses.length)),
    // Firewood sells three times as often as the additional goods; a few products are favourites.
    productWeights: cumulate(
      picks.products.map((p, i) => (p.type === 'Doplňkový prodej' ? 1 : 3) * (1 + ((i * 7) % 5) / 2)),
    ),
    itemCounts: cumulate([15, 25, 25, 20, 10, 5]), // 1…6 lines, mean 3.0
    leads: cumulate([5, 15, 20, 15, 10, 8, 7, 5, 3, 3, 2, 2, 1, 1, 1, 1, 1]), // days ahead
    productIndex: new Map(picks.products.map((p, i) => [p.id, i])),
    events: stockEvents(Math.ceil(options.orders * 6.2) + 16),
    orders: new Batch(orderColumns),
    items: new Batch(itemColumns),
    /** The last order number of each year. */
    counters: new Map<number, number>(),
    orderId: 0,
    itemId: 0,
  };
}
type OrderPass = ReturnType<typeof orderPass>;

/** What every order row has: its number, who took it and when, a note. */
type OrderBase = { id: number; intern_id: number; created_by: number; created_at: string; note: string };

/** The warehouse nearest to a place (longitude shortened as at 49° north). */
function nearestWarehouse(warehouses: Picks['warehouses'], p: Point): number {
  let best = 0;
  let bestD = Infinity;
  warehouses.forEach((w, i) => {
    const d = (w.lat - p.lat) ** 2 + ((w.lon - p.lon) * 0.65) ** 2;
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** An abandoned draft: a number, nothing else (the list leaves it out). */
const draftRow = (base: OrderBase) => ({
  ...base,
  customer_id: null,
  warehouse_id: null,
  currency: null,
  driver_id: null,
  car_id: null,
  supplier_id: null,
  adtype_id: null,
  payment_type: 'cash',
  hidden: false,
  done: false,
  prepared: false,
  collected_revenue_by: null,
  collected_revenue_at: null,
  expected_delivery_date: null,
  expected_delivery_time: null,
  expected_delivery_duration: 60,
  distance: 0,
  duration: 0,
  delivery_price_amount: null,
  minimum_delivery_price: null,
  note: '',
  // Decision 0030: a draft, touched when it was made (stale, unless generated this week).
  draft_touched_at: base.created_at,
});

/** The customer of an order: a new one of the last weeks, or (mostly) a returning one, older ones more often. */
function chooseCustomer(run: Run, createdMs: number): number {
  const { next, startMs, spanMs } = run;
  const C = options.customers;
  const share = (createdMs - startMs) / spanMs;
  const K = Math.max(1, Math.min(C, Math.floor(C * (0.25 + 0.75 * share))));
  const window = Math.max(1, Math.floor(C * 0.02));
  return next() < 0.3 ? K - 1 - Math.floor(next() * Math.min(window, K)) : Math.floor(K * next() ** 1.4);
}

/** What an order's lines depend on: its warehouse (index), currency, when it was done, its state. */
type Placed = {
  wi: number;
  currency: 'CZK' | 'EUR';
  doneMs: number;
  done: boolean;
  doneThenCancelled: boolean;
  soon: boolean;
};

/**
 * An order's lines, one per product chosen, priced from the warehouse's list; a done order's (and
 * a done then cancelled one's) stock moves. Whether every line is prepared.
 */
function placeLines(run: Run, pass: OrderPass, placed: Placed): boolean {
  const { next, pick, picks, nowMs } = run;
  const { wi, currency, doneMs, done, doneThenCancelled, soon } = placed;
  const warehouse = picks.warehouses[wi]!;
  const lines = 1 + weighted(pass.itemCounts, next());
  const chosen = new Set<number>();
  let allPrepared = true;
  for (let l = 0; l < lines; l++) {
    const product = picks.products[weighted(pass.productWeights, next())]!;
    if (chosen.has(product.id)) continue;
    chosen.add(product.id);
    const offered = picks.prices.get(`${warehouse.id}:${currency}:${product.id}`);
    if (!offered) continue;
    const amount = 1 + Math.floor(next() * 6) + (next() < 0.2 ? 0.5 : 0);
    const prepared = done || doneThenCancelled || (soon && next() < 0.4);
    allPrepared &&= prepared;
    pass.itemId++;
    pass.items.push({
      id: pass.itemId,
      order_id: pass.orderId,
      product_id: product.id,
      amount,
      prepared,
      price: offered.price,
      currency,
      vat: offered.vat,
      discount: next() < 0.05 ? pick([0.9, 0.95]) : 1,
    });
    if (done || doneThenCancelled) {
      const key = wi * 4096 + pass.productIndex.get(product.id)!;
      const user = pick(warehouse.men.length ? warehouse.men : picks.takers);
      pass.events.add(doneMs, key, -Math.round(amount * 100), pass.orderId, user);
      if (doneThenCancelled) {
        pass.events.add(
          Math.min(nowMs - 60_000, doneMs + (1 + next() * 9) * dayMs),
          key,
          Math.round(amount * 100),
          pass.orderId,
          user,
        );
      }
    }
  }
  return allPrepared;
}

/**
 * An order of a customer: its warehouse (mostly the nearest), delivery day and time, driver and
 * car, state and payment, and its lines. The row to write.
 */
function placeOrder(run: Run, pass: OrderPass, base: OrderBase, day: string, createdMs: number) {
  const { next, pick, picks, end, nowMs } = run;
  const k = chooseCustomer(run, createdMs);
  const customer = pass.points[k]!;
  const wi =
    next() < 0.75 ? nearestWarehouse(picks.warehouses, customer) : weighted(pass.warehouseShare, next());
  const warehouse = picks.warehouses[wi]!;
  const currency = next() < 0.05 ? 'EUR' : 'CZK';
  let deliveryDay = addDays(day, weighted(pass.leads, next()));
  if (weekday(deliveryDay) === 0) deliveryDay = addDays(deliveryDay, 1);
  const delivered = next() < 0.85;
  const slot = next() < 0.5 ? 0 : Math.floor(next() * warehouse.drivers.length);
  const driverId = delivered ? (warehouse.drivers[slot] ?? null) : null;
  const carId = driverId === null ? null : (warehouse.cars[slot % warehouse.cars.length] ?? null);
  const minute = 7 * 60 + Math.floor(next() * (driverId ? 37 : 36)) * 15;
  const stay = pick([30, 45, 60, 60, 60, 90]);
  const route = estimateRoute(warehouse, customer);
  const doneMs = pragueInstant(deliveryDay, minute + stay + (driverId ? route.duration : 0));
  const past = doneMs < nowMs;
  const roll = next();
  const hidden = roll < (past ? 0.05 : 0.03);
  const done = !hidden && past && roll < 0.97;
  // A few cancelled orders had been done first: their goods went out and came back.
  const doneThenCancelled = hidden && past && next() < 0.1;
  const paymentType = next() < 0.3 ? 'qr_transfer' : 'cash';
  const collected = done && next() < (nowMs - doneMs > 14 * dayMs ? 0.98 : 0.6);
  const soon = !past && deliveryDay <= addDays(end, 2);
  const allPrepared = placeLines(run, pass, { wi, currency, doneMs, done, doneThenCancelled, soon });
  return {
    ...base,
    customer_id: k + 1,
    warehouse_id: warehouse.id,
    currency,
    driver_id: driverId,
    car_id: carId,
    supplier_id: paymentType === 'qr_transfer' || next() < 0.5 ? pick(picks.suppliers) : null,
    adtype_id: next() < 0.6 ? pick(picks.adtypes) : null,
    payment_type: paymentType,
    hidden,
    done,
    prepared: allPrepared,
    collected_revenue_by: collected ? pick(picks.collectors) : null,
    collected_revenue_at: collected
      ? new Date(Math.min(nowMs - 60_000, doneMs + next() * 3 * dayMs)).toISOString()
      : null,
    expected_delivery_date: deliveryDay,
    expected_delivery_time: clock(minute),
    expected_delivery_duration: stay,
    distance: route.distance,
    duration: route.duration,
    delivery_price_amount: deliveryDefaults[currency].rate,
    minimum_delivery_price: deliveryDefaults[currency].minimum,
    draft_touched_at: null,
  };
}

/** The orders and their lines, day by day, each year's numbers in sequence; now and then a draft. */
async function writeOrders(run: Run, points: Point[]): Promise<OrderPass> {
  const { next, pick, picks, out } = run;
  const pass = orderPass(run, points);
  const bar = progress('orders', options.orders);
  for (const { day, orders: n } of ordersPerDay(run.start, run.end)) {
    const year = Number(day.slice(0, 4));
    for (let j = 0; j < n; j++) {
      pass.orderId++;
      const seq = (pass.counters.get(year) ?? 0) + 1;
      pass.counters.set(year, seq);
      const createdMinute = 7 * 60 + Math.floor(((j + next()) / n) * 11 * 60);
      const createdMs = pragueInstant(day, createdMinute);
      const takenBy = pick(picks.takers);
      const base: OrderBase = {
        id: pass.orderId,
        intern_id: year * 1_000_000 + seq,
        created_by: takenBy,
        created_at: new Date(createdMs + Math.floor(next() * 59_000)).toISOString(),
        note: pick(notes),
      };
      if (next() < 0.002) {
        pass.orders.push(draftRow(base));
        if (pass.orders.size >= options.batch) await out.write(s.orders, pass.orders.take());
        continue;
      }
      pass.orders.push(placeOrder(run, pass, base, day, createdMs));
      if (pass.orders.size >= options.batch) await out.write(s.orders, pass.orders.take());
      if (pass.items.size >= options.batch) {
        // Items after their orders: the orders of this batch go first.
        if (pass.orders.size) await out.write(s.orders, pass.orders.take());
        await out.write(s.orderItems, pass.items.take());
      }
      bar.tick(pass.orderId);
    }
  }
  if (pass.orders.size) await out.write(s.orders, pass.orders.take());
  if (pass.items.size) await out.write(s.orderItems, pass.items.take());
  await out.drain();
  bar.end(pass.orderId);
  return pass;
}

/** The ledger's rows, written in batches, and each yard's and product's running amount and last change. */
function ledgerRows(run: Run) {
  const { picks, out } = run;
  const running = new Map<number, number>(); // hundredths
  const lastChange = new Map<number, number>();
  const batch = new Batch([
    'warehouse_id',
    'product_id',
    'delta',
    'amount_after',
    'reason',
    'user_id',
    'order_id',
    'created_at',
  ] as const);
  let rows = 0;
  return {
    running,
    lastChange,
    get rows() {
      return rows;
    },
    async push(key: number, delta: number, reason: string, user: number, order: number | null, at: number) {
      const after = (running.get(key) ?? 0) + delta;
      running.set(key, after);
      lastChange.set(key, at);
      batch.push({
        warehouse_id: picks.warehouses[Math.floor(key / 4096)]!.id,
        product_id: picks.products[key % 4096]!.id,
        delta: delta / 100,
        amount_after: after / 100,
        reason,
        user_id: user,
        order_id: order,
        created_at: new Date(at).toISOString(),
      });
      rows++;
      if (batch.size >= options.batch) await out.write(s.stockLedger, batch.take());
    },
    async flush() {
      if (batch.size) await out.write(s.stockLedger, batch.take());
      await out.drain();
    },
  };
}

/**
 * The ledger: an opening delivery of every product to every yard at the start, then the done
 * orders in the order they happened, and a truck of goods whenever a yard would run out.
 */
async function writeLedger(run: Run, events: StockEvents) {
  const { next, pick, picks, start } = run;
  const W = picks.warehouses;
  const ledger = ledgerRows(run);
  const order = Uint32Array.from({ length: events.count }, (_, i) => i).sort(
    (a, b) => events.time[a]! - events.time[b]! || a - b,
  );
  const restock = () => (100 + Math.floor(next() * 31) * 10) * 100;
  const bar = progress('stock ledger', events.count);
  for (let wi = 0; wi < W.length; wi++) {
    for (let pi = 0; pi < picks.products.length; pi++) {
      await ledger.push(
        wi * 4096 + pi,
        restock(),
        'manual',
        pick(W[wi]!.men.length ? W[wi]!.men : picks.takers),
        null,
        pragueInstant(start, 6 * 60),
      );
    }
  }
  for (let n = 0; n < events.count; n++) {
    const e = order[n]!;
    const key = events.key[e]!;
    const delta = events.delta[e]!;
    const at = events.time[e]!;
    const user = events.user[e]!;
    if ((ledger.running.get(key) ?? 0) + delta < 0) {
      // The morning's delivery of the yard's supplier, before the order takes from it.
      const day = pragueDay(new Date(at));
      const morning = Math.max(pragueInstant(day, 6 * 60), ledger.lastChange.get(key) ?? 0);
      await ledger.push(key, restock() - delta, 'manual', user, null, Math.min(at - 60_000, morning));
    }
    await ledger.push(key, delta, delta < 0 ? 'order_done' : 'order_undone', user, events.order[e]!, at);
    bar.tick(n);
  }
  await ledger.flush();
  bar.end(events.count);
  return ledger;
}

/** Each yard's stock of each product: the ledger's last amount, changed when the ledger last moved it. */
async function setStock(run: Run, running: Map<number, number>, lastChange: Map<number, number>) {
  const W = run.picks.warehouses;
  const keys = [...running.keys()];
  await run.db.execute(sql`update product_stock ps set amount = v.amount, updated_at = v.at
    from unnest(${sql.param(keys.map((k) => W[Math.floor(k / 4096)]!.id))}::int[],
      ${sql.param(keys.map((k) => run.picks.products[k % 4096]!.id))}::int[],
      ${sql.param(keys.map((k) => running.get(k)! / 100))}::numeric[],
      ${sql.param(keys.map((k) => new Date(lastChange.get(k)!).toISOString()))}::timestamptz[]) as v(w, p, amount, at)
    where ps.warehouse_id = v.w and ps.product_id = v.p`);
}

/** Sequences and the year counters go on after the numbers used here. */
async function continueSequences(db: DbOrTx, counters: Map<number, number>) {
  await db.execute(sql`select setval('customers_id_seq', greatest((select max(id) from customers), 1))`);
  await db.execute(sql`select setval('orders_id_seq', greatest((select max(id) from orders), 1))`);
  await db.execute(sql`select setval('order_items_id_seq', greatest((select max(id) from order_items), 1))`);
  if (counters.size) {
    await db
      .insert(s.orderNumberCounters)
      .values([...counters].map(([year, last]) => ({ year, last })))
      .onConflictDoUpdate({ target: s.orderNumberCounters.year, set: { last: sql`excluded.last` } });
  }
}

/** The whole database: reference data, customers, orders, the ledger and the stock, then checked. */
async function generate(database: Database) {
  const { db } = database;
  await requireEmpty(db);
  const t0 = Date.now();
  console.error('Reference data: users, warehouses, drivers, cars, products, prices, suppliers…');
  await prepareReferenceData(db);
  const picks = await loadPicks(db);
  const next = random(options.seed);
  const end = options.end;
  const start = addDays(end, -options.days);
  const startMs = pragueInstant(start, 0);
  const run: Run = {
    db,
    picks,
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    out: writer(db),
    start,
    end,
    startMs,
    spanMs: pragueInstant(end, 18 * 60) - startMs,
    nowMs: pragueInstant(end, 10 * 60),
  };

  const points = await writeCustomers(run);
  const orders = await writeOrders(run, points);
  const ledger = await writeLedger(run, orders.events);
  await setStock(run, ledger.running, ledger.lastChange);
  await continueSequences(db, orders.counters);

  console.error('Checking: stock = sum of ledger, last amount_after = stock, order numbers…');
  await verify(db);
  console.error('vacuum analyze…');
  await db.execute(sql`vacuum analyze`);
  const seconds = (Date.now() - t0) / 1000;
  const summary = {
    engine: database.engine,
    orders: orders.orderId,
    items: orders.itemId,
    customers: options.customers,
    warehouses: picks.warehouses.length,
    ledgerRows: ledger.rows,
    from: start,
    to: end,
    seed: options.seed,
    seconds: Math.round(seconds),
  };
  console.log(JSON.stringify(summary));
}

async function verify(db: DbOrTx) {
  const one = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ n: number | string }>(db, query))[0]!.n;
  const problems = {
    stockNotLedgerSum: await one(sql`select count(*)::int as n from product_stock ps
      where ps.amount <> coalesce((select sum(l.delta) from stock_ledger l
        where l.warehouse_id = ps.warehouse_id and l.product_id = ps.product_id), 0)`),
    lastAfterNotStock: await one(sql`select count(*)::int as n from product_stock ps
      join lateral (select amount_after from stock_ledger l where l.warehouse_id = ps.warehouse_id
        and l.product_id = ps.product_id order by l.id desc limit 1) last on true
      where last.amount_after <> ps.amount`),
    numbersBeyondCounter: await one(sql`select count(*)::int as n from orders o
      left join order_number_counters c on c.year = o.intern_id / 1000000
      where c.last is null or o.intern_id % 1000000 > c.last`),
  };
  const bad = Object.entries(problems).filter(([, n]) => Number(n) !== 0);
  if (bad.length) throw new Error(`Generated data fails its checks: ${JSON.stringify(problems)}`);
}

const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
try {
  await database.migrate();
  console.error(
    `Generating ${options.orders.toLocaleString('en')} orders, ${Math.max(1, options.customers).toLocaleString('en')} customers on ${database.engine} (${options.databaseUrl ? options.databaseUrl.replace(/:[^:@/]*@/, ':***@') : options.dataDir})…`,
  );
  await generate(database);
} finally {
  await database.close();
}
