import type { CalculationPayload } from '@letokruh/contracts/calculations';
import type { Currency } from '@letokruh/contracts/rules/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { calculationsEndpoints as e } from '../../lib/routes';

/** The calls of the calculations page (domain.md §3.3 Calculations page), under view_calculation. */

export const calculationWarehousesQuery = queryOptions({
  queryKey: ['calculation', 'warehouses'],
  queryFn: ({ signal }) => call(e.warehouses, { signal }).then((a) => a.items),
  staleTime: 60_000,
});

export const calculationProductsQuery = (warehouseId: number, currency: Currency) =>
  queryOptions({
    queryKey: ['calculation', 'products', warehouseId, currency],
    queryFn: ({ signal }) =>
      call(e.products, { query: { warehouse_id: warehouseId, currency }, signal }).then(
        (a) => a.products_types,
      ),
    staleTime: 60_000,
  });

/** The quote, asked again whenever the (debounced) payload changes. */
export const quoteQuery = (payload: CalculationPayload) =>
  queryOptions({
    queryKey: ['calculation', 'quote', payload],
    queryFn: ({ signal }) => call(e.quote, { body: payload, signal }),
    placeholderData: keepPreviousData,
  });

export const orderFromQuote = (payload: CalculationPayload) => call(e.order, { body: payload });
