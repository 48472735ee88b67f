import { PlaceholderPage } from '../../ui/placeholder-page';

/** To be built (issue 5). */
export function OrderInternPage() {
  return <PlaceholderPage titleKey="titles.orderIntern" />;
}
