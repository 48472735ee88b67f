import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { useTranslation } from 'react-i18next';

/**
 * What every colour and mark of the week means (decision 0081): the warehouses' colours (those of
 * the orders shown), the travel band, paid, delivered, personal collection, the open order, a
 * closure, a vacation and "+N".
 */
export function WeekLegend({ orders, showTravel }: { orders: CalendarEntry[]; showTravel: boolean }) {
  const { t } = useTranslation();
  const warehouses = [
    ...new Map(orders.flatMap((o) => (o.warehouse ? [[o.warehouse.id, o.warehouse] as const] : []))).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <ul className="week-legend" aria-label={t('dashboard.legend.title')} data-testid="week-legend">
      {warehouses.map((w) => (
        <li key={w.id}>
          <span className="legend-swatch" style={{ background: w.color }} aria-hidden />
          {w.name}
        </li>
      ))}
      {showTravel ? (
        <li>
          <span className="legend-travel" aria-hidden />
          {t('dashboard.legend.travel')}
        </li>
      ) : null}
      <li>
        <span className="legend-mark" aria-hidden>
          ✓
        </span>
        {t('dashboard.legend.paid')}
      </li>
      <li>
        <span className="legend-swatch legend-done" aria-hidden />
        {t('dashboard.legend.done')}
      </li>
      <li>
        <span className="legend-swatch legend-collection" aria-hidden />
        {t('dashboard.legend.collection')}
      </li>
      <li>
        <span className="legend-swatch legend-open" aria-hidden />
        {t('dashboard.legend.open')}
      </li>
      <li>
        <span className="legend-swatch legend-closure" aria-hidden />
        {t('dashboard.legend.closure')}
      </li>
      <li>
        <span className="legend-swatch legend-vacation" aria-hidden />
        {t('dashboard.legend.vacation')}
      </li>
      <li>
        <span className="legend-mark" aria-hidden>
          +N
        </span>
        {t('dashboard.legend.more')}
      </li>
    </ul>
  );
}
