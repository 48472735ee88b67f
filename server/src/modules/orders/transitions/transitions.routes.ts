import { ordersEndpoints as e } from '@letokruh/contracts/endpoints/orders';
import type { App } from '../../../app-types.ts';
import { route } from '../../../plugins/endpoint.ts';
import { byOrder } from '../route-options.ts';
import { orderFileRoutes } from './order-files.routes.ts';
import * as transitions from './transitions.service.ts';

/** The transitions of domain.md §1.4 and the order's files (domain.md §1.7). */
export async function transitionRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

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

  await orderFileRoutes(app);
}
