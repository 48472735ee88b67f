import { PlaceholderPage } from '../../ui/placeholder-page';

/** To be built (issue 5). */
export function OrderCustomerPage() {
  return <PlaceholderPage titleKey="titles.orderCustomer" />;
}
