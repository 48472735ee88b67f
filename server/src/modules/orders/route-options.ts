import type { ScopedBy } from '../../plugins/access.ts';
import type { RouteExtras } from '../../plugins/endpoint.ts';

/** The orders' routes stand under one tag in the API document (decision 0039). */
export const tags = ['orders'];

/** The order the path's `id` names bounds the route to its warehouses (per-object access). */
export const byOrder: RouteExtras = {
  schema: { tags },
  config: { scopedBy: { order: 'id' } satisfies ScopedBy },
};
