import { driverEndpoints as e } from '@letokruh/contracts/endpoints/driver';
import { warehousesEndpoints as warehouses } from '@letokruh/contracts/endpoints/warehouses';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** Query keys of the driver's day (issue 17 §1). */
export const driverKey = ['driver'] as const;

/** GET /driver/day: the driver's (or, for the office, a chosen driver's) day and the next. */
export const driverDayQuery = (query: { date?: string; driver?: number }) =>
  queryOptions({
    queryKey: [...driverKey, 'day', query],
    queryFn: ({ signal }) => call(e.day, { query, signal }),
    // A driver on the road looks again now and then: what the office changed comes in.
    refetchInterval: 60_000,
  });

/** The drivers the office may look at. */
export const officeDriversQuery = queryOptions({
  queryKey: [...driverKey, 'drivers'],
  queryFn: ({ signal }) => call(warehouses.drivers, { signal }).then((a) => a.items),
  staleTime: 60_000,
});

/**
 * GET /driver/order/:id/qr_payment: the QR of a transfer order for its own supplier, shown big at
 * the door. Kept for the session: the payment does not change while the driver is on the road.
 */
export const driverQrQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...driverKey, 'qr', orderId],
    queryFn: ({ signal }) => call(e.qrPayment, { params: { id: orderId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
