import { describe, expect, it } from 'vitest';
import {
  type CalculationType,
  type ConversionOption,
  conversionOptions,
  type KnownLine,
} from './conversion.ts';
import { seededRandom } from './seeded-random.ts';

const cents = (x: number) => Math.round(x * 100);
const total = (lines: { amount: number }[]) => lines.reduce((a, l) => a + cents(l.amount), 0);
const isTwoDecimals = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-9;

function randomCase(next: () => number, type: CalculationType) {
  const amount = () => Math.round(next() * 5000) / 100 + 0.01;
  const side = (from: number, withAmounts: boolean): KnownLine[] =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => ({
      product_id: from + i,
      amount: withAmounts ? amount() : undefined,
      stock: next() < 0.15 ? 0 : Math.round(next() * 8000) / 100,
    }));
  return {
    calculation_type: type,
    inputs: side(1, type !== 'knowOutputKoeficient'),
    outputs: side(10, type !== 'knowInputKoeficient'),
    coefficient: Math.round((0.2 + next() * 2.5) * 10_000) / 10_000,
  };
}

/** What must hold of every option, whatever the request. */
function checkOption(request: ReturnType<typeof randomCase>, option: ConversionOption) {
  const stock = new Map(request.inputs.map((l) => [l.product_id, l.stock]));
  for (const line of option.inputs) {
    expect(stock.has(line.product_id)).toBe(true);
    expect(cents(line.amount)).toBeLessThanOrEqual(cents(stock.get(line.product_id)!));
  }
  const outputIds = new Set(request.outputs.map((l) => l.product_id));
  for (const line of option.outputs) expect(outputIds.has(line.product_id)).toBe(true);
  for (const line of [...option.inputs, ...option.outputs]) {
    expect(line.amount).toBeGreaterThan(0);
    expect(isTwoDecimals(line.amount)).toBe(true);
  }
  const inTotal = total(option.inputs);
  const outTotal = total(option.outputs);
  if (request.calculation_type === 'knowInputKoeficient') {
    expect(inTotal).toBe(total(request.inputs as { amount: number }[]));
    expect(outTotal).toBe(Math.round(inTotal * request.coefficient));
  } else if (request.calculation_type === 'knowOutputKoeficient') {
    expect(outTotal).toBe(total(request.outputs as { amount: number }[]));
    expect(inTotal).toBe(Math.round(outTotal / request.coefficient));
  } else {
    expect(option.coefficient).toBeCloseTo(outTotal / inTotal, 4);
  }
}

describe('conversionOptions (properties over 600 seeded cases)', () => {
  for (const type of ['knowInputOutput', 'knowInputKoeficient', 'knowOutputKoeficient'] as const) {
    it(`${type}: every option keeps the totals, fits the stock and appears once`, () => {
      const next = seededRandom(type.length * 7919);
      for (let run = 0; run < 200; run++) {
        const request = randomCase(next, type);
        const options = conversionOptions(request);
        for (const option of options) checkOption(request, option);
        const keys = options.map((o) => JSON.stringify(o));
        expect(new Set(keys).size).toBe(keys.length);
        const inputsFit = request.inputs.every((l) => cents(l.amount ?? 0) <= cents(l.stock));
        if (type === 'knowOutputKoeficient') {
          // Splitting in proportion to the stock fits whenever the stock as a whole does.
          const needed = Math.round(total(request.outputs as { amount: number }[]) / request.coefficient);
          const held = request.inputs.reduce((a, l) => a + cents(l.stock), 0);
          expect(options.length > 0, `seed run ${run}`).toBe(needed > 0 && needed <= held);
        } else {
          expect(options.length > 0, `seed run ${run}`).toBe(inputsFit);
        }
      }
    });
  }
});

describe('conversionOptions (examples)', () => {
  it('knowInputOutput computes the coefficient', () => {
    const [option, ...rest] = conversionOptions({
      calculation_type: 'knowInputOutput',
      inputs: [{ product_id: 1, amount: 10, stock: 12 }],
      outputs: [
        { product_id: 2, amount: 8, stock: 0 },
        { product_id: 3, amount: 7, stock: 0 },
      ],
    });
    expect(rest).toEqual([]);
    expect(option).toEqual({
      inputs: [{ product_id: 1, amount: 10 }],
      outputs: [
        { product_id: 2, amount: 8 },
        { product_id: 3, amount: 7 },
      ],
      coefficient: 1.5,
    });
  });

  it('knowInputKoeficient offers the even split and all on each output', () => {
    const options = conversionOptions({
      calculation_type: 'knowInputKoeficient',
      inputs: [{ product_id: 1, amount: 10, stock: 10 }],
      outputs: [
        { product_id: 2, stock: 0 },
        { product_id: 3, stock: 5 },
      ],
      coefficient: 1.55,
    });
    expect(options.map((o) => o.outputs)).toEqual([
      [
        { product_id: 2, amount: 7.75 },
        { product_id: 3, amount: 7.75 },
      ],
      [{ product_id: 2, amount: 15.5 }],
      [{ product_id: 3, amount: 15.5 }],
    ]);
  });

  it('knowOutputKoeficient leaves out the splits the stock cannot cover, and may leave none', () => {
    const request = {
      calculation_type: 'knowOutputKoeficient' as const,
      inputs: [
        { product_id: 1, stock: 9 },
        { product_id: 2, stock: 1 },
      ],
      outputs: [{ product_id: 3, amount: 12, stock: 0 }],
      coefficient: 1.5,
    };
    // 8 needed: evenly 4 + 4 does not fit product 2; by stock 7.2 + 0.8 fits; all on 1 fits.
    expect(conversionOptions(request).map((o) => o.inputs)).toEqual([
      [
        { product_id: 1, amount: 7.2 },
        { product_id: 2, amount: 0.8 },
      ],
      [{ product_id: 1, amount: 8 }],
    ]);
    expect(conversionOptions({ ...request, coefficient: 1.1 })).toEqual([]);
  });
});
