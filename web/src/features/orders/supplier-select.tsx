import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCanListSuppliers } from '../../lib/reference-queries';
import { suppliersQuery } from './api';

export type SupplierOption = { id: number; name: string };

type Props = {
  value: number | null;
  onChange: (id: number | null) => void;
  /** The order's own supplier, choosable even when it has been removed since. */
  known?: SupplierOption[];
  error?: string | null;
};

/** The supplier whose name and account a delivery note or a QR payment carries. */
export function SupplierSelect({ value, onChange, known = [], error }: Props) {
  const { t } = useTranslation();
  const canList = useCanListSuppliers();
  const suppliers = useQuery({ ...suppliersQuery, enabled: canList });
  const options: SupplierOption[] = canList ? (suppliers.data ?? []) : known;
  // A removed supplier still named by the order stays choosable.
  const all = [...options, ...known.filter((k) => !options.some((o) => o.id === k.id))];
  return (
    <Select
      label={t('orders.documents.supplier')}
      required
      placeholder={t('orders.documents.supplierPlaceholder')}
      data={all.map((s) => ({ value: String(s.id), label: s.name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      error={error}
      nothingFoundMessage={t('orders.documents.noSuppliers')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
