import type { ConversionQuery, ConversionSubmit } from '@letokruh/contracts/conversions';
import type { ProductStock } from '@letokruh/contracts/stock';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type ProductRef = { id: number; name: string; measurement_unit: string };
export type OptionLine = { product: ProductRef; amount: number; stock: number };
export type ConversionOptionItem = { inputs: OptionLine[]; outputs: OptionLine[]; coefficient: number };
export type ConversionOptions = { items: ConversionOptionItem[]; error: boolean };
export type Conversion = {
  id: number;
  inputs: { product: ProductRef; amount: number; amount_after: number }[];
  outputs: { product: ProductRef; amount: number; amount_after: number }[];
};

export const conversionsKey = ['conversions'] as const;

export const warehouseNameQuery = (id: number) =>
  queryOptions({
    queryKey: [...conversionsKey, 'warehouse', id],
    queryFn: ({ signal }) =>
      api<{ item: { id: number; name: string } }>('GET', `/warehouse/${id}`, { signal }).then((a) => a.item),
  });

/** The warehouse's whole stock: the inputs are taken from it (one page of 1000, part 2 §9). */
export const stockQuery = (id: number) =>
  queryOptions({
    queryKey: [...conversionsKey, 'stock', id],
    queryFn: ({ signal }) =>
      api<{ items: ProductStock[] }>('GET', `/warehouse/${id}/product_stock`, {
        query: { current_page: 1, per_page: 1000 },
        signal,
      }).then((a) => a.items),
  });

/** Products on offer: an output may be one the warehouse does not keep yet (DESIGN §3). */
export const offeredProductsQuery = queryOptions({
  queryKey: [...conversionsKey, 'offered'],
  queryFn: ({ signal }) =>
    api<{ items: ProductRef[] }>('GET', '/unhidden_products', { signal }).then((a) => a.items),
  staleTime: 60_000,
});

/** A side in the query string: `12:3.5,14` (docs/decisions/0008-product-conversion.md "The calculation in a query string"). */
const side = (lines: { product_id: number; amount?: number | undefined }[]) =>
  lines.map((l) => (l.amount === undefined ? `${l.product_id}` : `${l.product_id}:${l.amount}`)).join(',');

export const fetchConversionOptions = (warehouseId: number, request: ConversionQuery) =>
  api<ConversionOptions>('GET', `/warehouse/${warehouseId}/product_conversions`, {
    query: {
      calculation_type: request.calculation_type,
      inputs: side(request.inputs),
      outputs: side(request.outputs),
      coefficient: request.coefficient,
    },
  });

export const submitConversion = (warehouseId: number, body: ConversionSubmit) =>
  api<{ item: Conversion }>('PUT', `/warehouse/${warehouseId}/product_conversion/submit`, { body }).then(
    (a) => a.item,
  );
