import { PlaceholderPage } from '../../ui/placeholder-page';

/** To be built (issue 5). */
export function OrdersPage() {
  return <PlaceholderPage titleKey="titles.orders" />;
}
