import type { CalculationPayload } from '@letokruh/contracts/calculations';
import type { AvailableProduct } from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import { parseCoordinatePair } from '../../ui/coordinates';
import { addAmount } from '../order-steps';

/** A product of the quote with its amount; prices come from the server's quote. */
export type QuoteLine = { product: AvailableProduct; amount: number };

/**
 * The calculations page's form (domain.md §3.3 Calculations page). Currency, lines, rate and minimum
 * follow the items step's rules (order-steps `changeCurrency`, `changeRate`, `updateLine`, …).
 */
export type CalculationDraft = {
  /** The chosen warehouse; null: the first offered. */
  warehouseId: number | null;
  currency: Currency;
  lines: QuoteLine[];
  /** The destination as typed or picked: "lat, lon". */
  place: string;
  /** The picked address of `place`; null once it is typed. */
  placeLabel: string | null;
  /** One way, km, as the field holds it: '' leaves it to the server. */
  distance: number | string;
  rate: number;
  minimum: number;
};

export const newCalculation = (): CalculationDraft => ({
  warehouseId: null,
  currency: 'CZK',
  lines: [],
  place: '',
  placeLabel: null,
  distance: '',
  rate: deliveryDefaults.CZK.rate,
  minimum: deliveryDefaults.CZK.minimum,
});

/** Products are the warehouse's offer: those it does not sell leave the quote, so all lines go. */
export const changeQuoteWarehouse = (draft: CalculationDraft, warehouseId: number): CalculationDraft => ({
  ...draft,
  warehouseId,
  lines: [],
});

/** An amount of at least 1 (domain.md §1.5) is added as the items step adds it. */
export function addToQuote(
  draft: CalculationDraft,
  product: AvailableProduct,
  amount: number,
): CalculationDraft {
  if (!(amount >= 1)) return draft;
  return { ...draft, lines: addAmount(draft.lines, product.id, amount, () => ({ product, amount })) };
}

/** Typed coordinates that are not a pair "lat, lon" (nothing typed is not bad). */
export const badPlace = (draft: CalculationDraft) =>
  draft.place.trim() !== '' && !parseCoordinatePair(draft.place);

/** POST /calculation (and /calculation/order); null until there is a warehouse. */
export function quotePayloadOf(draft: CalculationDraft, warehouse: number | null): CalculationPayload | null {
  if (warehouse === null) return null;
  const destination = parseCoordinatePair(draft.place);
  return {
    warehouse_id: warehouse,
    currency: draft.currency,
    products: draft.lines.map((l) => ({ id: l.product.id, amount: l.amount })),
    destination: destination ? { gps_lat: destination.lat, gps_lon: destination.lon } : null,
    ...(typeof draft.distance === 'number' ? { distance: draft.distance } : {}),
    delivery_price_amount: draft.rate,
    minimim_delivery_price: draft.minimum,
  };
}
