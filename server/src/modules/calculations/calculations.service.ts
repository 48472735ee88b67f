import type { CalculationAnswer, CalculationPayload } from '@letokruh/contracts/calculations';
import { averageSpeedKmh, estimateRoute } from '@letokruh/contracts/rules/distance';
import type { Currency } from '@letokruh/contracts/rules/money';
import { deliveryDefaults, lineTotals, orderTotals } from '@letokruh/contracts/rules/order-price';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badInput } from '../../plugins/errors.ts';
import { saveItems } from '../orders/steps/items-step.service.ts';
import { addOrder } from '../orders/steps/new-order.service.ts';
import { availableProducts } from '../products/products.service.ts';
import { listWarehouses, requireWarehouse } from '../warehouses/warehouses.service.ts';

/**
 * The quote of the calculations page (domain.md §3.3): the items step's rules on a warehouse, a currency,
 * products and a destination, without an order. Prices are today's offer of that warehouse (or the
 * typed ones), the delivery the rate × km × 2 raised to the minimum, the km the estimate of
 * rules/distance.ts from the warehouse to the destination unless a distance is typed.
 */

/** GET /calculation/warehouses: the warehouses in use, with their addresses. */
export async function calculationWarehouses(db: DbOrTx) {
  const { items } = await listWarehouses(db, { current_page: 1, per_page: 1000 });
  return {
    items: items
      .filter((w) => !w.hidden)
      .map((w) => ({ id: w.id, name: w.name, color: w.color, text_color: w.text_color, address: w.address })),
  };
}

/** GET /calculation/products: what the warehouse sells today in that currency. */
export async function calculationProducts(db: DbOrTx, warehouseId: number, currency: Currency) {
  await warehouseInUse(db, warehouseId);
  return availableProducts(db, warehouseId, currency);
}

async function warehouseInUse(db: DbOrTx, id: number) {
  try {
    const warehouse = await requireWarehouse(db, id);
    if (warehouse.hidden) throw badInput(`Warehouse ${id} is not in use`, ['warehouse_id']);
    return warehouse;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      throw badInput(`No warehouse ${id}`, ['warehouse_id']);
    throw error;
  }
}

/** POST /calculation: the quote. A product not on offer there in that currency is 400 on its line. */
export async function calculate(db: DbOrTx, payload: CalculationPayload): Promise<CalculationAnswer> {
  const warehouse = await warehouseInUse(db, payload.warehouse_id);
  const { products_types } = await availableProducts(db, warehouse.id, payload.currency);
  const offer = new Map(products_types.flatMap((g) => g.products).map((p) => [p.id, p]));
  const lines = payload.products.map((line, index) => {
    const product = offer.get(line.id);
    const offered = product?.pricesWithVat[0];
    const vat = product?.vats[0];
    if (!product || !offered || !vat) {
      throw badInput(`Product ${line.id} is not offered in this warehouse in ${payload.currency}`, [
        `products.${index}.id`,
      ]);
    }
    const priced = {
      price: line.price ?? offered.amount,
      amount: line.amount,
      vat: vat.vat,
      discount: line.discount ?? 1,
    };
    return {
      product: {
        id: product.id,
        name: product.name,
        shorten_name: product.shorten_name,
        measurement_unit: product.measurement_unit,
      },
      ...priced,
      ...lineTotals(priced),
    };
  });

  const from = { lat: warehouse.gpsLat, lon: warehouse.gpsLon };
  const route = payload.destination
    ? estimateRoute(from, { lat: payload.destination.gps_lat, lon: payload.destination.gps_lon })
    : { distance: 0, duration: 0 };
  const distance = payload.distance ?? route.distance;
  const duration =
    payload.duration ??
    (payload.distance === undefined ? route.duration : Math.ceil((distance / averageSpeedKmh) * 60));
  const defaults = deliveryDefaults[payload.currency];
  const rate = payload.delivery_price_amount ?? defaults.rate;
  const minimum = payload.minimim_delivery_price ?? defaults.minimum;
  const totals = orderTotals({ currency: payload.currency, lines, delivery: { rate, minimum, distance } });
  return {
    warehouse: {
      id: warehouse.id,
      name: warehouse.name,
      address: {
        full_address: warehouse.fullAddress,
        town: warehouse.town,
        zip_code: warehouse.zipCode,
        country: warehouse.country,
        gps_lat: warehouse.gpsLat,
        gps_lon: warehouse.gpsLon,
      },
    },
    currency: payload.currency,
    lines,
    distance,
    duration,
    estimate: payload.distance === undefined && payload.destination != null,
    delivery_price: { amount: rate, minimum_price: minimum, price: totals.delivery_price },
    product_prices: totals.product_prices,
    total_price: totals.total_price,
    total_price_vat: totals.total_price_vat,
    price_with_vat: totals.price_with_vat,
  };
}

/**
 * POST /calculation/order: the quote becomes an order draft (GET /order/add, then the items step's
 * save with the quote's warehouse, currency, lines, prices and delivery): the web app goes on to the
 * customer step with the items already there. The quote is checked first, so a bad one makes no draft.
 * Stock is not: the draft's items step warns when products are short (decision 0064).
 */
export async function orderFromQuote(db: Db, payload: CalculationPayload, userId: number) {
  const quote = await calculate(db, payload);
  const { id } = await addOrder(db, userId);
  await saveItems(
    db,
    id,
    {
      warehouse_id: quote.warehouse.id,
      currency: quote.currency,
      products: quote.lines.map((l) => ({
        amount: l.amount,
        product: { product: { id: l.product.id }, amount: l.price, discount: l.discount },
      })),
      distance: quote.distance,
      duration: quote.duration,
      delivery_price_amount: quote.delivery_price.amount,
      minimim_delivery_price: quote.delivery_price.minimum_price,
    },
    userId,
    // Decision 0064: a draft reserves nothing; the items step after the customer step warns of
    // products short (a quote is a price, not yet a promise of stock).
    false,
  );
  return { id };
}
