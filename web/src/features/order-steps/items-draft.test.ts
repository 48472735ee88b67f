import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import { describe, expect, it } from 'vitest';
import {
  addAmount,
  addProduct,
  changeCurrency,
  changeRate,
  type ItemsDraft,
  removeLine,
  updateLine,
} from './items-draft';
import { makeProduct } from './test-data';

const borovice = makeProduct(5, 'Borovice štípaná 33 cm', 1250);
const piliny = makeProduct(9, 'Piliny', 350.5, 12);

const way = { distance: 12, duration: 18 };
const draft: ItemsDraft = { warehouseId: 1, currency: 'CZK', lines: [], ...way, ...deliveryDefaults.CZK };

describe('the lines of a draft (domain.md §1.2)', () => {
  it('add a product at today’s price, and raise its amount to the cent when added again', () => {
    const once = addProduct(draft, borovice, 1.1);
    expect(once.lines).toEqual([
      { product: expect.objectContaining({ id: 5 }), amount: 1.1, price: 1250, vat: 21, discount: 1 },
    ]);
    expect(once.lines[0]?.product).not.toHaveProperty('pricesWithVat');
    expect(addProduct(once, borovice, 2.2).lines[0]?.amount).toBe(3.3);
  });

  it('leave the draft as it is without a currency, an amount or a price', () => {
    const noCurrency = { ...draft, currency: null };
    expect(addProduct(noCurrency, borovice, 1)).toBe(noCurrency);
    expect(addProduct(draft, borovice, 0)).toBe(draft);
    expect(addProduct(draft, { ...borovice, pricesWithVat: [] }, 1)).toBe(draft);
  });

  it('of any shape add up by product, making a new line only for a new product', () => {
    const lines = [{ product: { id: 5 }, amount: 2 }];
    expect(addAmount(lines, 5, 1, () => null)).toEqual([{ product: { id: 5 }, amount: 3 }]);
    expect(addAmount(lines, 9, 4, () => ({ product: { id: 9 }, amount: 4 }))).toEqual([
      ...lines,
      { product: { id: 9 }, amount: 4 },
    ]);
    expect(addAmount(lines, 9, 4, () => null)).toBe(lines);
  });

  it('change and go by product', () => {
    const two = addProduct(addProduct(draft, borovice, 1), piliny, 2);
    expect(updateLine(two, 9, { amount: 5 }).lines.map((l) => l.amount)).toEqual([1, 5]);
    expect(removeLine(two, 5).lines.map((l) => l.product.id)).toEqual([9]);
  });
});

describe('currency and rate (domain.md §1.4)', () => {
  it('a new currency clears the lines and brings its transport defaults; the same one changes nothing', () => {
    const withLine = addProduct(draft, borovice, 1);
    expect(changeCurrency(withLine, 'EUR')).toMatchObject({
      currency: 'EUR',
      lines: [],
      rate: 1.25,
      minimum: 30,
    });
    expect(changeCurrency(withLine, 'CZK')).toBe(withLine);
  });

  it('a rate off the default drops the default minimum to 0, keeping any other minimum', () => {
    expect(changeRate(draft, 35)).toMatchObject({ rate: 35, minimum: 0 });
    expect(changeRate({ ...draft, minimum: 500 }, 35)).toMatchObject({ rate: 35, minimum: 500 });
  });

  it('hold for any draft with a currency, lines, rate and minimum, keeping its other fields', () => {
    const other = {
      currency: 'CZK' as const,
      lines: [{ product: { id: 1 }, amount: 1 }],
      rate: 30,
      minimum: 600,
      place: 'x',
    };
    expect(changeCurrency(other, 'EUR')).toEqual({
      currency: 'EUR',
      lines: [],
      rate: 1.25,
      minimum: 30,
      place: 'x',
    });
    expect(changeRate(other, 40)).toEqual({ ...other, rate: 40, minimum: 0 });
  });
});
