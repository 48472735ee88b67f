import type { OrderItemsPayload } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import type { AvailableProduct, ProductBase } from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import {
  deliveryDefaults,
  lineTotals,
  minimumAfterRateChange,
  type OrderTotals,
  orderTotals,
} from '@letokruh/contracts/rules/order-price';

/** A line of the items step as edited: the product, amount, unit price with VAT, VAT and discount. */
export type DraftLine = {
  product: ProductBase;
  amount: number;
  price: number;
  vat: number;
  discount: number;
};

/** A line of the items step or the calculator: a product and its amount, whatever else it holds. */
export type AmountLine = { product: { id: number }; amount: number };

/**
 * What the items step and the calculations page (domain.md §3.3) share: a currency, lines, and the
 * delivery rate and minimum. The rules below hold for both, so both forms are edited with them.
 */
type PricedLinesDraft = { currency: Currency | null; lines: AmountLine[]; rate: number; minimum: number };

/** The items step's form (domain.md §1.2 step 2). */
export type ItemsDraft = {
  warehouseId: number | null;
  currency: Currency | null;
  lines: DraftLine[];
  /** One way, km. */
  distance: number;
  /** One way, minutes. */
  duration: number;
  /** Rate per km with VAT. */
  rate: number;
  minimum: number;
};

export function itemsDraftOf(order: Order): ItemsDraft {
  const defaults = order.currency ? deliveryDefaults[order.currency] : null;
  return {
    warehouseId: order.warehouse?.id ?? null,
    currency: order.currency,
    lines: order.products.map((l) => ({
      product: l.product.product,
      amount: l.amount,
      price: l.product.amount,
      vat: l.product.vat,
      discount: l.product.discount,
    })),
    distance: order.distance,
    duration: order.duration,
    rate: order.delivery_price.amount ?? defaults?.rate ?? 0,
    minimum: order.delivery_price.minimum_price ?? defaults?.minimum ?? 0,
  };
}

/** domain.md §1.4: a new currency clears every line and brings its transport defaults. */
export function changeCurrency<D extends PricedLinesDraft>(draft: D, currency: Currency): D {
  if (draft.currency === currency) return draft;
  const defaults = deliveryDefaults[currency];
  return { ...draft, currency, lines: [], rate: defaults.rate, minimum: defaults.minimum };
}

/** domain.md §1.4: another warehouse brings its distance and duration from the customer. */
export function changeWarehouse(
  draft: ItemsDraft,
  warehouse: { id: number; distance: number; duration: number },
): ItemsDraft {
  return {
    ...draft,
    warehouseId: warehouse.id,
    distance: Math.round(warehouse.distance * 100) / 100,
    duration: warehouse.duration,
  };
}

/** domain.md §1.4: the delivery-minimum rule (contracts `minimumAfterRateChange`). */
export function changeRate<D extends PricedLinesDraft>(draft: D, rate: number): D {
  const minimum = draft.currency
    ? minimumAfterRateChange(draft.currency, rate, draft.minimum)
    : draft.minimum;
  return { ...draft, rate, minimum };
}

/** The price with VAT and the VAT of a product in a currency, as the price list has them today. */
export function offerPrice(product: AvailableProduct, currency: Currency) {
  const price = product.pricesWithVat.find((p) => p.currency === currency)?.amount;
  const vat = product.vats.find((v) => v.currency === currency)?.vat;
  return price === undefined || vat === undefined ? null : { price, vat };
}

/**
 * domain.md §1.2: a product already among the lines raises that line's amount (to the cent); another
 * joins as `newLine` makes it. The same lines come back when nothing changes (`newLine` gave null).
 */
export function addAmount<L extends AmountLine>(
  lines: L[],
  productId: number,
  amount: number,
  newLine: () => L | null,
): L[] {
  const index = lines.findIndex((l) => l.product.id === productId);
  if (index >= 0)
    return lines.map((l, i) =>
      i === index ? { ...l, amount: Math.round((l.amount + amount) * 100) / 100 } : l,
    );
  const line = newLine();
  return line ? [...lines, line] : lines;
}

/** domain.md §1.2: adding a product already on the order raises its amount; else a new line at today's price. */
export function addProduct(draft: ItemsDraft, product: AvailableProduct, amount: number): ItemsDraft {
  const currency = draft.currency;
  if (!currency || !(amount > 0)) return draft;
  const lines = addAmount(draft.lines, product.id, amount, () => {
    const offer = offerPrice(product, currency);
    if (!offer) return null;
    const { pricesWithVat: _p, vats: _v, ...base } = product;
    return { product: base, amount, ...offer, discount: 1 };
  });
  return lines === draft.lines ? draft : { ...draft, lines };
}

export function updateLine<D extends { lines: AmountLine[] }>(
  draft: D,
  productId: number,
  change: Partial<D['lines'][number]>,
): D {
  return { ...draft, lines: draft.lines.map((l) => (l.product.id === productId ? { ...l, ...change } : l)) };
}

export function removeLine<D extends { lines: AmountLine[] }>(draft: D, productId: number): D {
  return { ...draft, lines: draft.lines.filter((l) => l.product.id !== productId) };
}

/** The totals the server will save (contracts `orderTotals`, the one rule for both sides). */
export function draftTotals(draft: ItemsDraft): OrderTotals {
  return orderTotals({
    currency: draft.currency,
    lines: draft.lines.map((l) => ({ price: l.price, amount: l.amount, vat: l.vat, discount: l.discount })),
    delivery: { rate: draft.rate, minimum: draft.minimum, distance: draft.distance },
  });
}

export const lineTotalWithVat = (line: DraftLine) =>
  lineTotals({ price: line.price, amount: line.amount, vat: line.vat, discount: line.discount })
    .total_price_vat;

/** POST /order/{id}/items (contracts `orderItemsPayloadSchema`); null until warehouse and currency are set. */
export function itemsPayloadOf(draft: ItemsDraft, version: number): OrderItemsPayload | null {
  if (draft.warehouseId === null || draft.currency === null) return null;
  return {
    warehouse_id: draft.warehouseId,
    currency: draft.currency,
    products: draft.lines.map((l) => ({
      amount: l.amount,
      product: { product: { id: l.product.id }, amount: l.price, discount: l.discount },
    })),
    distance: draft.distance,
    duration: draft.duration,
    delivery_price_amount: draft.rate,
    minimim_delivery_price: draft.minimum,
    version,
  };
}

/** What moving the lines to another warehouse does (decision 0031): the re-priced form and what it loses. */
export type WarehouseMove = {
  warehouse: { id: number; name: string; distance: number; duration: number };
  /** The form in the new warehouse: lines at its prices, lines it does not price left out. */
  draft: ItemsDraft;
  /** Lines the new warehouse has no price for in the currency: named, and removed on confirming. */
  missing: DraftLine[];
};

/**
 * Decision 0031: another warehouse re-prices every line from its price list (today's price and VAT in
 * the order's currency); a line it does not price cannot stay at the old warehouse's price (the
 * server refuses it), so it is left out and named in the confirmation.
 */
export function moveToWarehouse(
  draft: ItemsDraft,
  warehouse: WarehouseMove['warehouse'],
  offer: readonly AvailableProduct[],
): WarehouseMove {
  const moved = changeWarehouse(draft, warehouse);
  const currency = draft.currency;
  const byId = new Map(offer.map((p) => [p.id, p]));
  const missing: DraftLine[] = [];
  const lines: DraftLine[] = [];
  for (const line of draft.lines) {
    const product = byId.get(line.product.id);
    const priced = product && currency ? offerPrice(product, currency) : null;
    if (priced) lines.push({ ...line, ...priced });
    else missing.push(line);
  }
  return { warehouse, draft: { ...moved, lines }, missing };
}
