import type { ConversionQuery, ConversionSubmit } from '@letokruh/contracts/conversions';
import type { AnswerOf } from '@letokruh/contracts/endpoint';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import {
  conversionsEndpoints as e,
  productsEndpoints,
  stockEndpoints,
  warehousesEndpoints,
} from '../../lib/routes';

export type ConversionOptions = AnswerOf<typeof e.options>;
export type ConversionOptionItem = ConversionOptions['items'][number];
export type OptionLine = ConversionOptionItem['inputs'][number];
export type ProductRef = OptionLine['product'];
export type Conversion = AnswerOf<typeof e.submit>['item'];

export const conversionsKey = ['conversions'] as const;

export const warehouseNameQuery = (id: number) =>
  queryOptions({
    queryKey: [...conversionsKey, 'warehouse', id],
    queryFn: ({ signal }) => call(warehousesEndpoints.detail, { params: { id }, signal }).then((a) => a.item),
  });

/** The warehouse's whole stock: the inputs are taken from it (one page of 1000, domain.md §2.9). */
export const stockQuery = (id: number) =>
  queryOptions({
    queryKey: [...conversionsKey, 'stock', id],
    queryFn: ({ signal }) =>
      call(stockEndpoints.list, {
        params: { id },
        query: { current_page: 1, per_page: 1000 },
        signal,
      }).then((a) => a.items),
  });

/** Products on offer: an output may be one the warehouse does not keep yet (domain.md §3.3). */
export const offeredProductsQuery = queryOptions({
  queryKey: [...conversionsKey, 'offered'],
  queryFn: ({ signal }) => call(productsEndpoints.unhidden, { signal }).then((a) => a.items),
  staleTime: 60_000,
});

/** A side in the query string: `12:3.5,14` (docs/decisions/0008-product-conversion.md "The calculation in a query string"). */
const side = (lines: { product_id: number; amount?: number | undefined }[]) =>
  lines.map((l) => (l.amount === undefined ? `${l.product_id}` : `${l.product_id}:${l.amount}`)).join(',');

export const fetchConversionOptions = (warehouseId: number, request: ConversionQuery) =>
  call(e.options, {
    params: { id: warehouseId },
    query: {
      calculation_type: request.calculation_type,
      inputs: side(request.inputs),
      outputs: side(request.outputs),
      coefficient: request.coefficient,
    },
  });

export const submitConversion = (warehouseId: number, body: ConversionSubmit) =>
  call(e.submit, { params: { id: warehouseId }, body }).then((a) => a.item);
