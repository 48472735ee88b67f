import type { Order } from '@letokruh/contracts/orders';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/**
 * Decision 0031: what choosing personal collection (or a driver again) does to the delivery, said before
 * saving: the car, the travel blocks and the transport price go; a driver brings the default rate.
 */
export function CollectionNotice({
  collection,
  order,
  restored,
}: {
  collection: boolean;
  order: Order;
  restored: { rate: number; minimum: number } | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = order.currency ?? 'CZK';
  if (restored)
    return (
      <Alert color="blue" role="status">
        {t('orderSteps.intern.deliveryRestored', {
          rate: format.money(restored.rate, currency),
          minimum: format.money(restored.minimum, currency),
        })}
      </Alert>
    );
  if (!collection) return null;
  const price = order.delivery_price.price;
  return (
    <Alert color="blue" role="status" title={t('orderSteps.intern.personalCollection')}>
      {t('orderSteps.intern.collectionClears')}
      {order.car || price > 0
        ? ` ${t('orderSteps.intern.collectionClearsNow', {
            car: order.car?.name ?? t('orderSteps.intern.noCar'),
            price: format.money(price, currency),
          })}`
        : ''}
    </Alert>
  );
}
