import type { OrderState } from '@letokruh/contracts/orders';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCount } from '../../db/paging.ts';
import { pragueMidnight } from '../../db/prague.ts';
import { customers, orders, warehouses } from '../../db/schema/index.ts';
import { containsPattern as contains, foldedContains, textContains } from '../../db/text-search.ts';
import { scopeCondition, type WarehouseScope } from '../warehouses/warehouse-scope.ts';

export type OrderFilters = {
  internId?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  expectedDeliveryDateFrom?: string | undefined;
  expectedDeliveryDateTo?: string | undefined;
  name?: string | undefined;
  wholePhone?: string | undefined;
  fullAddress?: string | undefined;
  warehouse?: number | undefined;
  state: OrderState;
  adtype?: number | undefined;
  /** The caller's warehouses (issue 13 §3); null: all. Served by orders_warehouse_id_idx. */
  scope: WarehouseScope;
};

const stateFilter: Record<OrderState, SQL | undefined> = {
  all: undefined,
  not_done: sql`not ${orders.hidden} and not ${orders.done}`,
  done: sql`${orders.done}`,
  hidden: sql`${orders.hidden}`,
  not_collected: sql`not ${orders.hidden} and ${orders.collectedRevenueAt} is null`,
};

/**
 * Each filter narrows the list. Drafts (no customer yet) are left out. The customer's name is a
 * substring of the orders' copy of it (trigram index), phone and address substrings served by the
 * customers' trigram indexes; a shorter order number is looked for inside the numbers (trigram
 * index on intern_id::text).
 */
function whereOf(f: OrderFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [isNotNull(orders.customerId), stateFilter[f.state]];
  if (f.internId) {
    parts.push(
      f.internId.length === 10
        ? eq(orders.internId, Number(f.internId))
        : sql`${orders.internId}::text like ${contains(f.internId)}`,
    );
  }
  if (f.createdFrom) parts.push(gte(orders.createdAt, pragueMidnight(f.createdFrom)));
  if (f.createdTo) parts.push(sql`${orders.createdAt} < ${pragueMidnight(f.createdTo, 1)}`);
  if (f.expectedDeliveryDateFrom) parts.push(gte(orders.expectedDeliveryDate, f.expectedDeliveryDateFrom));
  if (f.expectedDeliveryDateTo) parts.push(lte(orders.expectedDeliveryDate, f.expectedDeliveryDateTo));
  // The orders' folded copy of their customer's name (migrations 0014, 0020): no customer is
  // looked up, and no row is folded while searching.
  if (f.name) parts.push(foldedContains(orders.customerName, f.name));
  const phone = f.wholePhone?.replace(/[\s\-/]/g, '');
  if (phone) parts.push(ilike(customers.wholePhone, contains(phone)));
  if (f.fullAddress) parts.push(textContains(customers.fullAddress, f.fullAddress));
  if (f.warehouse !== undefined) parts.push(eq(orders.warehouseId, f.warehouse));
  if (f.adtype !== undefined) parts.push(eq(orders.adtypeId, f.adtype));
  parts.push(scopeCondition(f.scope, orders.warehouseId));
  return and(...parts);
}

/** Every order with a customer_id has its customer (foreign key): join it only to filter on it. */
const byCustomer = (f: OrderFilters) => Boolean(f.wholePhone || f.fullAddress);

/** A page of the list, newest order first. */
export async function findOrderPage(
  db: DbOrTx,
  filters: OrderFilters,
  page: { offset: number; limit: number },
) {
  const where = whereOf(filters);
  // The page's ids come first, from the orders alone (and the customers when filtered on them), so
  // a page deep in the list skips index entries instead of joining every customer before it
  // (issue 9: page 500 was 6 × slower than the first).
  const finding = db.select({ id: orders.id }).from(orders);
  const pageIds = (
    await (byCustomer(filters) ? finding.innerJoin(customers, eq(customers.id, orders.customerId)) : finding)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(page.limit)
      .offset(page.offset)
  ).map((r) => r.id);
  if (!pageIds.length) return [];
  return db
    .select({
      order: orders,
      customer: customers,
      warehouse: {
        id: warehouses.id,
        name: warehouses.name,
        color: warehouses.color,
        textColor: warehouses.textColor,
      },
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(inArray(orders.id, pageIds))
    .orderBy(desc(orders.id));
}
export type OrderListRow = Awaited<ReturnType<typeof findOrderPage>>[number];

/** The list's total, capped at 10 000 + 1 (issue 9). */
export async function countOrders(db: DbOrTx, filters: OrderFilters): Promise<number> {
  const where = whereOf(filters);
  const counting = db.select({ one: orders.id }).from(orders);
  return cappedCount(
    db,
    (byCustomer(filters)
      ? counting.innerJoin(customers, eq(customers.id, orders.customerId)).where(where)
      : counting.where(where)
    ).$dynamic(),
  );
}

/**
 * The calendar: orders to deliver on the days, not cancelled, of the warehouses (or of all with
 * `allWarehouses`), by day and hour.
 */
export async function findCalendarOrderIds(
  db: DbOrTx,
  options: { dates: string[]; warehouseIds: readonly number[] | null; excludeId?: number | undefined },
): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.expectedDeliveryDate, options.dates),
        options.warehouseIds ? inArray(orders.warehouseId, [...options.warehouseIds]) : undefined,
        eq(orders.hidden, false),
        isNotNull(orders.customerId),
        options.excludeId !== undefined ? ne(orders.id, options.excludeId) : undefined,
      ),
    )
    .orderBy(asc(orders.expectedDeliveryDate), asc(orders.expectedDeliveryTime), asc(orders.id));
  return rows.map((r) => r.id);
}

/** The customer detail's order summaries (part 2 §3), newest first. */
export async function findCustomerOrders(db: DbOrTx, customerId: number, scope: WarehouseScope = null) {
  return db
    .select({
      id: orders.id,
      internId: orders.internId,
      createdAt: orders.createdAt,
      expectedDeliveryDate: orders.expectedDeliveryDate,
      hidden: orders.hidden,
      done: orders.done,
      warehouseId: warehouses.id,
      warehouseName: warehouses.name,
    })
    .from(orders)
    .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(and(eq(orders.customerId, customerId), scopeCondition(scope, orders.warehouseId)))
    .orderBy(desc(orders.id));
}

/** Orders of a driver or a car with a delivery between two days (both included), not cancelled. */
export async function findOrdersOfDriverOrCar(
  db: DbOrTx,
  options: { driverId: number | null; carId: number | null; from: string; to: string; excludeId: number },
) {
  const who = [
    options.driverId !== null ? eq(orders.driverId, options.driverId) : undefined,
    options.carId !== null ? eq(orders.carId, options.carId) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (!who.length) return [];
  return db
    .select({
      order: orders,
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        organizationName: customers.organizationName,
        town: customers.town,
      },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        or(...who),
        // A personal collection (no driver) keeps no driver or car busy, even with an old car set.
        isNotNull(orders.driverId),
        gte(orders.expectedDeliveryDate, options.from),
        lte(orders.expectedDeliveryDate, options.to),
        isNotNull(orders.expectedDeliveryTime),
        eq(orders.hidden, false),
        ne(orders.id, options.excludeId),
      ),
    )
    .orderBy(asc(orders.expectedDeliveryDate), asc(orders.expectedDeliveryTime), asc(orders.id));
}
