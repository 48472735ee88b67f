import type {
  CalculationAnswer,
  CalculationPayload,
  CalculationWarehouse,
} from '@letokruh/contracts/calculations';
import type { AvailableProduct, ProductType } from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The calls of the calculations page (DESIGN §3 Calculations page), under view_calculation. */

export const calculationWarehousesQuery = queryOptions({
  queryKey: ['calculation', 'warehouses'],
  queryFn: ({ signal }) =>
    api<{ items: CalculationWarehouse[] }>('GET', '/calculation/warehouses', { signal }).then((a) => a.items),
  staleTime: 60_000,
});

export type ProductGroup = { name: ProductType; products: AvailableProduct[] };

export const calculationProductsQuery = (warehouseId: number, currency: Currency) =>
  queryOptions({
    queryKey: ['calculation', 'products', warehouseId, currency],
    queryFn: ({ signal }) =>
      api<{ products_types: ProductGroup[] }>('GET', '/calculation/products', {
        query: { warehouse_id: warehouseId, currency },
        signal,
      }).then((a) => a.products_types),
    staleTime: 60_000,
  });

/** The quote, asked again whenever the (debounced) payload changes. */
export const quoteQuery = (payload: CalculationPayload) =>
  queryOptions({
    queryKey: ['calculation', 'quote', payload],
    queryFn: ({ signal }) => api<CalculationAnswer>('POST', '/calculation', { body: payload, signal }),
    placeholderData: keepPreviousData,
  });

export const orderFromQuote = (payload: CalculationPayload) =>
  api<{ id: number }>('POST', '/calculation/order', { body: payload });
