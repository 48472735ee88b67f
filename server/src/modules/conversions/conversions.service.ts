import {
  type ConversionQuery,
  type ConversionSubmit,
  maxCoefficient,
  minCoefficient,
} from '@letokruh/contracts/conversions';
import { conversionOptions, roundCoefficient } from '@letokruh/contracts/rules/conversion';
import { roundMoney } from '@letokruh/contracts/rules/money';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badInput, conflict } from '../../plugins/errors.ts';
import { findProduct } from '../products/products.service.ts';
import { changeStock, keepProduct, stockAmounts } from '../stock/stock.service.ts';
import { requireWarehouse } from '../warehouses/warehouses.service.ts';
import * as q from './conversions.queries.ts';

type Side = { product_id: number; amount?: number | undefined }[];
type ProductRef = { id: number; name: string; measurement_unit: string; hidden: boolean };

/** The products of both sides; an unknown one is bad input of the side that names it. */
async function loadProducts(db: DbOrTx, inputs: Side, outputs: Side): Promise<Map<number, ProductRef>> {
  const products = new Map<number, ProductRef>();
  for (const [field, side] of [
    ['inputs', inputs],
    ['outputs', outputs],
  ] as const) {
    for (const line of side) {
      const row = await findProduct(db, line.product_id);
      if (!row) throw badInput(`No product ${line.product_id}`, [field]);
      products.set(row.id, {
        id: row.id,
        name: row.name,
        measurement_unit: row.measurementUnit,
        hidden: row.hidden,
      });
    }
  }
  return products;
}

const ref = (p: ProductRef) => ({ id: p.id, name: p.name, measurement_unit: p.measurement_unit });

/** GET /warehouse/{id}/product_conversions: the options of domain.md §3.3 the stock covers. */
export async function conversionOptionsFor(db: DbOrTx, warehouseId: number, query: ConversionQuery) {
  await requireWarehouse(db, warehouseId);
  const products = await loadProducts(db, query.inputs, query.outputs);
  const stock = await stockAmounts(db, warehouseId, [...products.keys()]);
  const known = (side: Side) => side.map((l) => ({ ...l, stock: stock.get(l.product_id) ?? 0 }));
  const options = conversionOptions({
    calculation_type: query.calculation_type,
    inputs: known(query.inputs),
    outputs: known(query.outputs),
    coefficient: query.coefficient,
  });
  const enrich = (lines: { product_id: number; amount: number }[]) =>
    lines.map((l) => ({
      product: ref(products.get(l.product_id)!),
      amount: l.amount,
      stock: stock.get(l.product_id) ?? 0,
    }));
  const items = options.map((o) => ({
    inputs: enrich(o.inputs),
    outputs: enrich(o.outputs),
    coefficient: o.coefficient,
  }));
  return { items, error: items.length === 0 };
}

const cents = (side: { amount: number }[]) => side.reduce((a, l) => a + Math.round(l.amount * 100), 0);

/**
 * The conversion rule (domain.md §3.3), held on submit as the calculator holds it (decision 0022): the
 * coefficient out ÷ in lies within the coefficient's bounds, and a given coefficient is the one
 * the amounts obey (the computed side's total is the known side's times or divided by it, rounded
 * to hundredths, as `conversionOptions` computes it). So no submit makes stock out of nothing or
 * a coefficient the column cannot hold. Answers the coefficient to store.
 */
function checkRule(input: ConversionSubmit): number {
  const inCents = cents(input.inputs);
  const outCents = cents(input.outputs);
  const coefficient = roundCoefficient(outCents / inCents);
  if (!(coefficient >= minCoefficient && coefficient <= maxCoefficient)) {
    throw badInput(
      `Outputs ÷ inputs must lie between ${minCoefficient} and ${maxCoefficient}, not ${outCents / inCents}`,
      ['outputs'],
    );
  }
  const given = input.coefficient;
  if (input.calculation_type === 'knowInputKoeficient' && Math.round(inCents * (given ?? 0)) !== outCents) {
    throw badInput('The outputs are not the inputs times the coefficient', ['outputs']);
  }
  if (input.calculation_type === 'knowOutputKoeficient' && Math.round(outCents / (given ?? 1)) !== inCents) {
    throw badInput('The inputs are not the outputs divided by the coefficient', ['inputs']);
  }
  return coefficient;
}

/**
 * PUT /warehouse/{id}/product_conversion/submit: one conversion row, its items and one ledger row
 * per product, in one transaction. Inputs must be in stock (409 otherwise); an output the warehouse
 * does not keep yet is added to it. Stock rows are changed in product order, so two conversions
 * never wait on each other crosswise.
 */
export async function submitConversion(
  db: Db,
  userId: number,
  warehouseId: number,
  submitted: ConversionSubmit,
) {
  // The schema lets float noise through (0.1 + 0.2); what is stored and answered is hundredths.
  const hundredths = (side: ConversionSubmit['inputs']) =>
    side.map((l) => ({ ...l, amount: roundMoney(l.amount) }));
  const input = {
    ...submitted,
    inputs: hundredths(submitted.inputs),
    outputs: hundredths(submitted.outputs),
  };
  const coefficient = checkRule(input);
  return db.transaction(async (tx) => {
    await requireWarehouse(tx, warehouseId);
    const products = await loadProducts(tx, input.inputs, input.outputs);
    const offOffer = input.outputs.filter((l) => products.get(l.product_id)!.hidden);
    if (offOffer.length) throw badInput('An output product is no longer on offer', ['outputs']);
    const kept = await stockAmounts(tx, warehouseId, [...products.keys()]);
    const missing = input.inputs.filter((l) => !kept.has(l.product_id));
    if (missing.length)
      throw conflict(`Not in this warehouse's stock: ${missing.map((l) => l.product_id).join(', ')}`);
    for (const line of input.outputs) await keepProduct(tx, warehouseId, line.product_id);
    const conversion = await q.insertConversion(tx, {
      warehouseId,
      calculationType: input.calculation_type,
      coefficient,
      createdBy: userId,
      items: [
        ...input.inputs.map((l) => ({ side: 'input' as const, productId: l.product_id, amount: l.amount })),
        ...input.outputs.map((l) => ({ side: 'output' as const, productId: l.product_id, amount: l.amount })),
      ],
    });
    const changes = [
      ...input.inputs.map((l) => ({ ...l, delta: -l.amount, side: 'inputs' as const })),
      ...input.outputs.map((l) => ({ ...l, delta: l.amount, side: 'outputs' as const })),
    ].sort((a, b) => a.product_id - b.product_id);
    const after = new Map<number, number>();
    for (const change of changes) {
      const amount = await changeStock(tx, {
        warehouseId,
        productId: change.product_id,
        delta: change.delta,
        reason: 'conversion',
        userId,
        conversionId: conversion.id,
      });
      after.set(change.product_id, amount);
    }
    const done = (side: { product_id: number; amount: number }[]) =>
      side.map((l) => ({
        product: ref(products.get(l.product_id)!),
        amount: l.amount,
        amount_after: after.get(l.product_id)!,
      }));
    return {
      id: conversion.id,
      warehouse_id: warehouseId,
      calculation_type: input.calculation_type,
      coefficient,
      inputs: done(input.inputs),
      outputs: done(input.outputs),
      created: conversion.createdAt.toISOString(),
    };
  });
}

export const productsInConversions = (db: DbOrTx, productIds: number[]) =>
  q.findProductsInConversions(db, productIds);
