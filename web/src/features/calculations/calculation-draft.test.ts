import { describe, expect, it } from 'vitest';
import { makeProduct } from '../order-steps/test-data';
import {
  addToQuote,
  badPlace,
  changeQuoteWarehouse,
  newCalculation,
  quotePayloadOf,
} from './calculation-draft';

const borovice = makeProduct(5, 'Borovice štípaná 33 cm', 1250);

describe('the calculation form (domain.md §3.3 Calculations page)', () => {
  it('adds a product twice as one line, and nothing below an amount of 1', () => {
    const twice = addToQuote(addToQuote(newCalculation(), borovice, 2), borovice, 1);
    expect(twice.lines).toEqual([{ product: borovice, amount: 3 }]);
    const draft = newCalculation();
    expect(addToQuote(draft, borovice, 0.5)).toBe(draft);
  });

  it('drops the lines when the warehouse changes', () => {
    const moved = changeQuoteWarehouse(addToQuote(newCalculation(), borovice, 1), 2);
    expect(moved).toMatchObject({ warehouseId: 2, lines: [] });
  });

  it('asks for a quote once there is a warehouse, with a distance only when one is typed', () => {
    const draft = { ...addToQuote(newCalculation(), borovice, 3), place: '49,6 15,4' };
    expect(quotePayloadOf(draft, null)).toBeNull();
    const payload = quotePayloadOf(draft, 1);
    expect(payload?.products).toEqual([{ id: 5, amount: 3 }]);
    expect(payload?.destination).toEqual({ gps_lat: 49.6, gps_lon: 15.4 });
    expect([payload?.warehouse_id, payload?.currency, payload?.delivery_price_amount]).toEqual([
      1,
      'CZK',
      30,
    ]);
    expect(payload?.minimim_delivery_price).toBe(600);
    expect(payload).not.toHaveProperty('distance');
    expect(quotePayloadOf({ ...draft, place: '', distance: 12 }, 1)).toMatchObject({
      destination: null,
      distance: 12,
    });
  });

  it('calls typed coordinates bad only when they are not a pair', () => {
    expect(badPlace(newCalculation())).toBe(false);
    expect(badPlace({ ...newCalculation(), place: 'Jihlava' })).toBe(true);
    expect(badPlace({ ...newCalculation(), place: '49.6, 15.4' })).toBe(false);
  });
});
