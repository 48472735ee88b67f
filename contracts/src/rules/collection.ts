/**
 * Personal collection (domain.md §1.2 step 3 "driver (or personal collection)", decision 0031): a planned
 * order without a driver. The customer fetches the goods at the warehouse, so the order has no
 * car, no travel blocks and no transport price, and it never clashes with a driver's or a car's
 * other orders. A draft (no delivery day yet) is not a collection: its driver is not chosen yet.
 */
export function isPersonalCollection(order: {
  driver: unknown;
  expected_delivery_date: string | null;
}): boolean {
  return order.driver === null && order.expected_delivery_date !== null;
}

/**
 * Minutes of each travel block: the one-way `duration`, none for a personal collection (nobody
 * drives). `duration` itself stays the route from the warehouse, shown beside the distance.
 */
export function travelOf(order: {
  driver: unknown;
  expected_delivery_date: string | null;
  duration: number;
}): number {
  return isPersonalCollection(order) ? 0 : order.duration;
}

/** What the intern save clears on a personal collection (reported back as `cleared`). */
export const collectionClears = ['car_id', 'delivery_price_amount', 'minimim_delivery_price'] as const;
export type CollectionCleared = (typeof collectionClears)[number];
