import './audit-details.css';
import type { AuditItem } from '@letokruh/contracts/audit';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { changeDetails, isGroup } from './change-details';

/** The data of an audit row: labels and formatted values (decision 0088), never raw JSON. */
export function AuditDetails({ item }: { item: AuditItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shown = changeDetails(item, t, format);
  if (shown.length === 0) return <>{t('common.noValue')}</>;
  return (
    <dl className="audit-details" data-testid="audit-details">
      {shown.map((s, i) =>
        isGroup(s) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the fields of one row keep their order
          <div key={i} className="audit-group">
            <dt>{s.label}</dt>
            <dd>
              <ul>
                {s.rows.map((row, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one row keep their order
                  <li key={j}>{row.map((f) => `${f.label}: ${f.value}`).join(' · ')}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the fields of one row keep their order
          <div key={i}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
