import type { Order } from '@letokruh/contracts/orders';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { calendarFullOrdersQuery } from '../order-steps/api';

/**
 * "Tisk dne" (decision 0014): the driver's day sheet needs what the lean week leaves out (phones,
 * addresses, goods, what to collect), so the day's whole orders are loaded when it is asked for,
 * then the sheet is drawn (hidden on screen) and printed (decision 0049).
 */
export function usePrintDay(date: string, warehouses: number[]) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<{ date: string; orders: Order[]; printed: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!sheet || sheet.printed) return;
    setSheet({ ...sheet, printed: true });
    window.print();
  }, [sheet]);
  const start = useCallback(async () => {
    setPending(true);
    try {
      const q = calendarFullOrdersQuery({ warehouses, dates: [date], combined: false });
      const orders = await queryClient.fetchQuery({ ...q, staleTime: 0 });
      setSheet({ date, orders: orders as Order[], printed: false });
    } catch (error) {
      notifications.show({ color: 'red', message: t(errorKey(error)) });
    } finally {
      setPending(false);
    }
  }, [date, warehouses, queryClient, t]);
  return { start, pending, date: sheet?.date ?? date, orders: sheet?.date === date ? sheet.orders : null };
}
