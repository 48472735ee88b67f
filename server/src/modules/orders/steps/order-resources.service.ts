import { estimateRoute } from '@letokruh/contracts/rules/distance';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../plugins/errors.ts';
import { requireCustomer } from '../../customers/customers.service.ts';
import { getWarehouse, listStaff, listWarehouses } from '../../warehouses/warehouses.service.ts';
import { getOrder } from '../order-view.ts';
import * as q from '../orders.queries.ts';

async function requireOrder(db: DbOrTx, id: number): Promise<q.OrderRow> {
  const order = await q.findOrder(db, id);
  if (!order) throw notFound('Order not found');
  return order;
}

/**
 * GET /warehouse_distance/{orderId}: each warehouse in use (and the order's own, even if no longer
 * in use) with its cars and the way to the customer. Without a routing service the way is the
 * great-circle estimate of contracts/rules/distance, marked `estimate` (domain.md §3.3).
 */
export async function warehouseDistances(db: DbOrTx, orderId: number) {
  const order = await requireOrder(db, orderId);
  if (order.customerId === null) throw conflict('The order has no customer yet');
  const customer = await requireCustomer(db, order.customerId);
  const inUse = (await listWarehouses(db, { current_page: 1, per_page: 1000 })).items.map((w) => w.id);
  const ids =
    order.warehouseId !== null && !inUse.includes(order.warehouseId) ? [...inUse, order.warehouseId] : inUse;
  const warehouses_distance = [];
  for (const id of ids) {
    const w = await getWarehouse(db, id);
    const route = estimateRoute(
      { lat: w.address.gps_lat, lon: w.address.gps_lon },
      { lat: customer.gpsLat, lon: customer.gpsLon },
    );
    warehouses_distance.push({
      id: w.id,
      name: w.name,
      color: w.color,
      text_color: w.text_color,
      address: w.address,
      cars: w.cars,
      ...route,
      estimate: true,
    });
  }
  return { warehouses_distance };
}

/**
 * GET /order/{id}/drivers: the drivers of the order's warehouse, or every driver when it has none
 * (or the order no warehouse yet); the driver already chosen is always among them.
 */
export async function orderDrivers(db: DbOrTx, orderId: number) {
  const order = await getOrder(db, orderId);
  const own = order.warehouse ? (await getWarehouse(db, order.warehouse.id)).drivers : [];
  const items = own.length ? own : (await listStaff(db, 'driver')).items;
  const current = order.driver;
  return { items: current && !items.some((d) => d.id === current.id) ? [...items, current] : items };
}

/** GET /order/{id}/warehouse_cars: the cars of the order's warehouse, with the one already chosen. */
export async function orderCars(db: DbOrTx, orderId: number) {
  const order = await getOrder(db, orderId);
  const items = order.warehouse ? (await getWarehouse(db, order.warehouse.id)).cars : [];
  const current = order.car;
  return { items: current && !items.some((c) => c.id === current.id) ? [...items, current] : items };
}
