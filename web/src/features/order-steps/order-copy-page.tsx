import { PlaceholderPage } from '../../ui/placeholder-page';

/** To be built (issue 5). */
export function OrderCopyPage() {
  return <PlaceholderPage titleKey="titles.orderCopy" />;
}
