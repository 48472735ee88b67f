import type { CalendarOrder } from '@letokruh/contracts/order-calendar';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/**
 * The driver's day sheet (decision 0014: "the day view prints as a clean driver's day sheet"): hidden on
 * screen, alone on paper. One page per driver (personal collections last), the day's orders by
 * time with what the driver needs at the door: customer and phone, address, goods, what to collect.
 */
export function DaySheet({ date, orders }: { date: string; orders: CalendarOrder[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const day = orders
    .filter((o) => o.expected_delivery_date === date && !o.hidden)
    .sort((a, b) => (a.expected_delivery_time ?? '').localeCompare(b.expected_delivery_time ?? ''));
  const groups = new Map<string, CalendarOrder[]>();
  for (const order of day) {
    const key = order.driver?.name ?? '';
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  const drivers = [...groups.keys()].sort((a, b) =>
    a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'cs'),
  );
  return (
    <div className="letokruh-day-sheet" data-testid="day-sheet">
      {drivers.length === 0 ? <p>{t('dashboard.sheet.empty', { day: format.day(date) })}</p> : null}
      {drivers.map((driver) => (
        <section key={driver || 'collection'}>
          <h2>
            {t('dashboard.sheet.title', { day: format.day(date) })} –{' '}
            {driver || t('dashboard.overlay.personalCollection')}
          </h2>
          <table>
            <thead>
              <tr>
                <th>{t('dashboard.sheet.time')}</th>
                <th>{t('dashboard.sheet.number')}</th>
                <th>{t('dashboard.sheet.customer')}</th>
                <th>{t('dashboard.sheet.address')}</th>
                <th>{t('dashboard.sheet.goods')}</th>
                <th>{t('dashboard.sheet.collect')}</th>
                <th>{t('dashboard.sheet.note')}</th>
              </tr>
            </thead>
            <tbody>
              {(groups.get(driver) ?? []).map((o) => (
                <tr key={o.id}>
                  <td>
                    {o.expected_delivery_time}
                    <br />
                    {o.car?.name ?? ''}
                  </td>
                  <td>{o.intern_id}</td>
                  <td>
                    {o.customer?.name}
                    {o.customer?.organization_name ? `, ${o.customer.organization_name}` : ''}
                    <br />
                    {o.customer ? format.phone(o.customer.whole_phone) : ''}
                  </td>
                  <td>{o.address?.full_address}</td>
                  <td>
                    {o.products.map((line) => (
                      <div key={line.id}>
                        {line.product.product.name} × {format.number(line.amount)}{' '}
                        {line.product.product.measurement_unit}
                      </div>
                    ))}
                  </td>
                  <td>
                    {o.collected_revenue_at
                      ? t('dashboard.flags.paid')
                      : o.payment_type === 'cash'
                        ? format.money(o.amount_to_pay, o.currency ?? undefined)
                        : t('dashboard.payment.qr_transfer')}
                  </td>
                  <td>{o.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
