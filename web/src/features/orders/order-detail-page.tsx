import { PlaceholderPage } from '../../ui/placeholder-page';

/** To be built (issue 5). */
export function OrderDetailPage() {
  return <PlaceholderPage titleKey="titles.orderDetail" />;
}
