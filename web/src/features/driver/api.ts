import type { DriverDayAnswer } from '@letokruh/contracts/driver';
import type { QrPayment } from '@letokruh/contracts/payments';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { isNetworkError, keepQr, keptDriverDay, keptQr } from '../../lib/driver-offline';
import { driverEndpoints as e, warehousesEndpoints as warehouses } from '../../lib/routes';

/** Query keys of the driver's day (domain.md §2.11). */
export const driverKey = ['driver'] as const;

/** The day as shown: `kept_at` is set when it comes from the phone (no signal), with its time. */
export type ShownDay = DriverDayAnswer & { kept_at: string | null };

/**
 * GET /driver/day: the driver's (or, for the office, a chosen driver's) day and the next. Without
 * a signal the driver's own day kept on the phone answers (decision 0078), marked with its time.
 */
export const driverDayQuery = (query: { date?: string; driver?: number }) =>
  queryOptions({
    queryKey: [...driverKey, 'day', query],
    queryFn: async ({ signal }): Promise<ShownDay> => {
      try {
        return { ...(await call(e.day, { query, signal })), kept_at: null };
      } catch (error) {
        const kept = query.driver === undefined && isNetworkError(error) ? await keptDriverDay() : undefined;
        if (!kept) throw error;
        return { ...kept.day, kept_at: kept.savedAt };
      }
    },
    // A driver on the road looks again now and then: what the office changed comes in.
    refetchInterval: 60_000,
    // The boot asks for it with the session (decision 0095): the page's first render reads that
    // answer instead of asking again.
    staleTime: 10_000,
    networkMode: 'always',
    retry: (count, error) => !isNetworkError(error) && count < 2,
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
    queryFn: async ({ signal }): Promise<QrPayment> => {
      try {
        const qr = await call(e.qrPayment, { params: { id: orderId }, signal });
        await keepQr(orderId, qr).catch(() => undefined);
        return qr;
      } catch (error) {
        // Without a signal, the QR kept with the day (decision 0078).
        const kept = isNetworkError(error) ? await keptQr(orderId) : undefined;
        if (!kept) throw error;
        return kept;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
