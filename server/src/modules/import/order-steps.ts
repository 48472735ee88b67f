import { calendarOrderMaxDays, calendarOrderSchema } from '@letokruh/contracts/order-calendar';
import * as batch from './batch.queries.ts';
import {
  type Checked,
  defineStep,
  fingerprintOf,
  issuesText,
  Lookup,
  oldIdOf,
  type Page,
  refused,
} from './import-step.ts';
import { type OldSystem, ReadFailure } from './old-system.ts';
import { allItems, inParallel, readAhead } from './read-pages.ts';

/**
 * Orders with their lines, payment and done/prepared/cancelled states and their numbers
 * (docs/decisions/0089-moving-in-orders-files-and-the-rest.md).
 *
 * Read: the order list by expected delivery, latest first, page after page by its `next_after`
 * token (keyset: no row cap); each page's whole orders come from the calendar call of its delivery
 * days (domain.md §1.7 `GET /api/get-orders`: whole orders, all warehouses, a day at most once),
 * and the few the calendar does not show (cancelled, undated) from `GET /order/{id}`. Drafts are
 * in no list and are not brought: they are one person's unfinished work.
 */

type Listed = { id: number; hidden?: boolean; expected_delivery_date?: string | null };
type Raw = Record<string, unknown>;
/** An order the old system did not answer: the check reports it. */
type Unread = { unread: true; id: number; reason: string };

const listed = (raw: unknown): Listed | null => {
  const id = oldIdOf(raw);
  if (id === null || !/^\d+$/.test(id)) return null;
  const r = raw as Listed;
  return { id: Number(id), hidden: r.hidden, expected_delivery_date: r.expected_delivery_date };
};

/** The whole orders of the listed ones, in the list's order. */
async function wholeOrders(
  old: OldSystem,
  items: Listed[],
  warehouses: string,
  byDay: Map<string, Map<number, Raw>>,
): Promise<(Raw | Unread)[]> {
  // The calendar shows every order that is not cancelled, by its delivery day.
  const days = [
    ...new Set(
      items.filter((i) => !i.hidden && i.expected_delivery_date).map((i) => i.expected_delivery_date!),
    ),
  ].filter((day) => !byDay.has(day));
  for (let at = 0; at < days.length; at += calendarOrderMaxDays) {
    const chunk = days.slice(at, at + calendarOrderMaxDays);
    try {
      const answer = await old.get<{ data?: Raw[] }>(
        `/api/get-orders?warehouses=${warehouses}&dates=${chunk.join(',')}&view=full`,
      );
      for (const day of chunk) byDay.set(day, new Map());
      for (const order of answer.data ?? []) {
        const day = order.expected_delivery_date;
        if (typeof day === 'string' && typeof order.id === 'number') byDay.get(day)?.set(order.id, order);
      }
    } catch (error) {
      // Read one by one below.
      if (!(error instanceof ReadFailure)) throw error;
    }
  }
  const found = (i: Listed) =>
    i.expected_delivery_date ? byDay.get(i.expected_delivery_date)?.get(i.id) : undefined;
  return inParallel(items, 8, async (item) => {
    const order = found(item);
    if (order) return order;
    try {
      return (await old.get<{ item: Raw }>(`/order/${item.id}`)).item;
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      return { unread: true, id: item.id, reason: error.message } satisfies Unread;
    }
  });
}

type ListPage = { items: Listed[]; total: number; full: boolean } | ReadFailure;

/** The order list by expected delivery, latest first, page after page by its `next_after` token. */
async function* listPages(old: OldSystem, pageSize: number, listCap: number): AsyncGenerator<ListPage> {
  let after: string | null = null;
  for (let page = 1; ; page++) {
    const keyset = after ? `&after=${encodeURIComponent(after)}` : '';
    // Without a token (an old system without keyset paging) pages are counted, up to the row cap.
    const current = after ? 1 : page;
    if (!after && (page - 1) * pageSize >= listCap) {
      yield new ReadFailure('/orders', `the list stops at ${listCap} rows; the rest was not read`);
      return;
    }
    const path = `/orders?state=all&sort=expected_delivery&direction=desc&per_page=${pageSize}&current_page=${current}${keyset}`;
    let answer: { items?: unknown[]; total?: number; next_after?: string | null };
    try {
      answer = await old.get(path);
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      // Keyset pages follow one another: the walk cannot go past a page it did not read.
      yield error;
      return;
    }
    const items = (answer.items ?? []).map(listed).filter((i): i is Listed => i !== null);
    const last = (answer.items?.length ?? 0) < pageSize || answer.next_after === null;
    yield { items, total: answer.total ?? 0, full: !last };
    if (last) return;
    after = answer.next_after ?? null;
  }
}

async function* orderPages(old: OldSystem, pageSize: number, listCap: number): AsyncGenerator<Page> {
  let warehouses: string;
  try {
    warehouses = (await allItems(old, '/warehouses?hidden=true')).map(oldIdOf).filter(Boolean).join(',');
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    yield error;
    return;
  }
  // The calendar's orders of the days the last page ended on: the next page starts on the same day.
  let byDay = new Map<string, Map<number, Raw>>();
  let read = 0;
  // The next list page is read while this one's whole orders are.
  for await (const page of readAhead(listPages(old, pageSize, listCap))) {
    if (page instanceof ReadFailure) {
      yield page;
      continue;
    }
    const orders = await wholeOrders(old, page.items, warehouses, byDay);
    const kept = new Map<string, Map<number, Raw>>();
    for (const day of new Set(page.items.map((i) => i.expected_delivery_date ?? ''))) {
      const fetched = byDay.get(day);
      if (fetched) kept.set(day, fetched);
    }
    byDay = kept;
    read += orders.length;
    yield { items: orders, total: Math.max(page.total, read + (page.full ? 1 : 0)) };
  }
}

/** The ids of other entities an order names. */
function namedIds(raw: unknown) {
  const o = (raw ?? {}) as Record<string, { id?: unknown } | null | undefined> & { products?: unknown };
  const idOf = (v: { id?: unknown } | null | undefined) => (typeof v?.id === 'number' ? [v.id] : []);
  const lines = Array.isArray(o.products)
    ? (o.products as { product?: { product?: { id?: unknown } } }[])
    : [];
  return {
    customers: idOf(o.customer),
    warehouses: idOf(o.warehouse),
    users: [...idOf(o.driver), ...idOf(o.collected_revenue_by)],
    cars: idOf(o.car),
    suppliers: idOf(o.default_supplier),
    adtypes: idOf(o.ad_type),
    products: lines.flatMap((l) => idOf(l.product?.product)),
  };
}

export const ordersStep = defineStep({
  entity: 'orders',
  pages: (old, read) => orderPages(old, read.pageSize, read.listCap),
  prepare(items, db) {
    const wanted = {
      customers: [],
      warehouses: [],
      users: [],
      cars: [],
      suppliers: [],
      adtypes: [],
      products: [],
    };
    const all: Record<string, number[]> = wanted;
    for (const item of items) {
      for (const [entity, ids] of Object.entries(namedIds(item))) all[entity]!.push(...ids);
    }
    return Lookup.of(db, all);
  },
  async check(raw, _db, _old, ids: Lookup): Promise<Checked<batch.OrderValues>> {
    if ((raw as Unread).unread) return { oldId: String((raw as Unread).id), problem: (raw as Unread).reason };
    const parsed = calendarOrderSchema.safeParse(raw);
    if (!parsed.success) return refused(raw, issuesText(parsed.error.issues));
    const o = parsed.data;
    const oldId = String(o.id);
    if (o.draft) return { oldId, problem: 'a draft: drafts are not brought' };
    const missing: string[] = [];
    /** The id here of what the order names, noting what was never brought. */
    const here = (entity: Parameters<Lookup['id']>[0], ref: { id: number } | null): number | null => {
      if (!ref) return null;
      const id = ids.id(entity, ref.id);
      if (id === undefined) missing.push(`${entity} ${ref.id}`);
      return id ?? null;
    };
    if (!o.customer) return { oldId, problem: 'customer: an order has one' };
    const customerId = here('customers', o.customer);
    const collector = here('users', o.collected_revenue_by);
    const lines = o.products.map((l) => ({
      productId: here('products', l.product.product),
      amount: l.amount,
      prepared: l.prepared,
      price: l.product.amount,
      currency: l.product.currency,
      vat: l.product.vat,
      discount: l.product.discount,
    }));
    const values: batch.OrderValues = {
      internId: o.intern_id,
      customerId,
      warehouseId: here('warehouses', o.warehouse),
      currency: o.currency,
      driverId: here('users', o.driver),
      carId: here('cars', o.car),
      supplierId: here('suppliers', o.default_supplier),
      adtypeId: here('adtypes', o.ad_type),
      paymentType: o.payment_type,
      hidden: o.hidden,
      done: o.done,
      prepared: o.prepared,
      collectedRevenueAt: o.collected_revenue_at,
      collectedRevenueBy: collector,
      // A payment the bank statement matched names no user (domain.md §2.12): its supplier's account.
      collectedRevenueBank:
        o.collected_revenue_at && !o.collected_revenue_by
          ? o.default_supplier
            ? `${o.default_supplier.bank_account}/${o.default_supplier.bank_code}`
            : 'bank'
          : null,
      expectedDeliveryDate: o.expected_delivery_date,
      expectedDeliveryTime: o.expected_delivery_time,
      expectedDeliveryDuration: o.expected_delivery_duration,
      distance: o.distance,
      duration: o.duration,
      deliveryPriceAmount: o.delivery_price.amount,
      minimumDeliveryPrice: o.delivery_price.minimum_price,
      note: o.note,
      createdAt: o.created,
      lines: lines as batch.OrderValues['lines'],
    };
    if (missing.length) return { oldId, problem: `not imported: ${missing.join(', ')}` };
    // domain.md §3.3 Order numbers: the variable symbol, ten digits, kept as it is.
    if (!(o.intern_id >= 1_000_000_000 && o.intern_id <= 9_999_999_999)) {
      return { oldId, problem: `intern_id: ${o.intern_id} is no order number of ten digits` };
    }
    const products = lines.map((l) => l.productId);
    if (new Set(products).size !== products.length) return { oldId, problem: 'products: a product twice' };
    return {
      oldId,
      fingerprint: fingerprintOf(values),
      values,
      write: async (tx, existing) => (await batch.writeOrders(tx, [{ values, existing }]))[0]!,
    };
  },
  writeMany: (tx, records) =>
    batch.writeOrders(
      tx,
      records.map((r) => ({ values: r.record.values, existing: r.existing })),
    ),
  finish: (db) => batch.advanceOrderNumbers(db),
});
