import { defaultVat, vatRates } from '@letokruh/contracts/products';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { label: string; value: number; onChange: (vat: number) => void; w?: number };

/** VAT of part 2 §9: 0, 10, 13, 15, 20 or 21 %, 21 by default. */
export function VatSelect({ label, value, onChange, w }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      allowDeselect={false}
      data={vatRates.map((v) => ({ value: String(v), label: t('products.vatRate', { vat: v }) }))}
      value={String(value)}
      onChange={(v) => onChange(v === null ? defaultVat : Number(v))}
      w={w}
    />
  );
}
