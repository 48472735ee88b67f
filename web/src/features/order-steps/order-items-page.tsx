import { PlaceholderPage } from '../../ui/placeholder-page';

/** To be built (issue 5). */
export function OrderItemsPage() {
  return <PlaceholderPage titleKey="titles.orderItems" />;
}
