import { orderFilesEndpoints } from '@letokruh/contracts/endpoints/order-files';
import { orderFileTypes } from '@letokruh/contracts/orders';
import type { App } from '../../../app-types.ts';
import type { ScopedBy } from '../../../plugins/access.ts';
import { notFound } from '../../../plugins/errors.ts';
import { fileRoutes } from '../../files/index.ts';
import * as q from '../orders.queries.ts';

/** The files container of the order detail (domain.md §1.2, §1.7): Dodací list, Faktura, Jiné. */
export async function orderFileRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  fileRoutes(app, {
    owner: 'order',
    endpoints: orderFilesEndpoints,
    fileTypes: orderFileTypes,
    tags: ['orders'],
    // The order the path's `id` names bounds the routes to its warehouses (per-object access).
    config: { scopedBy: { order: 'id' } satisfies ScopedBy },
    requireOwner: async (id) => {
      if (!(await q.findOrder(db, id))) throw notFound('Order not found');
    },
  });
}
