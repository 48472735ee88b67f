import type { OrderItemsPayload } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError, badInput } from '../../../plugins/errors.ts';
import { getWarehouse, requireWarehouse } from '../../warehouses/warehouses.service.ts';
import { lockForEdit } from '../edit-lock.ts';
import { getOrder } from '../order-view.ts';
import * as q from '../orders.queries.ts';
import { moveStock } from '../transitions/order-stock.ts';
import { takenBy } from '../transitions/transitions.service.ts';
import { offerOf } from './offer.ts';
import { checkShortStock } from './short-stock.ts';

/** The warehouse of the payload: 400 on `warehouse_id` unless it exists and is in use (or is the order's). */
async function chosenWarehouse(tx: Tx, id: number, current: number | null) {
  try {
    const warehouse = await requireWarehouse(tx, id);
    if (warehouse.hidden && id !== current) throw badInput(`Warehouse ${id} is not in use`, ['warehouse_id']);
    return warehouse;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      throw badInput(`No warehouse ${id}`, ['warehouse_id']);
    throw error;
  }
}

/**
 * POST /order/{id}/items (domain.md §1.2 step 2). A line of a product already on the order (in the same
 * currency) keeps its VAT, its prepared mark and, unless the payload names one, its price and
 * discount; a new line needs the product on offer in that warehouse and currency today and takes
 * its VAT (and its price unless one is typed). A new currency brings its default transport rate
 * and minimum unless the payload names them. A done order moves its stock by the differences.
 *
 * Another warehouse (decision 0031) re-prices the lines from its price list: a line keeps a price only
 * when the payload changed it from the saved one, and a line the new warehouse does not price is
 * 400 on that line, never kept at the old warehouse's price. A personal collection keeps its
 * transport rate and minimum at 0.
 *
 * Decision 0064: lines taking more than the warehouse has available answer 409 / 144 with the
 * products short unless the payload confirms with a reason (short-stock.ts); the reservations
 * follow the lines by migration 0042's triggers, in this transaction.
 */
export async function saveItems(
  db: Db,
  id: number,
  payload: OrderItemsPayload,
  userId: number,
  /**
   * false: the stock is not checked now. A quote made into a draft (calculations) holds nothing;
   * its items step, which the user saves after the customer step, checks and warns.
   */
  checkStock = true,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockForEdit(tx, id, payload.version);
    const warehouse = await chosenWarehouse(tx, payload.warehouse_id, order.warehouseId);
    const currency = payload.currency;
    const productIds = payload.products.map((p) => p.product.product.id);
    if (new Set(productIds).size !== productIds.length)
      throw badInput('A product twice on one order', ['products']);

    const old = new Map((await q.findLines(tx, [id])).map((l) => [l.productId, l]));
    const offer = await offerOf(tx, warehouse.id, currency);
    const warehouseChanged = order.warehouseId !== warehouse.id;
    const movesLines = warehouseChanged && order.warehouseId !== null;
    const lines = payload.products.map((line, index) => {
      const productId = line.product.product.id;
      const kept = old.get(productId);
      const offered = offer.get(productId);
      if (kept && kept.currency === currency && !movesLines) {
        return {
          productId,
          amount: line.amount,
          price: line.product.amount ?? kept.price,
          currency,
          vat: kept.vat,
          discount: line.product.discount ?? kept.discount,
          prepared: kept.prepared,
        };
      }
      if (kept && kept.currency === currency && offered) {
        // Decision 0031: another warehouse re-prices the line from its price list; only a price the
        // payload changed from the saved one (typed, or the re-priced one the form confirmed) stays.
        const typed = line.product.amount;
        return {
          productId,
          amount: line.amount,
          price: typed !== undefined && typed !== kept.price ? typed : offered.price,
          currency,
          vat: offered.vat,
          discount: line.product.discount ?? kept.discount,
          prepared: kept.prepared,
        };
      }
      if (!offered) {
        throw badInput(`Product ${productId} is not offered in this warehouse in ${currency}`, [
          `products.${index}.product.product.id`,
        ]);
      }
      return {
        productId,
        amount: line.amount,
        price: line.product.amount ?? offered.price,
        currency,
        vat: offered.vat,
        discount: line.product.discount ?? 1,
        prepared: false,
      };
    });

    const newCurrency = order.currency !== currency || order.deliveryPriceAmount === null;
    // A personal collection (planned without a driver) has no transport price (decision 0031).
    const collection = order.driverId === null && order.expectedDeliveryDate !== null;
    const defaults = deliveryDefaults[currency];
    const carStays =
      !warehouseChanged ||
      order.carId === null ||
      (await getWarehouse(tx, warehouse.id)).cars.some((c) => c.id === order.carId);

    // Decision 0064: short products answer 409 / 144 unless confirmed with a reason (audited).
    if (checkStock)
      await checkShortStock(tx, {
        order,
        warehouseId: warehouse.id,
        lines,
        oldLines: [...old.values()],
        confirm: payload,
        userId,
      });
    if (order.done) {
      await moveStock(tx, {
        orderId: id,
        userId,
        before: await takenBy(tx, order),
        after: { warehouseId: warehouse.id, lines },
      });
    }
    await q.replaceLines(tx, id, lines);
    await q.updateOrder(tx, id, {
      warehouseId: warehouse.id,
      currency,
      distance: payload.distance ?? order.distance,
      duration: payload.duration ?? order.duration,
      deliveryPriceAmount: collection
        ? 0
        : (payload.delivery_price_amount ?? (newCurrency ? defaults.rate : order.deliveryPriceAmount)),
      minimumDeliveryPrice: collection
        ? 0
        : (payload.minimim_delivery_price ?? (newCurrency ? defaults.minimum : order.minimumDeliveryPrice)),
      carId: carStays ? order.carId : null,
      prepared: lines.length > 0 && lines.every((l) => l.prepared),
    });
    return getOrder(tx, id);
  });
}
