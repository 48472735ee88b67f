import { customersEndpoints } from '@letokruh/contracts/endpoints/customers';
import { ordersEndpoints as e } from '@letokruh/contracts/endpoints/orders';
import { calendarOrderSchema } from '@letokruh/contracts/order-calendar';
import type { App } from '../../app-types.ts';
import { createJsonQueries } from '../../db/json-queries.ts';
import type { ScopedBy } from '../../plugins/access.ts';
import { cachedAnswer, cachedJson, slicedJsonAnswer } from '../../plugins/answer-cache.ts';
import { type RouteExtras, route } from '../../plugins/endpoint.ts';
import { warehouseScope } from '../../plugins/warehouse-scope.ts';
import { getCustomerDetail } from '../customers/customers.service.ts';
import { calendarWeekAnswer } from './calendar-week.service.ts';
import { clashAnswer } from './clashes.ts';
import { discardDraft } from './drafts.service.ts';
import { orderFileRoutes } from './order-files.routes.ts';
import { getOrder } from './order-view.ts';
import * as service from './orders.service.ts';
import { rescheduleOrder } from './reschedule.service.ts';
import * as transitions from './transitions.service.ts';

const tags = ['orders'];
/** The order the path's `id` names bounds the route to its warehouses (per-object access). */
const byOrder: RouteExtras = { schema: { tags }, config: { scopedBy: { order: 'id' } satisfies ScopedBy } };

/** The order list, detail, creation, copy and the transitions of domain.md §1.4 (domain.md §1.7). */
export async function orderRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const readDb = app.ctx.readDb ?? db;
  // The calendar week's JSON is fetched and gzipped in a worker thread (db/json-queries.ts).
  const jsonQueries = createJsonQueries();
  app.addHook('onClose', () => jsonQueries.close());
  // A server that listens (not the tests' injected requests) starts the thread at once.
  app.addHook('onListen', () => {
    void jsonQueries.warm(readDb);
  });

  route(app, e.list, { schema: { tags } }, async (request) =>
    service.listOrders(readDb, request.query, request.user!, (filters, count, version) =>
      cachedAnswer(app.answers, request, count, { keyParts: filters, bytes: () => 8, knownVersion: version }),
    ),
  );

  // A GET that creates, as domain.md has it: the draft is harmless and costs one order number.
  route(app, e.add, { schema: { tags } }, async (request) => service.addOrder(db, request.user!.id));

  route(app, e.detail, byOrder, async (request) => ({ item: await getOrder(db, request.params.id) }));

  // domain.md §2.3: a customer's detail with their orders. Here, not in the customers module, so that
  // the customers know nothing of the orders, which know the customers (decision 0091).
  route(app, customersEndpoints.detail, { schema: { tags: ['customers'] } }, async (request) => ({
    customer: await getCustomerDetail(db, request.params.id),
    orders: await service.ordersOfCustomer(db, request.params.id, await warehouseScope(db, request.user!)),
  }));

  // domain.md §1.6: copy needs change_order; it creates an order, so add_order too.
  route(app, e.copy, byOrder, async (request) => service.copyOrder(db, request.params.id, request.user!.id));

  // Decision 0030: a draft is discarded (deleted with its lines and files) by whoever may create orders;
  // an order that is no draft answers 409 / 143 and is cancelled instead.
  route(app, e.discard, byOrder, async (request) => discardDraft(db, app.ctx.storage, request.params.id));

  route(app, e.cancel, byOrder, async (request) => ({
    item: await transitions.cancelOrder(db, request.params.id, request.user!.id),
  }));

  route(app, e.restore, byOrder, async (request) => ({
    item: await transitions.restoreOrder(db, request.params.id),
  }));

  route(app, e.done, byOrder, async (request) => ({
    item: await transitions.markDone(db, request.params.id, request.user!.id),
  }));

  route(app, e.undone, byOrder, async (request) => ({
    item: await transitions.markUndone(db, request.params.id, request.user!.id),
  }));

  // domain.md §1.6: collecting and returning revenue and marking paid are the owner's or dispatcher's.
  route(app, e.collectRevenue, byOrder, async (request) => ({
    item: await transitions.collectRevenue(db, request.params.id, request.user!.id),
  }));

  route(app, e.returnRevenue, byOrder, async (request) => ({
    item: await transitions.returnRevenue(db, request.params.id),
  }));

  route(app, e.linePrepared, byOrder, async (request) => ({
    item: await transitions.markLinePrepared(db, request.params.id, request.params.itemId),
  }));

  // domain.md §1.7, served at /api/api/get-orders (domain.md §3.2): the calendar is everyone's main screen.
  route(app, e.calendar, { schema: { tags } }, async (request, reply) => {
    const own = await warehouseScope(db, request.user!);
    const selection = service.calendarSelection(request.query, own);
    // One week of a busy yard is thousands of orders: built once per data version (decision 0020), per
    // set of warehouses and dates asked and per the caller's own warehouses (what show_cobined shows).
    return cachedJson(
      app.answers,
      request,
      reply,
      async () =>
        // Decision 0049: the lean week (what the calendars draw) or, as ever, the whole orders.
        request.query.view === 'calendar'
          ? calendarWeekAnswer(jsonQueries, readDb, request.query, own)
          : slicedJsonAnswer(
              'data',
              await service.calendarOrderSlices(readDb, request.query, own),
              calendarOrderSchema,
            ),
      {
        sets: ['warehouses', 'dates'],
        also: own,
        // Decision 0050: kept while no order of these days (of these warehouses) changes.
        // What the answer selects (its 403 too, before any lookup); nothing selected: no scope.
        ...(selection ? { scope: { days: selection.dates, warehouses: selection.warehouseIds } } : {}),
      },
    );
  });

  // Beyond domain.md: dragging an order on the calendar (decision 0014), with the intern step's clash rule.
  route(app, e.reschedule, byOrder, async (request, reply) => {
    const result = await rescheduleOrder(db, request.params.id, request.body);
    const answer = clashAnswer(result);
    return reply.status(answer.status).send(answer.body);
  });

  await orderFileRoutes(app);
}
