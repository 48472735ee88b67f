/**
 * Product conversion maths (domain.md §3.3): inputs leave the warehouse's stock, outputs enter it, and
 * coefficient = output total ÷ input total in the products' units. Pure, shared by the server's
 * calculator and the web app's live preview. Amounts have two decimals; the work is in hundredths.
 */
export const calculationTypes = ['knowInputOutput', 'knowInputKoeficient', 'knowOutputKoeficient'] as const;
export type CalculationType = (typeof calculationTypes)[number];

export type ConversionLine = { product_id: number; amount: number };
export type KnownLine = { product_id: number; amount?: number | undefined; stock: number };
export type ConversionOption = { inputs: ConversionLine[]; outputs: ConversionLine[]; coefficient: number };

const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number) => cents / 100;
/** Coefficients carry four decimals. */
export const roundCoefficient = (value: number) => Math.round(value * 10_000) / 10_000;

/** The same total, evenly: leftover hundredths go to the first products. */
function evenSplit(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/** The same total in proportion to the weights (largest remainder), or nothing without weights. */
function proportionalSplit(total: number, weights: number[]): number[] | undefined {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return undefined;
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The ways to split a computed total among the products of one side: evenly, in proportion to
 * their stock (inputs only: the same share of each pile), and all on each one product in turn.
 * Products getting 0 are left out of an option; identical splits appear once.
 */
function splits(total: number, lines: KnownLine[], byStock: boolean): number[][] {
  const n = lines.length;
  const candidates: (number[] | undefined)[] = [evenSplit(total, n)];
  if (byStock)
    candidates.push(
      proportionalSplit(
        total,
        lines.map((l) => Math.max(0, toCents(l.stock))),
      ),
    );
  for (let k = 0; k < n; k++) candidates.push(lines.map((_, i) => (i === k ? total : 0)));
  const seen = new Set<string>();
  return candidates.filter((c): c is number[] => {
    if (!c) return false;
    const key = c.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const lines = (side: KnownLine[], cents: number[]): ConversionLine[] =>
  side.flatMap((l, i) => (cents[i]! > 0 ? [{ product_id: l.product_id, amount: fromCents(cents[i]!) }] : []));

/** The stock covers an option when no input takes more than its product's stock. */
export function covered(option: ConversionOption, stock: Map<number, number>): boolean {
  return option.inputs.every((l) => toCents(l.amount) <= toCents(stock.get(l.product_id) ?? 0));
}

/**
 * Every option the calculation allows and the stock covers; an empty list is domain.md's
 * "no option". Known amounts are required on the known side (the schema checks that).
 */
export function conversionOptions(request: {
  calculation_type: CalculationType;
  inputs: KnownLine[];
  outputs: KnownLine[];
  coefficient?: number | undefined;
}): ConversionOption[] {
  const { calculation_type: type, inputs, outputs } = request;
  const stock = new Map(inputs.map((l) => [l.product_id, l.stock]));
  const known = (side: KnownLine[]) => side.map((l) => toCents(l.amount ?? 0));
  const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0);
  let options: ConversionOption[];
  if (type === 'knowInputOutput') {
    const inCents = known(inputs);
    const outCents = known(outputs);
    if (sum(inCents) <= 0 || sum(outCents) <= 0) return [];
    options = [
      {
        inputs: lines(inputs, inCents),
        outputs: lines(outputs, outCents),
        coefficient: roundCoefficient(sum(outCents) / sum(inCents)),
      },
    ];
  } else {
    const coefficient = request.coefficient ?? 0;
    if (coefficient <= 0) return [];
    if (type === 'knowInputKoeficient') {
      const inCents = known(inputs);
      const total = Math.round(sum(inCents) * coefficient);
      if (total <= 0) return [];
      options = splits(total, outputs, false).map((split) => ({
        inputs: lines(inputs, inCents),
        outputs: lines(outputs, split),
        coefficient,
      }));
    } else {
      const outCents = known(outputs);
      const total = Math.round(sum(outCents) / coefficient);
      if (total <= 0) return [];
      options = splits(total, inputs, true).map((split) => ({
        inputs: lines(inputs, split),
        outputs: lines(outputs, outCents),
        coefficient,
      }));
    }
  }
  return options.filter((o) => covered(o, stock));
}
