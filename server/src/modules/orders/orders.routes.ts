import { ordersEndpoints as e } from '@letokruh/contracts/endpoints/orders';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { orderListRoutes } from './list/order-list.routes.ts';
import { getOrder } from './order-view.ts';
import { byOrder } from './route-options.ts';
import { orderStepRoutes } from './steps/steps.routes.ts';
import { transitionRoutes } from './transitions/transitions.routes.ts';

/**
 * The orders' routes (domain.md §1.7), mounted by app.ts: the list, an order's detail, the creation
 * steps and drafts (domain.md §1.2, decision 0030), the transitions of domain.md §1.4 with the
 * order's files, and the calendar.
 */
export async function orderRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  await orderListRoutes(app);
  route(app, e.detail, byOrder, async (request) => ({ item: await getOrder(db, request.params.id) }));
  await transitionRoutes(app);
  await calendarRoutes(app);
  await orderStepRoutes(app);
}
