import { firstDirection, orderSorts } from '@letokruh/contracts/order-sort';
import type { Target } from './report.ts';

type SortCall = { name: string; label: string; paths: string[]; target: Target };
type Probe = (pathname: string) => Promise<{ status: number; body: Buffer }>;

/**
 * Decision 0027: a deep page of the order list in each sort, by keyset (`after` = the `next_after` of the
 * page before it, fetched once here) and by OFFSET, and by keyset with the common filters (the
 * calendar's busiest warehouse, open orders). Each sort in the way its header first sorts.
 */
export async function orderSortCalls(options: {
  probe: Probe;
  deepPage: number;
  perPage: number;
  warehouseId: number;
  wanted: (name: string) => boolean;
}): Promise<SortCall[]> {
  const { deepPage, perPage } = options;
  const list: Target = { kind: 'latency', p95: 100, p99: 250, asFastAs: 'orders_first_page' };
  const calls: SortCall[] = [];
  for (const sort of orderSorts) {
    const direction = firstDirection[sort];
    for (const filtered of [false, true]) {
      const query = new URLSearchParams({ sort, direction, per_page: String(perPage) });
      if (filtered) {
        query.set('warehouse', String(options.warehouseId));
        query.set('state', 'not_done');
      }
      const suffix = filtered ? '_filtered' : '';
      const page = Math.max(2, deepPage);
      const keysetName = `orders_sort_${sort}_keyset${suffix}`;
      if (options.wanted(keysetName)) {
        const before = new URLSearchParams(query);
        before.set('current_page', String(page - 1));
        const answer = await options.probe(`/api/orders?${before}`);
        const next =
          answer.status === 200 ? (JSON.parse(answer.body.toString()).next_after as string | null) : null;
        if (next) {
          const at = new URLSearchParams(query);
          at.set('current_page', String(page));
          at.set('after', next);
          calls.push({
            name: keysetName,
            label: `order list by ${sort} ${direction}${filtered ? ', warehouse + open' : ''}, keyset page ${page}`,
            paths: [`/api/orders?${at}`],
            target: list,
          });
        }
      }
      const offsetName = `orders_sort_${sort}_offset${suffix}`;
      if (options.wanted(offsetName)) {
        const at = new URLSearchParams(query);
        at.set('current_page', String(page));
        calls.push({
          name: offsetName,
          label: `order list by ${sort} ${direction}${filtered ? ', warehouse + open' : ''}, offset page ${page}`,
          paths: [`/api/orders?${at}`],
          target: list,
        });
      }
    }
  }
  return calls;
}
