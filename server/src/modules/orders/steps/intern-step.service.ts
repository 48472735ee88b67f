import type { Clash, InternAnswer, OrderInternPayload } from '@letokruh/contracts/order-steps';
import type { CollectionCleared } from '@letokruh/contracts/rules/collection';
import type { Db, Tx } from '../../../db/client.ts';
import { requireExistingTime } from '../../../db/prague.ts';
import { badInput, conflict } from '../../../plugins/errors.ts';
import { listAdtypes, listSuppliers } from '../../reference/reference.service.ts';
import { getWarehouse, listStaff } from '../../warehouses/warehouses.service.ts';
import { findClashes } from '../clashes.ts';
import { lockForEdit } from '../edit-lock.ts';
import { getOrder } from '../order-view.ts';
import * as q from '../orders.queries.ts';
import { checkShortStock } from './short-stock.ts';

/**
 * A reference of the payload must be one the form offers (an active driver, a car of the order's
 * warehouse, an active supplier or ad type), or the one the order already has: 400 naming the field.
 */
async function checkReferences(tx: Tx, order: q.OrderRow & { warehouseId: number }, p: OrderInternPayload) {
  const changed = (value: number | null | undefined, current: number | null): value is number =>
    value !== null && value !== undefined && value !== current;
  if (changed(p.driver_id, order.driverId)) {
    const drivers = (await listStaff(tx, 'driver')).items;
    if (!drivers.some((d) => d.id === p.driver_id))
      throw badInput(`No active driver ${p.driver_id}`, ['driver_id']);
  }
  // A personal collection has no car: the car is cleared, never checked.
  if (p.driver_id != null && changed(p.car_id, order.carId)) {
    const cars = (await getWarehouse(tx, order.warehouseId)).cars;
    if (!cars.some((c) => c.id === p.car_id))
      throw badInput(`No car ${p.car_id} in the warehouse`, ['car_id']);
  }
  if (changed(p.supplier_id, order.supplierId)) {
    const suppliers = (await listSuppliers(tx)).items;
    if (!suppliers.some((s) => s.id === p.supplier_id))
      throw badInput(`No supplier ${p.supplier_id}`, ['supplier_id']);
  }
  if (changed(p.ad_type, order.adtypeId)) {
    const adtypes = (await listAdtypes(tx)).items;
    if (!adtypes.some((a) => a.id === p.ad_type)) throw badInput(`No ad type ${p.ad_type}`, ['ad_type']);
  }
  // A QR payment names the supplier's account (domain.md §1.5: "please select a supplier").
  if (p.payment_type === 'qr_transfer' && !p.supplier_id) {
    throw badInput('A QR transfer needs a supplier', ['supplier_id']);
  }
}

/**
 * POST /order/{id}/intern (domain.md §1.2 step 3): driver (none: personal collection), car, supplier,
 * payment, delivery day and time, duration, note, ad type. The form is sent whole: a reference left
 * out is cleared. When the delivery runs into other orders of the driver or car, a vacation of the
 * driver or a closure of the warehouse, nothing is saved and the clashes come back, unless the
 * payload confirms them (`confirm_overlap`).
 *
 * Personal collection (no driver, decision 0031): the customer fetches the goods, so the car, the
 * transport rate and the minimum are cleared (the transport price is 0) and reported in `cleared`
 * rather than refused, the travel blocks are not drawn (`travelOf`) and no driver or car clash is
 * looked for; a closure of the warehouse still clashes, since the customer comes to it.
 */
export async function saveIntern(
  db: Db,
  id: number,
  payload: OrderInternPayload,
  userId: number,
): Promise<InternAnswer | { clashes: Clash[] }> {
  return db.transaction(async (tx) => {
    const order = await lockForEdit(tx, id, payload.version);
    if (order.customerId === null || order.warehouseId === null || order.currency === null) {
      throw conflict('Choose the customer, warehouse and currency first');
    }
    if (payload.warehouse_id !== undefined && payload.warehouse_id !== order.warehouseId) {
      throw badInput('The warehouse is chosen in the items step', ['warehouse_id']);
    }
    requireExistingTime(
      payload.expected_delivery_date,
      payload.expected_delivery_time,
      'expected_delivery_time',
    );
    const withWarehouse = { ...order, warehouseId: order.warehouseId };
    await checkReferences(tx, withWarehouse, payload);
    const driverId = payload.driver_id ?? null;
    const collection = driverId === null;
    const carId = collection ? null : (payload.car_id ?? null);
    const rate = collection ? 0 : (payload.delivery_price_amount ?? order.deliveryPriceAmount);
    const minimum = collection ? 0 : (payload.minimim_delivery_price ?? order.minimumDeliveryPrice);
    const clashes = await findClashes(tx, {
      orderId: id,
      driverId,
      carId,
      warehouseId: order.warehouseId,
      date: payload.expected_delivery_date,
      time: payload.expected_delivery_time,
      duration: payload.expected_delivery_duration,
      travel: collection ? 0 : order.duration,
    });
    if (clashes.length && !payload.confirm_overlap) return { clashes };
    // A draft becomes an order here and starts reserving its lines: the stock is checked again, as
    // the items step checked it, since others may have taken it meanwhile (domain.md §1.5 Short stock).
    if (order.draftTouchedAt !== null) {
      const lines = (await q.findLines(tx, [id])).map((l) => ({ productId: l.productId, amount: l.amount }));
      await checkShortStock(tx, {
        order,
        warehouseId: order.warehouseId,
        lines,
        oldLines: [],
        confirm: payload,
        userId,
        step: 'intern',
      });
    }
    await q.updateOrder(tx, id, {
      // The first save makes the draft an order (decision 0030), in this transaction.
      draftTouchedAt: null,
      driverId,
      carId,
      supplierId: payload.supplier_id ?? null,
      adtypeId: payload.ad_type ?? null,
      paymentType: payload.payment_type,
      expectedDeliveryDate: payload.expected_delivery_date,
      expectedDeliveryTime: payload.expected_delivery_time,
      expectedDeliveryDuration: payload.expected_delivery_duration,
      note: payload.note,
      deliveryPriceAmount: rate,
      minimumDeliveryPrice: minimum,
    });
    const item = await getOrder(tx, id);
    if (!collection) return { item };
    const cleared: CollectionCleared[] = [];
    if ((payload.car_id ?? order.carId) !== null) cleared.push('car_id');
    if (Number(payload.delivery_price_amount ?? order.deliveryPriceAmount ?? 0) !== 0)
      cleared.push('delivery_price_amount');
    if (Number(payload.minimim_delivery_price ?? order.minimumDeliveryPrice ?? 0) !== 0)
      cleared.push('minimim_delivery_price');
    return { item, cleared };
  });
}
