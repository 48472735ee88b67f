import { ordersEndpoints as e } from '@letokruh/contracts/endpoints/orders';
import { calendarOrderSchema } from '@letokruh/contracts/order-calendar';
import type { App } from '../../../app-types.ts';
import { createJsonQueries } from '../../../db/json-queries.ts';
import { cachedJson, slicedJsonAnswer } from '../../../plugins/answer-json.ts';
import { route } from '../../../plugins/endpoint.ts';
import { warehouseScope } from '../../../plugins/warehouse-scope.ts';
import { clashAnswer } from '../clashes.ts';
import { byOrder, tags } from '../route-options.ts';
import { calendarOrderSlices, calendarSelection } from './calendar.service.ts';
import { calendarWeekAnswer } from './calendar-week.service.ts';
import { rescheduleOrder } from './reschedule.service.ts';

/** The calendar's week (domain.md §1.7) and the dragging of an order on it (decision 0014). */
export async function calendarRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const readDb = app.ctx.readDb ?? db;
  // The calendar week's JSON is fetched and gzipped in a worker thread (db/json-queries.ts).
  const jsonQueries = createJsonQueries();
  app.addHook('onClose', () => jsonQueries.close());
  // A server that listens (not the tests' injected requests) starts the thread at once.
  app.addHook('onListen', () => {
    void jsonQueries.warm(readDb);
  });

  // domain.md §1.7, served at /api/api/get-orders (domain.md §3.2): the calendar is everyone's main screen.
  route(app, e.calendar, { schema: { tags } }, async (request, reply) => {
    const own = await warehouseScope(db, request.user!);
    const selection = calendarSelection(request.query, own);
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
              await calendarOrderSlices(readDb, request.query, own),
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
}
