import type { ConversionQuery } from '@letokruh/contracts/conversions';
import { type CalculationType, roundCoefficient } from '@letokruh/contracts/rules/conversion';

/** One row of the known-values step: a product and, when the side is known, its amount as typed. */
export type Line = { key: number; productId: number | null; amount: string };

/** Which values the user knows for each calculation type (domain.md §3.3 Product conversion). */
export function knownValues(type: CalculationType) {
  return {
    inputs: type !== 'knowOutputKoeficient',
    outputs: type !== 'knowInputKoeficient',
    coefficient: type !== 'knowInputOutput',
  };
}

/** Amounts of two decimals, above 0, at most 1 000 000, with a comma or a point. */
export function parseAmount(text: string): number | undefined {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  const value = Number(clean);
  return value > 0 && value <= 1_000_000 ? value : undefined;
}

/** Coefficients of four decimals, above 0, at most 1000. */
export function parseCoefficient(text: string): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,4})?$/.test(clean)) return undefined;
  const value = Number(clean);
  return value > 0 && value <= 1000 ? value : undefined;
}

export type RequestProblem = 'missing' | 'invalidAmount' | 'invalidCoefficient' | 'sameProduct';

/** The known values as the options call takes them, or what stops them from being sent. */
export function buildRequest(
  type: CalculationType,
  inputs: Line[],
  outputs: Line[],
  coefficientText: string,
): { ok: true; request: ConversionQuery } | { ok: false; problem: RequestProblem } {
  const known = knownValues(type);
  const sides = [
    { lines: inputs, amounts: known.inputs },
    { lines: outputs, amounts: known.outputs },
  ];
  for (const { lines, amounts } of sides) {
    if (lines.some((l) => l.productId === null || (amounts && l.amount.trim() === ''))) {
      return { ok: false, problem: 'missing' };
    }
  }
  if (known.coefficient && coefficientText.trim() === '') return { ok: false, problem: 'missing' };
  for (const { lines, amounts } of sides) {
    if (amounts && lines.some((l) => parseAmount(l.amount) === undefined)) {
      return { ok: false, problem: 'invalidAmount' };
    }
  }
  const coefficient = known.coefficient ? parseCoefficient(coefficientText) : undefined;
  if (known.coefficient && coefficient === undefined) return { ok: false, problem: 'invalidCoefficient' };
  const ids = [...inputs, ...outputs].map((l) => l.productId);
  if (new Set(ids).size !== ids.length) return { ok: false, problem: 'sameProduct' };
  const side = (lines: Line[], amounts: boolean) =>
    lines.map((l) => ({
      product_id: l.productId as number,
      amount: amounts ? parseAmount(l.amount) : undefined,
    }));
  return {
    ok: true,
    request: {
      calculation_type: type,
      inputs: side(inputs, known.inputs),
      outputs: side(outputs, known.outputs),
      ...(coefficient === undefined ? {} : { coefficient }),
    },
  };
}

const total = (lines: Line[]) =>
  lines.reduce((sum, l) => sum + Math.round((parseAmount(l.amount) ?? 0) * 100), 0) / 100;

/**
 * What the typed values already tell, before the server is asked: the coefficient of known inputs
 * and outputs, or the total the coefficient gives on the other side (domain.md §3.3).
 */
export function preview(
  type: CalculationType,
  inputs: Line[],
  outputs: Line[],
  coefficientText: string,
): { kind: 'coefficient' | 'outputTotal' | 'inputTotal'; value: number } | undefined {
  const inTotal = total(inputs);
  const outTotal = total(outputs);
  const coefficient = parseCoefficient(coefficientText);
  if (type === 'knowInputOutput') {
    return inTotal > 0 && outTotal > 0
      ? { kind: 'coefficient', value: roundCoefficient(outTotal / inTotal) }
      : undefined;
  }
  if (coefficient === undefined) return undefined;
  if (type === 'knowInputKoeficient') {
    return inTotal > 0
      ? { kind: 'outputTotal', value: Math.round(inTotal * coefficient * 100) / 100 }
      : undefined;
  }
  return outTotal > 0
    ? { kind: 'inputTotal', value: Math.round((outTotal / coefficient) * 100) / 100 }
    : undefined;
}
