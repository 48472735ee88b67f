import { describe, expect, it } from 'vitest';
import { buildRequest, type Line, parseAmount, parseCoefficient, preview } from './calculation';

const line = (productId: number | null, amount = ''): Line => ({ key: Math.random(), productId, amount });

describe('the known values of a conversion', () => {
  it('reads amounts and coefficients with a comma or a point, within their bounds', () => {
    expect(parseAmount('3,5')).toBe(3.5);
    expect(parseAmount('1 000')).toBe(1000);
    expect(parseAmount('0')).toBeUndefined();
    expect(parseAmount('1.234')).toBeUndefined();
    expect(parseAmount('-2')).toBeUndefined();
    expect(parseCoefficient('1,5525')).toBe(1.5525);
    expect(parseCoefficient('1001')).toBeUndefined();
    expect(parseCoefficient('1.12345')).toBeUndefined();
  });

  it('builds the request of each type with amounts only on the known side', () => {
    expect(buildRequest('knowInputOutput', [line(1, '4')], [line(2, '6'), line(3, '0,5')], '')).toEqual({
      ok: true,
      request: {
        calculation_type: 'knowInputOutput',
        inputs: [{ product_id: 1, amount: 4 }],
        outputs: [
          { product_id: 2, amount: 6 },
          { product_id: 3, amount: 0.5 },
        ],
      },
    });
    const computedInputs = buildRequest('knowOutputKoeficient', [line(1, 'ignored')], [line(2, '12')], '1,5');
    expect(computedInputs).toEqual({
      ok: true,
      request: {
        calculation_type: 'knowOutputKoeficient',
        inputs: [{ product_id: 1, amount: undefined }],
        outputs: [{ product_id: 2, amount: 12 }],
        coefficient: 1.5,
      },
    });
  });

  it('names what stops the request: a missing value, a bad amount or coefficient, a product twice', () => {
    const problem = (r: ReturnType<typeof buildRequest>) => (r.ok ? 'ok' : r.problem);
    expect(problem(buildRequest('knowInputOutput', [line(null, '1')], [line(2, '1')], ''))).toBe('missing');
    expect(problem(buildRequest('knowInputKoeficient', [line(1, '1')], [line(2)], ''))).toBe('missing');
    expect(problem(buildRequest('knowInputOutput', [line(1, '1,234')], [line(2, '1')], ''))).toBe(
      'invalidAmount',
    );
    expect(problem(buildRequest('knowInputKoeficient', [line(1, '1')], [line(2)], '0'))).toBe(
      'invalidCoefficient',
    );
    expect(problem(buildRequest('knowInputOutput', [line(1, '1')], [line(1, '1')], ''))).toBe('sameProduct');
  });

  it('previews the coefficient or the computed total', () => {
    expect(preview('knowInputOutput', [line(1, '4')], [line(2, '5'), line(3, '1,2')], '')).toEqual({
      kind: 'coefficient',
      value: 1.55,
    });
    expect(preview('knowInputKoeficient', [line(1, '4')], [line(2)], '1,5')).toEqual({
      kind: 'outputTotal',
      value: 6,
    });
    expect(preview('knowOutputKoeficient', [line(1)], [line(2, '12')], '1.5')).toEqual({
      kind: 'inputTotal',
      value: 8,
    });
    expect(preview('knowOutputKoeficient', [line(1)], [line(2, '12')], '')).toBeUndefined();
  });
});
